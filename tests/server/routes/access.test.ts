// Who may call these routes: each demo role against each call (table-driven), and header-id on every state change.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALLS, requiresHeaderId, type CallName } from '../../../domain/wire/calls';
import type { QuickVisit } from '../../../domain/wire/entities';
import { call, type CallOptions } from '../../helpers/api';
import { DEMO_USERS, startFleetServer, type DemoUser, type FleetServer } from './setup';

type Access = 'shell' | 'monitor' | 'device_analysis' | 'base_data';

/** Who holds each function in the seed: monitor reaches garden through its sprinkler routes. */
const GRANTED: Readonly<Record<Access, readonly DemoUser[]>> = {
  shell: ['admin', 'manager', 'operator', 'garden'],
  monitor: ['admin', 'manager', 'operator', 'garden'],
  device_analysis: ['admin', 'manager'],
  base_data: ['admin', 'manager'],
};

interface RouteCase {
  readonly name: CallName;
  readonly access: Access;
  /** A request the role's own data makes valid, so an allowed call answers 200. */
  readonly request: (fs: FleetServer, user: DemoUser) => CallOptions & { readonly id?: number };
}

/** The alarm each role can see: fixture 3 is C005's, the others C002's. */
const visibleAlarm = (fs: FleetServer, user: DemoUser) => fs.fleet.alarmSeqs[user === 'garden' ? 3 : 0] ?? -1;

const ROUTES: readonly RouteCase[] = [
  { name: 'quickVisitList', access: 'shell', request: (fs, u) => ({ query: { userId: fs.userId(u) } }) },
  { name: 'quickVisitAdd', access: 'shell', request: (fs, u) => ({ form: { userId: fs.userId(u), quickVisitUrl: '/dashboard', quickVisitName: '个人中心' } }) },
  { name: 'quickVisitRemove', access: 'shell', request: () => ({ query: { id: 999_999 } }) },
  { name: 'alarmInfo', access: 'shell', request: () => ({}) },
  { name: 'alarmCue', access: 'shell', request: (fs, u) => ({ form: { seq: visibleAlarm(fs, u) } }) },
  { name: 'saveAlarmChoice', access: 'shell', request: (fs, u) => ({ form: { id: 0, userId: fs.userId(u), alarmTypeIds: '2' } }) },
  { name: 'getTruckBarData', access: 'shell', request: () => ({ json: { userPri: [] } }) },
  { name: 'devicesAll', access: 'shell', request: () => ({}) },
  { name: 'onlineTruck', access: 'monitor', request: () => ({}) },
  { name: 'heartbeatInfo', access: 'device_analysis', request: () => ({}) },
  { name: 'heartbeatOvertime', access: 'device_analysis', request: () => ({}) },
  { name: 'fenceApprovalList', access: 'base_data', request: () => ({}) },
  { name: 'fenceApprovalTimer', access: 'base_data', request: () => ({}) },
  { name: 'fenceApprovalById', access: 'base_data', request: (fs) => ({ id: fs.fleet.fenceIds[0], form: { approvalStatus: 1 } }) },
  { name: 'fenceApprovalUpdate', access: 'base_data', request: (fs) => ({ form: { id: fs.fleet.fenceIds[0] ?? -1, name: '东城油库', type: 'circle', address: '' } }) },
];

function send(fs: FleetServer, route: RouteCase, user: DemoUser, auth: Pick<CallOptions, 'token' | 'cookie'>) {
  const { id, ...options } = route.request(fs, user);
  const { method, path } = CALLS[route.name];
  return call(fs.server.url, method, path.replace(':id', String(id)), { ...options, ...auth });
}

describe('route access', () => {
  let fs: FleetServer;

  beforeAll(async () => {
    fs = await startFleetServer();
  });
  afterAll(async () => fs.server.close());

  const matrix = ROUTES.flatMap((route) => DEMO_USERS.map((user) => [route.name, user, GRANTED[route.access].includes(user), route] as const));

  it.each(matrix)('%s as %s: allowed = %s', async (_name, user, allowed, route) => {
    const answer = await send(fs, route, user, { token: fs.as[user].token });
    if (allowed) expect(answer.resultCode, answer.message).toBe(200);
    else expect(answer).toEqual({ resultCode: 401, message: '您没有访问此功能的权限', data: null });
  });

  const changing = ROUTES.filter((route) => requiresHeaderId(CALLS[route.name]));

  it('treats exactly the non-GET calls as state changes', () => {
    expect(changing.map((r) => r.name)).toEqual([
      'quickVisitAdd', 'quickVisitRemove', 'alarmCue', 'saveAlarmChoice', 'getTruckBarData', 'fenceApprovalById', 'fenceApprovalUpdate',
    ]);
  });

  it.each(changing.map((route) => [route.name, route] as const))('answers %s without header-id with 504, even with the session cookie', async (_name, route) => {
    expect(await send(fs, route, 'admin', { cookie: fs.as.admin.token })).toEqual({ resultCode: 504, message: '登录已过期，请重新登录', data: null });
    expect((await send(fs, route, 'admin', {})).resultCode).toBe(504);
  });

  it('changes nothing on a call refused for a missing header-id', async () => {
    const form = { userId: fs.userId('garden'), quickVisitUrl: '/monitor/sprinkler_monitoring', quickVisitName: '洒水车监控' };
    await call(fs.server.url, 'POST', '/addUserQuickVisit', { cookie: fs.as.garden.token, form });
    const mine = await call<QuickVisit[]>(fs.server.url, 'GET', '/getUserQuickVisit', { cookie: fs.as.garden.token, query: { userId: fs.userId('garden') } });
    expect(mine.data.map((v) => v.quickVisitUrl)).not.toContain('/monitor/sprinkler_monitoring');
  });
});
