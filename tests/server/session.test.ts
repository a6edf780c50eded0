// Login, sessions, password change and check, against the real server and a fresh database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import type { LoginAnswer } from '../../domain/wire/entities';
import { CHALLENGE_REQUIRED } from '../../domain/wire/login-challenge';
import { answeredChallenge, API, call, login } from '../helpers/api';
import { startServer, type RunningServer } from '../helpers/server';

const md5 = (text: string) => createHash('md5').update(text).digest('hex');

describe('login', () => {
  let server: RunningServer;
  beforeAll(async () => {
    // One proxy hop trusted, so a test can call from an address of its own (X-Forwarded-For); without one it is 127.0.0.1.
    server = await startServer({ trustProxy: 1 });
  });
  afterAll(() => server.close());

  it('answers role, userInfo, header-id, userIn, lastLoginInfo and its idle limit, and sets an HttpOnly SameSite=Strict cookie', async () => {
    const response = await fetch(`${server.url}${API}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'username=%20operator%20&password=operator123&ip=&area=',
    });
    const body = (await response.json()) as { resultCode: number; data: LoginAnswer };
    expect(body.resultCode).toBe(200);
    expect(Object.keys(body.data).sort()).toEqual(['header-id', 'lastLoginInfo', 'role', 'sessionIdleMs', 'userIn', 'userInfo']);
    expect(body.data.sessionIdleMs).toBe(30 * 60_000);
    expect(body.data.role).toEqual([{ roleName: '调度员', superMan: false }]);
    expect(body.data.userInfo).toMatchObject({ userName: 'operator', realName: '李调度', companyCode: 'C002' });
    expect(body.data.userIn).toEqual({ companyCodes: ['C002'], customer: true });
    // 32 random bytes in base64url: 256 bits, well above the 128 asked for.
    expect(body.data['header-id']).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const cookie = response.headers.get('set-cookie') ?? '';
    expect(cookie).toContain(`sid=${body.data['header-id']}`);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
  });

  it('gives a superMan every company in userIn', async () => {
    const { answer } = await login(server.url, 'admin');
    expect(answer.userIn.companyCodes).toEqual(['C001', 'C002', 'C003', 'C004', 'C005']);
  });

  it('never answers a password or a hash', async () => {
    const { answer } = await login(server.url, 'admin');
    const text = JSON.stringify(answer);
    expect(text).not.toContain('admin123');
    expect(text).not.toContain(md5('admin123'));
    expect(text).not.toMatch(/scrypt|password/i);
  });

  it('tells the previous login in lastLoginInfo', async () => {
    const first = await login(server.url, 'manager');
    const second = await login(server.url, 'manager');
    expect(second.answer.lastLoginInfo.time).toBeGreaterThanOrEqual(Number(first.answer.lastLoginInfo.time));
    expect(second.answer.lastLoginInfo.ip).toBe('127.0.0.1');
  });

  it.each([
    ['zh', '用户名或密码错误'],
    ['en', 'Wrong user name or password'],
  ] as const)('refuses a wrong password with the same text as an unknown user (%s)', async (lang, text) => {
    // Each language from an address of its own: a third failure from one address would ask for a challenge.
    const headers = { 'x-forwarded-for': lang === 'zh' ? '198.51.100.1' : '198.51.100.2' };
    const wrong = await call(server.url, 'POST', '/login', { form: { username: 'garden', password: 'nope' }, lang, headers });
    const unknown = await call(server.url, 'POST', '/login', { form: { username: 'ghost', password: 'nope' }, lang, headers });
    expect(wrong).toEqual({ resultCode: 400, message: text, data: null });
    expect(unknown).toEqual(wrong);
  });

  it.each([
    [{ password: 'x' }, '缺少字段：username'],
    [{ username: 'admin' }, '缺少字段：password'],
    [{ username: '', password: 'x' }, '字段格式有误：username'],
  ])('answers %o with a message naming the field', async (form, message) => {
    expect(await call(server.url, 'POST', '/login', { form })).toEqual({ resultCode: 400, message, data: null });
  });

  it('answers the caller address without a session', async () => {
    const ip = await call<{ ip: string; area: string }>(server.url, 'GET', '/getIp', { lang: 'en' });
    expect(ip.data).toEqual({ ip: '127.0.0.1', area: 'Local network' });
  });
});

describe('rate limit', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ faults: true });
  });
  afterAll(() => server.close());

  it('refuses even the right password, and a right challenge, after 10 failures in 15 minutes', async () => {
    // Past the third failure each guess answers a challenge (auth/login-challenge.test.ts): the limit still holds.
    for (let i = 0; i < 10; i++) {
      const challenge = i >= 3 ? await answeredChallenge(server.url) : {};
      const answer = await call(server.url, 'POST', '/login', { form: { username: 'garden', password: `bad${i}`, ...challenge } });
      expect(answer.resultCode).toBe(400);
    }
    const right = await call(server.url, 'POST', '/login', { form: { username: 'garden', password: 'garden123', ...(await answeredChallenge(server.url)) } });
    expect(right).toEqual({ resultCode: 429, message: '尝试次数过多，请15分钟后再试', data: null });
  });
});

describe('rate limit under parallel guesses', () => {
  let server: RunningServer;
  beforeAll(async () => {
    // Thirty answered challenges from one address: more pictures than a minute gives it, so that only the lock stops them.
    server = await startServer({ faults: true, rateLimit: { challengesPerMinute: 30 } });
  });
  afterAll(() => server.close());

  it('counts guesses sent in parallel as they arrive: at most 3 passwords are checked, the others asked for a challenge', async () => {
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => call(server.url, 'POST', '/login', { form: { username: 'manager', password: `guess${i}` } })),
    );
    const codes = answers.map((a) => a.resultCode);
    expect(codes.filter((c) => c === 400).length).toBeLessThanOrEqual(3);
    expect(codes.filter((c) => c === CHALLENGE_REQUIRED).length).toBeGreaterThanOrEqual(27);
  });

  it('counts guesses with answered challenges sent in parallel as they arrive: at most 10 passwords are checked', async () => {
    const challenges = await Promise.all(Array.from({ length: 30 }, () => answeredChallenge(server.url)));
    const answers = await Promise.all(
      challenges.map((challenge, i) => call(server.url, 'POST', '/login', { form: { username: 'admin', password: `guess${i}`, ...challenge } })),
    );
    const codes = answers.map((a) => a.resultCode);
    expect(codes.filter((c) => c === 400).length).toBeLessThanOrEqual(10);
    expect(codes.filter((c) => c === 429).length).toBeGreaterThanOrEqual(20);
  });
});

describe('sessions', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ sessionIdleMs: 1_500, sessionMaxMs: 60_000 });
  });
  afterAll(() => server.close());

  it('advertises the configured idle limit in the login answer', async () => {
    const { answer } = await login(server.url, 'garden');
    expect(answer.sessionIdleMs).toBe(1_500);
  });

  it('answers 504 to an unknown token and to no token', async () => {
    expect((await call(server.url, 'GET', '/userPri', { token: 'x'.repeat(43) })).resultCode).toBe(504);
    expect((await call(server.url, 'GET', '/userPri')).resultCode).toBe(504);
  });

  it('lets a read ride on the cookie but refuses a change without the header-id header', async () => {
    const { token, answer } = await login(server.url, 'operator');
    expect((await call(server.url, 'GET', '/userPri', { cookie: token })).resultCode).toBe(200);
    const change = await call(server.url, 'PUT', '/userInfoPwd', {
      cookie: token,
      form: { id: answer.userInfo.id, pwd: md5('another1') },
    });
    expect(change.resultCode).toBe(504);
  });

  it('ends the session at logout', async () => {
    const { token } = await login(server.url, 'operator');
    expect((await call(server.url, 'GET', '/loginOut', { token })).resultCode).toBe(200);
    expect((await call(server.url, 'GET', '/userPri', { token })).resultCode).toBe(504);
  });

  it('expires a session left idle', async () => {
    const { token } = await login(server.url, 'manager');
    expect((await call(server.url, 'GET', '/userPri', { token })).resultCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1_700));
    const expired = await call(server.url, 'GET', '/userPri', { token, lang: 'en' });
    expect(expired).toEqual({ resultCode: 504, message: 'Your session has expired, please log in again', data: null });
  });
});

describe('absolute session limit', () => {
  // The exact limits are proven with the time passed in (tests/server/auth/sessions.test.ts); this checks the server
  // applies them, with margins wide enough for a loaded machine.
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ sessionIdleMs: 60_000, sessionMaxMs: 2_000 });
  });
  afterAll(() => server.close());

  it('ends a session after its absolute lifetime even while it is used', async () => {
    const { token } = await login(server.url, 'manager');
    // The session was created before the answer left: its lifetime ends at most 2 s from here.
    const loginAt = Date.now();
    for (let i = 0; i < 3; i++) {
      expect((await call(server.url, 'GET', '/userPri', { token })).resultCode).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, loginAt + 2_300 - Date.now())));
    expect((await call(server.url, 'GET', '/userPri', { token })).resultCode).toBe(504);
  });
});

describe('password', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.close());

  it('checks the old password by its MD5 without revealing the stored hash', async () => {
    const { token, answer } = await login(server.url, 'garden');
    const id = answer.userInfo.id;
    expect(await call(server.url, 'POST', '/verifyPwd', { token, form: { id, oldPwd: md5('garden123') } })).toMatchObject({ data: true });
    expect(await call(server.url, 'POST', '/verifyPwd', { token, form: { id, oldPwd: md5('wrong') } })).toMatchObject({ data: false });
  });

  it('refuses to change or check another user’s password', async () => {
    const { token } = await login(server.url, 'operator');
    const admin = await login(server.url, 'admin');
    const id = admin.answer.userInfo.id;
    expect((await call(server.url, 'PUT', '/userInfoPwd', { token, form: { id, pwd: md5('hacked1') } })).resultCode).toBe(401);
    expect((await call(server.url, 'POST', '/verifyPwd', { token, form: { id, oldPwd: md5('admin123') } })).resultCode).toBe(401);
  });

  it('refuses a change unless this session just checked the old password, and lets one check serve one change', async () => {
    const { token, answer } = await login(server.url, 'garden');
    const id = answer.userInfo.id;
    const unchecked = await call(server.url, 'PUT', '/userInfoPwd', { token, form: { id, pwd: md5('stolen99') } });
    expect(unchecked).toEqual({ resultCode: 400, message: '原密码错误', data: null });
    await call(server.url, 'POST', '/verifyPwd', { token, form: { id, oldPwd: md5('wrong') } });
    expect((await call(server.url, 'PUT', '/userInfoPwd', { token, form: { id, pwd: md5('stolen99') } })).resultCode).toBe(400);
    await call(server.url, 'POST', '/verifyPwd', { token, form: { id, oldPwd: md5('garden123') } });
    expect((await call(server.url, 'PUT', '/userInfoPwd', { token, form: { id, pwd: md5('garden123') } })).resultCode).toBe(200);
    expect((await call(server.url, 'PUT', '/userInfoPwd', { token, form: { id, pwd: md5('stolen99') } })).resultCode).toBe(400);
    await login(server.url, 'garden');
  });

  it('refuses a password that is not an MD5 hex and keeps the old one', async () => {
    const { token, answer } = await login(server.url, 'manager');
    const bad = await call(server.url, 'PUT', '/userInfoPwd', { token, form: { id: answer.userInfo.id, pwd: 'plain-text' } });
    expect(bad).toEqual({ resultCode: 400, message: '字段格式有误：pwd', data: null });
    await login(server.url, 'manager');
  });

  it('stores the new MD5, ends the user’s other sessions and keeps this one', async () => {
    const other = await login(server.url, 'operator');
    const { token, answer } = await login(server.url, 'operator');
    await call(server.url, 'POST', '/verifyPwd', { token, form: { id: answer.userInfo.id, oldPwd: md5('operator123') } });
    const changed = await call(server.url, 'PUT', '/userInfoPwd', { token, form: { id: answer.userInfo.id, pwd: md5('newpass1') } });
    expect(changed).toEqual({ resultCode: 200, message: '密码修改成功', data: null });
    expect((await call(server.url, 'GET', '/userPri', { token: other.token })).resultCode).toBe(504);
    expect((await call(server.url, 'GET', '/userPri', { token })).resultCode).toBe(200);
    const old = await call(server.url, 'POST', '/login', { form: { username: 'operator', password: 'operator123' } });
    expect(old.resultCode).toBe(400);
    const fresh = await call(server.url, 'POST', '/login', { form: { username: 'operator', password: 'newpass1' } });
    expect(fresh.resultCode).toBe(200);
  });
});
