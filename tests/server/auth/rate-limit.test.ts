// Login failure counting on a real database with the time passed in: per (user, address) pair, per address, and
// refused attempts that leave no trace; and when a login needs a challenge.
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { attemptSucceeded, beginAttempt, beginLoginAttempt, LOGIN_STATE, loginFailed, type RateLimitPolicy } from '../../../server/auth/rate-limit';
import { openTestDatabase, type OpenedTestDatabase } from '../../helpers/test-database';

const POLICY: RateLimitPolicy = { maxPerUser: 10, maxPerAddress: 50, challengeAfter: 3, windowMs: 15 * 60_000, challengesPerMinute: 10 };
const T0 = Date.UTC(2026, 10, 23, 0, 0, 0);
const SECOND = 1_000;
const MINUTE = 60_000;

/** A new database for each test of the calling describe block: its accessor. */
function freshDatabaseEachTest(): () => OpenedTestDatabase['db'] {
  let opened: OpenedTestDatabase | undefined;
  beforeEach(async () => {
    await opened?.close();
    opened = await openTestDatabase();
  });
  afterAll(async () => {
    await opened?.close();
  });
  return () => {
    if (!opened) throw new Error('no database');
    return opened.db;
  };
}

describe('login failure counting', () => {
  const db = freshDatabaseEachTest();

  /** `count` failed attempts (kept as failures), one a second from `from`; how many were let through to the check. */
  async function fail(userName: string, ip: string, count: number, from: number): Promise<number> {
    let checked = 0;
    for (let i = 0; i < count; i++) if (await beginAttempt(db(), userName, ip, POLICY, from + i * SECOND)) checked += 1;
    return checked;
  }

  const allowed = async (userName: string, ip: string, at: number) => (await beginAttempt(db(), userName, ip, POLICY, at)) !== undefined;

  it('checks 10 passwords of one user from one address in 15 minutes, then refuses', async () => {
    expect(await fail('admin', '10.0.0.9', 12, T0)).toBe(10);
  });

  it('does not count refused attempts: a stream of them does not keep the account locked past the window', async () => {
    await fail('admin', '10.0.0.9', 10, T0);
    // Eleven refused attempts a minute for the whole window: each would have prolonged the lock if it counted.
    for (let at = T0 + MINUTE; at < T0 + 15 * MINUTE; at += MINUTE) expect(await fail('admin', '10.0.0.9', 11, at)).toBe(0);
    // Once the first failure leaves the window, one more try is checked.
    expect(await allowed('admin', '10.0.0.9', T0 + 15 * MINUTE + 1)).toBe(true);
    expect(await db().selectFrom('authFailure').select('id').execute()).toHaveLength(10);
  });

  it('lets the right user in from another address while one address hammers the account', async () => {
    await fail('admin', '10.0.0.9', 30, T0);
    const attempt = await beginAttempt(db(), 'admin', '10.0.0.7', POLICY, T0 + 31 * SECOND);
    expect(attempt).toBeDefined();
    // The hammering address stays refused.
    expect(await allowed('admin', '10.0.0.9', T0 + 32 * SECOND)).toBe(false);
  });

  it('limits one address to 50 failures over every user name, and leaves other addresses alone', async () => {
    for (let i = 0; i < 5; i++) expect(await fail(`user${i}`, '10.0.0.9', 10, T0 + i * 10 * SECOND)).toBe(10);
    expect(await allowed('user9', '10.0.0.9', T0 + MINUTE)).toBe(false);
    expect(await allowed('user9', '10.0.0.8', T0 + MINUTE)).toBe(true);
  });

  it('clears the pair failures at a right password, not those of the address for other names or of other addresses', async () => {
    await fail('admin', '10.0.0.9', 9, T0);
    await fail('admin', '10.0.0.8', 9, T0);
    await fail('manager', '10.0.0.9', 9, T0);
    const attempt = await beginAttempt(db(), 'admin', '10.0.0.9', POLICY, T0 + MINUTE);
    if (!attempt) throw new Error('the tenth attempt was refused');
    await attemptSucceeded(db(), attempt);
    expect(await fail('admin', '10.0.0.9', 10, T0 + 2 * MINUTE)).toBe(10);
    expect(await fail('admin', '10.0.0.8', 2, T0 + 2 * MINUTE)).toBe(1);
    expect(await fail('manager', '10.0.0.9', 2, T0 + 2 * MINUTE)).toBe(1);
  });

  it('counts an IPv6 /64 as one address: a host taking a new address per guess meets the same limits', async () => {
    const rotating = (i: number) => `2001:db8:1:2:${(i + 1).toString(16)}::${(i * 7 + 1).toString(16)}`;
    for (let i = 0; i < 10; i++) expect(await allowed('admin', rotating(i), T0 + i * SECOND)).toBe(true);
    expect(await allowed('admin', '2001:db8:1:2:ffff:ffff:ffff:fffe', T0 + MINUTE)).toBe(false);
    expect(await allowed('admin', '2001:db8:1:3::1', T0 + MINUTE)).toBe(true);
    // An IPv4 caller counts alike, whether its address arrives plain or IPv4-mapped.
    for (let i = 0; i < 10; i++) await beginAttempt(db(), 'admin', i % 2 ? '10.0.0.5' : '::ffff:10.0.0.5', POLICY, T0 + i * SECOND);
    expect(await allowed('admin', '10.0.0.5', T0 + MINUTE)).toBe(false);
  });

  it('of attempts taking their places in parallel, lets only the first ten through', async () => {
    const results = await Promise.all(Array.from({ length: 25 }, () => beginAttempt(db(), 'admin', '10.0.0.9', POLICY, T0)));
    expect(results.filter(Boolean)).toHaveLength(10);
    expect(await db().selectFrom('authFailure').select('id').execute()).toHaveLength(10);
  });
});

describe('when a login needs a challenge', () => {
  const db = freshDatabaseEachTest();

  /** A login whose password proves wrong: its place taken (unanswered), then marked failed. What the place was. */
  async function failedLogin(userName: string, ip: string, at: number): Promise<string> {
    const place = await beginLoginAttempt(db(), userName, ip, POLICY, async () => false, at);
    if (typeof place !== 'string') await loginFailed(db(), place);
    return typeof place === 'string' ? place : 'checked';
  }
  const next = async (userName: string, ip: string, at: number, answered = false) => {
    const place = await beginLoginAttempt(db(), userName, ip, POLICY, async () => answered, at);
    return typeof place === 'string' ? place : 'checked';
  };

  it('after 3 failed logins for one user name, from any addresses, until they leave the window', async () => {
    for (let i = 0; i < 3; i++) expect(await failedLogin('admin', `10.0.1.${i}`, T0 + i * SECOND)).toBe('checked');
    expect(await next('admin', '10.0.1.9', T0 + MINUTE)).toBe('challenge');
    expect(await next('admin', '10.0.1.9', T0 + MINUTE, true)).toBe('checked');
    expect(await next('manager', '10.0.1.9', T0 + MINUTE)).toBe('checked');
    expect(await next('admin', '10.0.1.9', T0 + 15 * MINUTE + 3 * SECOND)).toBe('checked');
  });

  it('after 3 failed logins from one address, whatever the names; logins being checked there do not count', async () => {
    const [a, b, c] = await Promise.all(['u1', 'u2', 'u3'].map((name) => next(name, '10.0.2.1', T0)));
    // Three colleagues behind one address logging in at once: the fourth is not asked while theirs are checked.
    expect([a, b, c, await next('u4', '10.0.2.1', T0)]).toEqual(['checked', 'checked', 'checked', 'checked']);
    await db().updateTable('authFailure').set({ loginState: LOGIN_STATE.failed }).where('ip', '=', '10.0.2.1').execute();
    expect(await next('u5', '10.0.2.1', T0 + SECOND)).toBe('challenge');
    expect(await next('u5', '10.0.2.2', T0 + SECOND)).toBe('checked');
  });

  it('asks for the answer only when the login needs a challenge', async () => {
    let asked = 0;
    const answer = async () => {
      asked += 1;
      return true;
    };
    for (let i = 0; i < 3; i++) {
      const place = await beginLoginAttempt(db(), 'admin', '10.0.5.1', POLICY, answer, T0 + i * SECOND);
      if (typeof place !== 'string') await loginFailed(db(), place);
    }
    expect(asked).toBe(0);
    expect(typeof (await beginLoginAttempt(db(), 'admin', '10.0.5.1', POLICY, answer, T0 + MINUTE))).toBe('object');
    expect(asked).toBe(1);
  });

  it('after 3 failed logins from one IPv6 /64, each from another address of it', async () => {
    for (let i = 0; i < 3; i++) expect(await failedLogin(`nobody-${i}`, `2001:db8:aa:bb:${i + 1}::${i + 9}`, T0 + i * SECOND)).toBe('checked');
    expect(await next('admin', '2001:db8:aa:bb:cafe::1', T0 + MINUTE)).toBe('challenge');
    expect(await next('admin', '2001:db8:aa:bc::1', T0 + MINUTE)).toBe('checked');
  });

  it('of guesses at one user name taking places in parallel, checks only the first 3 without a challenge', async () => {
    const places = await Promise.all(Array.from({ length: 12 }, (_, i) => next('admin', `10.0.3.${i}`, T0)));
    expect(places.filter((place) => place === 'checked')).toHaveLength(3);
    expect(places.filter((place) => place === 'challenge')).toHaveLength(9);
  });

  it('never for wrong old passwords in a session, and the lock comes before the challenge', async () => {
    for (let i = 0; i < 5; i++) await beginAttempt(db(), 'admin', '10.0.4.1', POLICY, T0 + i * SECOND);
    expect(await next('admin', '10.0.4.1', T0 + MINUTE)).toBe('checked');
    for (let i = 0; i < 4; i++) await beginAttempt(db(), 'admin', '10.0.4.1', POLICY, T0 + MINUTE + i * SECOND);
    expect(await next('admin', '10.0.4.1', T0 + 2 * MINUTE)).toBe('locked');
  });
});
