// Login against the real server: lockout per (user, address) behind a trusted proxy, no user names told by timing,
// scrypt at OWASP's cost with old hashes upgraded, and bounded stored text.
import { scryptSync, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SCRYPT_COST, md5Hex, SCRYPT_PARAMS, scryptCost, verifyPlain } from '../../../server/auth/passwords';
import type { LoginAnswer } from '../../../domain/wire/entities';
import { CHALLENGE_REQUIRED } from '../../../domain/wire/login-challenge';
import { answeredChallenge, call, login } from '../../helpers/api';
import { startServer, type RunningServer } from '../../helpers/server';

type Challenge = { captchaId: string; captcha: string };
const headersFrom = (from?: string) => (from ? { 'x-forwarded-for': from } : undefined);
const wrong = (username: string, from?: string, challenge?: Challenge) =>
  ({ form: { username, password: 'not-the-password', ...challenge }, headers: headersFrom(from) });
const right = (username: string, password: string, from?: string, challenge?: Challenge) =>
  ({ form: { username, password, ...challenge }, headers: headersFrom(from) });

describe('lockout behind a trusted proxy (TRUST_PROXY=1)', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ trustProxy: 1, faults: true });
  });
  afterAll(() => server.close());

  it('keeps the account open to its user at another address, behind a challenge, while one address hammers it', async () => {
    const codes: number[] = [];
    // Each guess answers a challenge while one is asked for (from the fourth failure on, at most ten pictures a minute
    // per address), so what stops it is the lock alone; once locked, a guess is refused before any challenge is asked.
    for (let i = 0; i < 25; i++) {
      const challenge = i >= 3 && i < 10 ? await answeredChallenge(server.url, headersFrom('203.0.113.9')) : undefined;
      codes.push((await call(server.url, 'POST', '/login', wrong('admin', '203.0.113.9', challenge))).resultCode);
    }
    expect(codes.slice(0, 10)).toEqual(Array(10).fill(400));
    expect(codes.slice(10)).toEqual(Array(15).fill(429));
    // The account's failures ask its user for a challenge too, wherever from; with it the user gets in.
    expect((await call(server.url, 'POST', '/login', right('admin', 'admin123', '198.51.100.7'))).resultCode).toBe(CHALLENGE_REQUIRED);
    const own = await call<LoginAnswer>(server.url, 'POST', '/login', right('admin', 'admin123', '198.51.100.7', await answeredChallenge(server.url, headersFrom('198.51.100.7'))));
    expect(own.resultCode).toBe(200);
    // The hammering address stays locked out, even with the right password.
    expect((await call(server.url, 'POST', '/login', right('admin', 'admin123', '203.0.113.9'))).resultCode).toBe(429);
  });

  it('reads the caller address from X-Forwarded-For: the last login shows the client, not the proxy', async () => {
    await call(server.url, 'POST', '/login', right('manager', 'manager123', '198.51.100.20'));
    const next = await call<LoginAnswer>(server.url, 'POST', '/login', right('manager', 'manager123', '198.51.100.21'));
    expect(next.data.lastLoginInfo.ip).toBe('198.51.100.20');
  });
});

describe('lockout without a trusted proxy (the default)', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ faults: true });
  });
  afterAll(() => server.close());

  it('ignores X-Forwarded-For: a guesser cannot escape its lock, nor the challenge, by naming other addresses', async () => {
    for (let i = 0; i < 3; i++) expect((await call(server.url, 'POST', '/login', wrong('nobody', `203.0.113.${i}`))).resultCode).toBe(400);
    expect((await call(server.url, 'POST', '/login', wrong('garden', '203.0.113.3'))).resultCode).toBe(CHALLENGE_REQUIRED);
    for (let i = 0; i < 10; i++) await call(server.url, 'POST', '/login', wrong('garden', `203.0.113.${i}`, await answeredChallenge(server.url)));
    // Ten challenges drawn from this one address, the most a minute gives it: the lock answers before asking for one.
    const next = await call(server.url, 'POST', '/login', right('garden', 'garden123', '198.51.100.7'));
    expect(next.resultCode).toBe(429);
  });
});

describe('no user names told by timing', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ faults: true });
  });
  afterAll(() => server.close());

  async function timed(username: string): Promise<number> {
    // Past the third failure from this address a login needs a challenge: answered before the clock starts.
    const challenge = await answeredChallenge(server.url);
    const started = performance.now();
    const answer = await call(server.url, 'POST', '/login', wrong(username, undefined, challenge));
    expect(answer.resultCode).toBe(400);
    return performance.now() - started;
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

  it('takes the same order of time for an unknown user as for a known user with a wrong password', async () => {
    const known: number[] = [];
    const unknown: number[] = [];
    // Alternated, so a change in the machine's load falls on both.
    for (let i = 0; i < 3; i++) {
      known.push(await timed('operator'));
      unknown.push(await timed(`nobody-${i}`));
    }
    // Both pay one scrypt at today's cost; before, an unknown name answered some ten times faster.
    expect(median(unknown)).toBeGreaterThan(median(known) / 2);
    expect(median(unknown)).toBeLessThan(median(known) * 2);
  });
});

describe('password hashes', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.close());

  const storedHash = async (userName: string) =>
    (await server.services.db.selectFrom('appUser').select('passwordHash').where('userName', '=', userName).executeTakeFirstOrThrow()).passwordHash;

  it(`stores scrypt at OWASP's cost, N=2^17, r=8, p=1, unless SCRYPT_COST says otherwise (the tests' 2^14)`, async () => {
    expect(DEFAULT_SCRYPT_COST).toBe(17);
    expect(scryptCost(undefined)).toBe(17);
    expect(scryptCost('14')).toBe(14);
    for (const bad of ['13', '21', '16.5', 'high']) expect(() => scryptCost(bad)).toThrow(/SCRYPT_COST must be a whole number from 14 to 20/);
    expect(SCRYPT_PARAMS).toEqual({ N: 2 ** scryptCost(process.env['SCRYPT_COST']), r: 8, p: 1 });
    expect((await storedHash('operator')).split('$').slice(0, 4)).toEqual(['scrypt', String(SCRYPT_PARAMS.N), '8', '1']);
  });

  const OLD_N = SCRYPT_PARAMS.N / 2;

  it('upgrades a hash of the old cost at the next right login, and the password still works', async () => {
    const salt = randomBytes(16);
    const key = scryptSync(md5Hex('garden123'), salt, 32, { N: OLD_N, r: 8, p: 1 });
    const old = ['scrypt', OLD_N, 8, 1, salt.toString('base64'), key.toString('base64')].join('$');
    await server.services.db.updateTable('appUser').set({ passwordHash: old }).where('userName', '=', 'garden').execute();

    await login(server.url, 'garden');
    const upgraded = await storedHash('garden');
    expect(upgraded.split('$').slice(0, 4)).toEqual(['scrypt', String(SCRYPT_PARAMS.N), '8', '1']);
    expect(await verifyPlain('garden123', upgraded)).toBe(true);
    expect((await login(server.url, 'garden')).token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('keeps a hash of the old cost when the password is wrong', async () => {
    const salt = randomBytes(16);
    const key = scryptSync(md5Hex('manager123'), salt, 32, { N: OLD_N, r: 8, p: 1 });
    const old = ['scrypt', OLD_N, 8, 1, salt.toString('base64'), key.toString('base64')].join('$');
    await server.services.db.updateTable('appUser').set({ passwordHash: old }).where('userName', '=', 'manager').execute();
    expect((await call(server.url, 'POST', '/login', wrong('manager'))).resultCode).toBe(400);
    expect(await storedHash('manager')).toBe(old);
  });
});

describe('disabled accounts', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.close());

  it('refuses a right password of a user whose role is disabled, as for a disabled user, and makes no session', async () => {
    const { db } = server.services;
    const user = await db.selectFrom('appUser').select('roleId').where('userName', '=', 'garden').executeTakeFirstOrThrow();
    await db.updateTable('role').set({ status: 0 }).where('id', '=', user.roleId).execute();
    const answer = await call(server.url, 'POST', '/login', { ...right('garden', 'garden123'), lang: 'en' });
    expect(answer).toEqual({ resultCode: 403, message: 'This user is disabled', data: null });
    expect(await db.selectFrom('session').select('tokenHash').execute()).toEqual([]);
  });
});

describe('bounded login text', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.close());

  it.each([
    ['zh', '字段过长：area（最多 100 个字符）'],
    ['en', 'Field too long: area (at most 100 characters)'],
  ] as const)('refuses an area of 500,000 characters with a clear message (%s) and stores nothing', async (lang, message) => {
    const answer = await call(server.url, 'POST', '/login', { form: { username: 'operator', password: 'operator123', area: 'x'.repeat(500_000) }, lang });
    expect(answer).toEqual({ resultCode: 400, message, data: null });
    const user = await server.services.db.selectFrom('appUser').select('lastLoginArea').where('userName', '=', 'operator').executeTakeFirstOrThrow();
    expect(user.lastLoginArea).toBeNull();
  });

  it('stores an area of 100 characters and echoes it at the next login', async () => {
    const area = '区'.repeat(100);
    await call(server.url, 'POST', '/login', { form: { username: 'operator', password: 'operator123', area } });
    expect((await login(server.url, 'operator')).answer.lastLoginInfo.area).toBe(area);
  });

  it('refuses a user name longer than the column that holds it', async () => {
    const answer = await call(server.url, 'POST', '/login', { form: { username: 'u'.repeat(51), password: 'x' }, lang: 'en' });
    expect(answer).toEqual({ resultCode: 400, message: 'Field too long: username (at most 50 characters)', data: null });
  });
});
