// Which background checks a user gets (shell spec §6), and at which interval (§9).
import { describe, expect, it } from 'vitest';
import { routeByPath } from '../../../domain/routes';
import { FENCE_APPROVAL_PATH, isPollName, POLL_INTERVAL_MS, pollsOf } from '../../../domain/shell/polls';

const role = (roleName: string, superMan = false) => ({ roleName, superMan });

describe('polls of a session', () => {
  it('gives the fence check to 用户管理员 and 管理员 only', () => {
    expect(pollsOf({ roles: [role('用户管理员')] })).toEqual(['fences']);
    expect(pollsOf({ roles: [role('管理员')] })).toEqual(['fences']);
    expect(pollsOf({ roles: [role('调度员')] })).toEqual([]);
    expect(pollsOf({ roles: [role('园林局用户')] })).toEqual([]);
  });

  it('gives the heartbeat check to superMan users, whatever the role name', () => {
    expect(pollsOf({ roles: [role('运维', true)] })).toEqual(['heartbeat']);
    expect(pollsOf({ roles: [role('管理员', true)] })).toEqual(['fences', 'heartbeat']);
    expect(pollsOf({ roles: [role('调度员'), role('管理员', true)] })).toEqual(['fences', 'heartbeat']);
  });

  it('gives no check to a user without roles', () => {
    expect(pollsOf({ roles: [] })).toEqual([]);
  });

  it('polls both every 900000 ms and knows only the two names', () => {
    expect(POLL_INTERVAL_MS).toEqual({ fences: 900_000, heartbeat: 900_000 });
    expect(isPollName('fences')).toBe(true);
    expect(isPollName('heartbeat')).toBe(true);
    expect(isPollName('alarms')).toBe(false);
    expect(isPollName(1)).toBe(false);
  });

  it('leads the fence notice to the fence approval screen of the route table', () => {
    expect(routeByPath(FENCE_APPROVAL_PATH)).toMatchObject({ group: 'base_data', kind: 'settings' });
  });
});
