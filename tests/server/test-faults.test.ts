// The test-only fault plugin: absent unless asked for, and then answering the armed path as told, for as many calls;
// and telling the login challenges' answers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginChallenge } from '../../domain/wire/login-challenge';
import { CHALLENGE_ANSWERS_PATH } from '../../server/test-faults';
import { API, call } from '../helpers/api';
import { startServer, type RunningServer } from '../helpers/server';

const arm = (base: string, fault: object) =>
  fetch(`${base}/__test/fault`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(fault) });

describe('fault injection', () => {
  let plain: RunningServer;
  let faulty: RunningServer;
  const getIp = (base: string) => fetch(`${base}${API}/getIp`);

  beforeAll(async () => {
    [plain, faulty] = await Promise.all([startServer(), startServer({ faults: true })]);
  });
  afterAll(async () => {
    await Promise.all([plain.close(), faulty.close()]);
  });

  it('tells the answers of the login challenges issued, and only with the test option', async () => {
    expect(await (await fetch(`${plain.url}${CHALLENGE_ANSWERS_PATH}`)).json()).toMatchObject({ resultCode: 404 });
    const issued = await call<LoginChallenge>(faulty.url, 'GET', '/captcha');
    expect(await (await fetch(`${faulty.url}${CHALLENGE_ANSWERS_PATH}`)).json()).toEqual([{ id: issued.data.id, answer: expect.stringMatching(/^[A-Z2-9]{5}$/) }]);
  });

  it('does not exist without the test option', async () => {
    expect(await (await arm(plain.url, { path: `${API}/getIp`, resultCode: 401 })).json()).toMatchObject({ resultCode: 404 });
    expect(await (await getIp(plain.url)).json()).toMatchObject({ resultCode: 200 });
  });

  it('answers the armed resultCode for the given number of calls, then the real answer', async () => {
    await arm(faulty.url, { path: `${API}/getIp`, resultCode: 401, message: 'no', times: 2 });
    expect(await (await getIp(faulty.url)).json()).toEqual({ resultCode: 401, message: 'no', data: null });
    expect(await (await getIp(faulty.url)).json()).toEqual({ resultCode: 401, message: 'no', data: null });
    expect(await (await getIp(faulty.url)).json()).toMatchObject({ resultCode: 200 });
  });

  it('answers an HTTP status', async () => {
    await arm(faulty.url, { path: `${API}/getIp`, httpStatus: 500 });
    expect((await getIp(faulty.url)).status).toBe(500);
  });

  it('drops the connection', async () => {
    await arm(faulty.url, { path: `${API}/getIp`, abort: true });
    await expect(getIp(faulty.url)).rejects.toThrow();
  });

  it('forgets every armed fault on DELETE', async () => {
    await arm(faulty.url, { path: `${API}/getIp`, resultCode: 500 });
    await fetch(`${faulty.url}/__test/fault`, { method: 'DELETE' });
    expect(await (await getIp(faulty.url)).json()).toMatchObject({ resultCode: 200 });
  });
});
