// PUT /userInfoPwd with the old password in the body, under both contracts: required in legacy mode (no /verifyPwd),
// an alternative to a right /verifyPwd in ours; a wrong one is a failed attempt of the login limits.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashMd5, md5Hex, verifyMd5 } from '../../../server/auth/passwords';
import { ROLE } from '../../../server/seed/accounts';
import { call, login } from '../../helpers/api';
import { startServer, type RunningServer } from '../../helpers/server';

const OLD_PWD_ERROR = { resultCode: 400, message: '原密码错误', data: null };
const CHANGED = { resultCode: 200, message: '密码修改成功', data: null };

describe.each(['ours', 'legacy'] as const)('password change with oldPwd (%s contract)', (contract) => {
  let server: RunningServer;
  let made = 0;
  beforeAll(async () => {
    server = await startServer({ contract });
  });
  afterAll(() => server.close());

  /** A dispatcher of its own with this password, logged in: its id, name and header-id. */
  async function user(password: string): Promise<{ id: number; userName: string; token: string }> {
    const { db } = server.services;
    const role = await db.selectFrom('role').select('id').where('roleName', '=', ROLE.dispatcher).executeTakeFirstOrThrow();
    const userName = `pwd-${contract}-${(made += 1)}`;
    const { id } = await db
      .insertInto('appUser')
      .values({
        userName, realName: '', roleId: role.id, companyCode: 'C002', passwordHash: await hashMd5(md5Hex(password)),
        status: 1, avatar: '', lastLoginIp: null, lastLoginArea: null, lastLoginTime: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const answer = await call<{ 'header-id': string }>(server.url, 'POST', '/login', { form: { username: userName, password } });
    if (answer.resultCode !== 200) throw new Error(`login ${userName}: ${answer.message}`);
    return { id, userName, token: answer.data['header-id'] };
  }
  const change = (token: string, form: Record<string, string | number>) => call(server.url, 'PUT', '/userInfoPwd', { token, form });
  const failures = async (userName: string) =>
    server.services.db.selectFrom('authFailure').select('ip').where('userName', '=', userName).execute();
  const storedHash = async (id: number) =>
    (await server.services.db.selectFrom('appUser').select('passwordHash').where('id', '=', id).executeTakeFirstOrThrow()).passwordHash;

  it('changes the password when the PUT carries the right old password', async () => {
    const { id, userName, token } = await user('first-pass1');
    expect(await change(token, { id, pwd: md5Hex('second-pass2'), oldPwd: md5Hex('first-pass1') })).toEqual(CHANGED);
    const relogin = await call(server.url, 'POST', '/login', { form: { username: userName, password: 'second-pass2' } });
    expect(relogin.resultCode).toBe(200);
  });

  it('refuses a wrong or missing old password with oldPwdError; only the wrong one is a failed attempt, and a right one clears it', async () => {
    const { id, userName, token } = await user('first-pass1');
    const before = await storedHash(id);
    expect(await change(token, { id, pwd: md5Hex('stolen-99'), oldPwd: md5Hex('guess-1') })).toEqual(OLD_PWD_ERROR);
    expect(await change(token, { id, pwd: md5Hex('stolen-99') })).toEqual(OLD_PWD_ERROR);
    expect(await failures(userName)).toHaveLength(1);
    expect(await storedHash(id)).toBe(before);

    expect(await change(token, { id, pwd: md5Hex('second-pass2'), oldPwd: md5Hex('first-pass1') })).toEqual(CHANGED);
    expect(await failures(userName)).toHaveLength(0);
    expect(await verifyMd5(md5Hex('second-pass2'), await storedHash(id))).toBe(true);
  });

  it('answers 429 once this address used up its failures for the user, even to the right old password', async () => {
    const { id, userName, token } = await user('first-pass1');
    await change(token, { id, pwd: md5Hex('stolen-99'), oldPwd: md5Hex('guess-1') });
    const [first] = await failures(userName);
    const ip = first?.ip ?? expect.unreachable('the wrong old password left a failure');
    const { maxPerUser } = server.services.rateLimit;
    await server.services.db
      .insertInto('authFailure')
      .values(Array.from({ length: maxPerUser - 1 }, () => ({ userName, ip, at: Date.now() })))
      .execute();
    const refused = await change(token, { id, pwd: md5Hex('second-pass2'), oldPwd: md5Hex('first-pass1') });
    expect(refused.resultCode).toBe(429);
    expect(await verifyMd5(md5Hex('first-pass1'), await storedHash(id))).toBe(true);
  });

  it('refuses to change another user’s password, whatever the old password', async () => {
    const { token } = await user('first-pass1');
    const admin = await login(server.url, 'admin');
    const answer = await change(token, { id: admin.answer.userInfo.id, pwd: md5Hex('hacked-1'), oldPwd: md5Hex('admin123') });
    expect(answer.resultCode).toBe(401);
  });

  it.runIf(contract === 'ours')('still takes a change without oldPwd after a right POST /verifyPwd, but not with a wrong oldPwd', async () => {
    const { id, token } = await user('first-pass1');
    expect(await call(server.url, 'POST', '/verifyPwd', { token, form: { id, oldPwd: md5Hex('first-pass1') } })).toMatchObject({ data: true });
    expect(await change(token, { id, pwd: md5Hex('stolen-99'), oldPwd: md5Hex('guess-1') })).toEqual(OLD_PWD_ERROR);
    expect(await change(token, { id, pwd: md5Hex('second-pass2') })).toEqual(CHANGED);
  });

  it.runIf(contract === 'legacy')('has no POST /verifyPwd, so a missing oldPwd is always refused', async () => {
    const { id, token } = await user('first-pass1');
    expect((await call(server.url, 'POST', '/verifyPwd', { token, form: { id, oldPwd: md5Hex('first-pass1') } })).resultCode).toBe(404);
    expect(await change(token, { id, pwd: md5Hex('second-pass2') })).toEqual(OLD_PWD_ERROR);
  });
});
