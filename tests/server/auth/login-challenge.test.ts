// The server's own login challenge: after 3 failures for a user name or from an address a login needs the answer to
// a picture GET /captcha drew, used once, within 5 minutes, checked by any instance; none in legacy mode.
import { inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHALLENGE_REQUIRED, type LoginChallenge } from '../../../domain/wire/login-challenge';
import type { LoginAnswer } from '../../../domain/wire/entities';
import { CHALLENGE_TTL_MS, issueChallenge, MAX_CHALLENGES_PER_MINUTE, takeChallenge } from '../../../server/auth/login-challenge';
import { answeredChallenge, call } from '../../helpers/api';
import { startServer, type RunningServer } from '../../helpers/server';
import { openTestDatabase, type OpenedTestDatabase } from '../../helpers/test-database';

const REQUIRED = { resultCode: CHALLENGE_REQUIRED, message: '请输入图中的验证码', data: null };
const WRONG = { resultCode: CHALLENGE_REQUIRED, message: '验证码错误或已过期，请输入新图中的验证码', data: null };
const LOGIN_FAILED = { resultCode: 400, message: '用户名或密码错误', data: null };
const TOO_MANY_PICTURES = { resultCode: 429, message: '验证码请求过于频繁，请1分钟后再试', data: null };

/** Each test its own caller addresses (the server trusts one proxy hop), so their failures do not meet. */
const from = (address: string) => ({ 'x-forwarded-for': address });

function loginFrom(server: RunningServer, address: string, username: string, password: string, challenge?: { captchaId: string; captcha: string }) {
  return call<LoginAnswer>(server.url, 'POST', '/login', { form: { username, password, ...challenge }, headers: from(address) });
}

/** The PNG's width and height, after checking its signature and that its pixels inflate. */
function pngSize(png: Buffer): { width: number; height: number } {
  expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const idat: Buffer[] = [];
  for (let at = 8; at < png.length; ) {
    const length = png.readUInt32BE(at);
    if (png.toString('ascii', at + 4, at + 8) === 'IDAT') idat.push(png.subarray(at + 8, at + 8 + length));
    at += 12 + length;
  }
  const width = png.readUInt32BE(16);
  const height = png.readUInt32BE(20);
  expect(inflateSync(Buffer.concat(idat)).length).toBe((width * 3 + 1) * height);
  return { width, height };
}

describe('login challenge', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ trustProxy: 1, faults: true });
  });
  afterAll(() => server.close());

  it('is needed after 3 failures for a user name from any addresses, and a right answer then logs in', async () => {
    for (const address of ['198.51.100.1', '198.51.100.2', '198.51.100.3']) {
      expect(await loginFrom(server, address, 'manager', 'not-the-password')).toEqual(LOGIN_FAILED);
    }
    // A fourth address, the right password: the password is not looked at without the challenge.
    expect(await loginFrom(server, '198.51.100.4', 'manager', 'manager123')).toEqual(REQUIRED);
    const wrong = await answeredChallenge(server.url, from('198.51.100.4'));
    expect(await loginFrom(server, '198.51.100.4', 'manager', 'manager123', { ...wrong, captcha: wrong.captcha === 'AAAAA' ? 'BBBBB' : 'AAAAA' })).toEqual(WRONG);
    const right = await answeredChallenge(server.url, from('198.51.100.4'));
    // Case and surrounding spaces do not matter.
    const answer = await loginFrom(server, '198.51.100.4', 'manager', 'manager123', { ...right, captcha: ` ${right.captcha.toLowerCase()} ` });
    expect(answer.resultCode).toBe(200);
    expect(answer.data.userInfo.userName).toBe('manager');
  });

  it('is needed after 3 failures from one address whatever the user names, while other addresses log in without', async () => {
    for (const name of ['nobody-1', 'nobody-2', 'operator']) expect(await loginFrom(server, '203.0.113.10', name, 'wrong-one')).toEqual(LOGIN_FAILED);
    expect(await loginFrom(server, '203.0.113.10', 'admin', 'admin123')).toEqual(REQUIRED);
    expect((await loginFrom(server, '203.0.113.11', 'admin', 'admin123')).resultCode).toBe(200);
    expect((await loginFrom(server, '203.0.113.10', 'admin', 'admin123', await answeredChallenge(server.url, from('203.0.113.10')))).resultCode).toBe(200);
  });

  it('counts an IPv6 /64 as one address: 3 failures from addresses rotated within it call for the challenge', async () => {
    const names = ['nobody-v6-1', 'nobody-v6-2', 'nobody-v6-3'];
    for (const [i, name] of names.entries()) expect(await loginFrom(server, `2001:db8:10:20:${i + 1}::${i + 5}`, name, 'wrong-one')).toEqual(LOGIN_FAILED);
    expect(await loginFrom(server, '2001:db8:10:20:ffff::7', 'admin', 'admin123')).toEqual(REQUIRED);
    expect((await loginFrom(server, '2001:db8:10:21::7', 'admin', 'admin123')).resultCode).toBe(200);
  });

  it('is not needed below 3 failures: two typos and the third login goes through as the spec has it', async () => {
    for (let i = 0; i < 2; i++) expect(await loginFrom(server, '203.0.113.20', 'garden', `typo-${i}`)).toEqual(LOGIN_FAILED);
    expect((await loginFrom(server, '203.0.113.20', 'garden', 'garden123')).resultCode).toBe(200);
  });

  it('answers an unknown user name exactly as a known one, before and after the challenge', async () => {
    for (const name of ['ghost-user', 'operator']) {
      for (let i = 0; i < 3; i++) await loginFrom(server, `192.0.2.${i + 1}`, name, 'not-the-password');
    }
    expect(await loginFrom(server, '192.0.2.9', 'ghost-user', 'anything')).toEqual(await loginFrom(server, '192.0.2.9', 'operator', 'anything'));
    const ghost = await loginFrom(server, '192.0.2.10', 'ghost-user', 'anything', await answeredChallenge(server.url, from('192.0.2.10')));
    const known = await loginFrom(server, '192.0.2.11', 'operator', 'anything', await answeredChallenge(server.url, from('192.0.2.11')));
    expect([ghost, known]).toEqual([LOGIN_FAILED, LOGIN_FAILED]);
  });

  it('takes each challenge once, right or wrong', async () => {
    for (let i = 0; i < 3; i++) await loginFrom(server, '203.0.113.30', 'nobody-30', 'not-the-password');
    const challenge = await answeredChallenge(server.url, from('203.0.113.30'));
    expect(await loginFrom(server, '203.0.113.30', 'nobody-30', 'still-wrong', challenge)).toEqual(LOGIN_FAILED);
    expect(await loginFrom(server, '203.0.113.30', 'nobody-30', 'still-wrong', challenge)).toEqual(WRONG);
    const guessed = await answeredChallenge(server.url, from('203.0.113.30'));
    expect(await loginFrom(server, '203.0.113.30', 'nobody-30', 'still-wrong', { ...guessed, captcha: 'ZZZZZ' === guessed.captcha ? 'YYYYY' : 'ZZZZZ' })).toEqual(WRONG);
    expect(await loginFrom(server, '203.0.113.30', 'nobody-30', 'still-wrong', guessed)).toEqual(WRONG);
  });

  it('keeps only a hash of the answer, for 5 minutes, and refuses the answer after', async () => {
    for (let i = 0; i < 3; i++) await loginFrom(server, '203.0.113.40', 'nobody-40', 'not-the-password');
    const issuedAt = Date.now();
    const challenge = await answeredChallenge(server.url, from('203.0.113.40'));
    const { db } = server.services;
    const row = await db.selectFrom('loginChallenge').selectAll().where('id', '=', challenge.captchaId).executeTakeFirstOrThrow();
    expect(row.answerHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.answerHash).not.toContain(challenge.captcha);
    expect(Number(row.expiresAt) - issuedAt).toBeGreaterThanOrEqual(CHALLENGE_TTL_MS - 60_000);
    expect(Number(row.expiresAt) - Date.now()).toBeLessThanOrEqual(CHALLENGE_TTL_MS);
    // Five minutes later, as the database's clock says.
    await db.updateTable('loginChallenge').set({ expiresAt: Date.now() - 1 }).where('id', '=', challenge.captchaId).execute();
    expect(await loginFrom(server, '203.0.113.40', 'nobody-40', 'whatever', challenge)).toEqual(WRONG);
  });

  it('draws a 168 × 56 PNG, different at every call, for a 5-character answer', async () => {
    const [first, second] = await Promise.all([0, 1].map(() => call<LoginChallenge>(server.url, 'GET', '/captcha', { headers: from('203.0.113.50') })));
    const images = [first, second].map((answer) => {
      expect(answer?.data.length).toBe(5);
      expect(answer?.data.image).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/);
      return Buffer.from((answer?.data.image ?? '').replace(/^data:image\/png;base64,/, ''), 'base64');
    });
    expect(images.map(pngSize)).toEqual([{ width: 168, height: 56 }, { width: 168, height: 56 }]);
    expect(images[0]?.equals(images[1] ?? Buffer.alloc(0))).toBe(false);
    expect(first?.data.id).not.toBe(second?.data.id);
  });

  it(`draws at most ${MAX_CHALLENGES_PER_MINUTE} pictures a minute for one address, however they are used: a loop of picture and failed login is refused`, async () => {
    const address = '203.0.113.60';
    for (let i = 0; i < 3; i++) await loginFrom(server, address, `nobody-60-${i}`, 'not-the-password');
    for (let i = 0; i < MAX_CHALLENGES_PER_MINUTE; i++) {
      expect(await loginFrom(server, address, 'nobody-60', 'still-wrong', await answeredChallenge(server.url, from(address)))).toEqual(LOGIN_FAILED);
    }
    expect(await call(server.url, 'GET', '/captcha', { headers: from(address) })).toEqual(TOO_MANY_PICTURES);
    expect(await call(server.url, 'GET', '/captcha', { headers: from(address), lang: 'en' })).toEqual({
      resultCode: 429, message: 'Too many verification codes requested: try again in a minute', data: null,
    });
    expect((await call(server.url, 'GET', '/captcha', { headers: from('203.0.113.61') })).resultCode).toBe(200);
  });

  it('counts the pictures of an IPv6 /64 together, and draws no more than the limit for asks in parallel', async () => {
    const ask = (i: number) => call(server.url, 'GET', '/captcha', { headers: from(`2001:db8:60:1:${(i + 1).toString(16)}::1`) });
    const parallel = await Promise.all(Array.from({ length: MAX_CHALLENGES_PER_MINUTE + 5 }, (_, i) => ask(i)));
    for (const answer of parallel) if (answer.resultCode !== 200) expect(answer).toEqual(TOO_MANY_PICTURES);
    // Asks that met in parallel may refuse one another; one after another, the /64 gets what is left of its minute.
    let drawn = parallel.filter((answer) => answer.resultCode === 200).length;
    for (let i = 100; drawn <= MAX_CHALLENGES_PER_MINUTE && (await ask(i)).resultCode === 200; i++) drawn += 1;
    expect(drawn).toBe(MAX_CHALLENGES_PER_MINUTE);
    expect((await call(server.url, 'GET', '/captcha', { headers: from('2001:db8:60:2::1') })).resultCode).toBe(200);
  });

  it('uses a challenge up only when the login needed one: named below 3 failures, it stays good for later', async () => {
    const address = '203.0.113.65';
    const challenge = await answeredChallenge(server.url, from(address));
    for (let i = 0; i < 3; i++) expect(await loginFrom(server, address, 'nobody-65', `typo-${i}`, challenge)).toEqual(LOGIN_FAILED);
    // Now a login needs one: the same challenge, named three times already, still lets the right password in.
    expect((await loginFrom(server, address, 'garden', 'garden123', challenge)).resultCode).toBe(200);
    expect(await loginFrom(server, address, 'garden', 'garden123', challenge)).toEqual(WRONG);
  });

  it('speaks English to an English console', async () => {
    for (let i = 0; i < 3; i++) await loginFrom(server, '203.0.113.70', 'nobody-70', 'not-the-password');
    const answer = await call(server.url, 'POST', '/login', { form: { username: 'nobody-70', password: 'x' }, headers: from('203.0.113.70'), lang: 'en' });
    expect(answer).toEqual({ resultCode: CHALLENGE_REQUIRED, message: 'Enter the code shown in the picture', data: null });
  });
});

describe('login challenge pictures over a sliding minute', () => {
  const T0 = Date.UTC(2026, 10, 23, 0, 0, 0);
  let opened: OpenedTestDatabase;
  beforeAll(async () => {
    opened = await openTestDatabase();
  });
  afterAll(() => opened.close());

  it(`draws ${MAX_CHALLENGES_PER_MINUTE} for one address within any minute, one more once the oldest is a minute old`, async () => {
    const issued = async (address: string, at: number) => (await issueChallenge(opened.db, address, at)) !== undefined;
    for (let i = 0; i < MAX_CHALLENGES_PER_MINUTE; i++) expect(await issued('198.51.100.90', T0 + i * 5_000)).toBe(true);
    expect(await issued('198.51.100.90', T0 + 59_999)).toBe(false);
    expect(await issued('198.51.100.91', T0 + 59_999)).toBe(true);
    // The one at T0 has left the window; the refused one never counted.
    expect(await issued('198.51.100.90', T0 + 60_000)).toBe(true);
    expect(await issued('198.51.100.90', T0 + 60_001)).toBe(false);
    expect(await issued('198.51.100.90', T0 + 65_000)).toBe(true);
  });

  it('counts a picture whose challenge was used as one drawn', async () => {
    const at = T0 + 3_600_000;
    for (let i = 0; i < MAX_CHALLENGES_PER_MINUTE; i++) {
      const challenge = await issueChallenge(opened.db, '2001:db8:90::1', at + i);
      expect(await takeChallenge(opened.db, challenge?.id, challenge?.answer, at + i)).toBe(true);
    }
    expect(await issueChallenge(opened.db, '2001:db8:90::2', at + 1_000)).toBeUndefined();
  });
});

describe('login challenge across instances', () => {
  let first: RunningServer;
  let second: RunningServer;
  beforeAll(async () => {
    first = await startServer({ trustProxy: 1, faults: true });
    second = await startServer({ trustProxy: 1, faults: true, sharedDatabase: first.database });
  });
  afterAll(async () => {
    await second.close();
    await first.close();
  });

  it('takes on one instance the answer to a challenge another issued, and only once', async () => {
    for (const server of [first, second, first]) await loginFrom(server, '198.51.100.80', 'manager', 'not-the-password');
    expect(await loginFrom(second, '198.51.100.81', 'manager', 'manager123')).toEqual(REQUIRED);
    const challenge = await answeredChallenge(first.url, from('198.51.100.81'));
    expect((await loginFrom(second, '198.51.100.81', 'manager', 'manager123', challenge)).resultCode).toBe(200);
    expect(await loginFrom(first, '198.51.100.81', 'manager', 'manager123', challenge)).toEqual(WRONG);
  });
});

describe('login in legacy mode (CONTRACT=legacy)', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ contract: 'legacy', faults: true });
  });
  afterAll(() => server.close());

  it('never asks for a challenge: name and password alone, as the spec has it, until the failure limit', async () => {
    for (let i = 0; i < 5; i++) {
      expect(await call(server.url, 'POST', '/login', { form: { username: 'garden', password: `bad-${i}` } })).toEqual(LOGIN_FAILED);
    }
    expect((await call(server.url, 'POST', '/login', { form: { username: 'garden', password: 'garden123' } })).resultCode).toBe(200);
  });

  it('has no GET /captcha', async () => {
    expect((await call(server.url, 'GET', '/captcha')).resultCode).toBe(404);
  });
});
