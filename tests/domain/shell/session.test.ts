// Session data from the login answer, its storage round trip, and who counts as a water-truck user.
import { describe, expect, it } from 'vitest';
import { isWaterTruckUser, parseStoredSession, sessionFromLogin } from '../../../domain/shell/session';
import type { LoginAnswer } from '../../../domain/wire/entities';

const ANSWER: LoginAnswer = {
  role: [{ roleName: '园林局用户', superMan: false }],
  userInfo: { id: 4, userName: 'garden', realName: '王园林', avatar: '', companyCode: 'C005' },
  'header-id': 'tok',
  userIn: { companyCodes: ['C005'], customer: true },
  lastLoginInfo: { ip: '10.0.0.2', area: '本地网络', time: 1_700_000_000_000 },
};

describe('session data', () => {
  it('keeps the login token as { id, userName } and the fields the spec lists', () => {
    expect(sessionFromLogin(ANSWER)).toEqual({
      token: { id: 4, userName: 'garden' }, headerId: 'tok', name: '王园林', avatar: '', roles: ANSWER.role,
      companyCode: 'C005', companyCodes: ['C005'], customer: true, lastLoginInfo: ANSWER.lastLoginInfo,
    });
  });

  it('keeps the idle limit the server advertises, and none from a server that sends none or nonsense', () => {
    const advertised = sessionFromLogin({ ...ANSWER, sessionIdleMs: 120_000 });
    expect(advertised.sessionIdleMs).toBe(120_000);
    expect(parseStoredSession(JSON.stringify(advertised))?.sessionIdleMs).toBe(120_000);
    expect('sessionIdleMs' in sessionFromLogin(ANSWER)).toBe(false);
    const odd = { ...ANSWER, sessionIdleMs: '30' } as unknown as LoginAnswer;
    expect('sessionIdleMs' in sessionFromLogin(odd)).toBe(false);
  });

  it('reads back what it stored, and refuses anything else', () => {
    const session = sessionFromLogin(ANSWER);
    expect(parseStoredSession(JSON.stringify(session))).toEqual(session);
    expect(parseStoredSession(null)).toBeUndefined();
    expect(parseStoredSession('{')).toBeUndefined();
    expect(parseStoredSession(JSON.stringify({ ...session, headerId: '' }))).toBeUndefined();
    expect(parseStoredSession(JSON.stringify({ ...session, roles: [{ roleName: 1 }] }))).toBeUndefined();
  });

  it('treats the 园林局用户 role and the configured user names as water-truck users', () => {
    const garden = sessionFromLogin(ANSWER);
    const other = sessionFromLogin({ ...ANSWER, role: [{ roleName: '调度员', superMan: false }], userInfo: { ...ANSWER.userInfo, userName: 'sprinkler01' } });
    expect(isWaterTruckUser(garden, [])).toBe(true);
    expect(isWaterTruckUser(other, [])).toBe(false);
    expect(isWaterTruckUser(other, ['sprinkler01'])).toBe(true);
  });
});
