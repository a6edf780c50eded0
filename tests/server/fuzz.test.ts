// 1,000 malformed requests against the contract: every answer is an envelope, none is a crash, and the server stays right.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALLS } from '../../domain/wire/calls';
import { API, call, login } from '../helpers/api';
import { startServer, type RunningServer } from '../helpers/server';

/** A seeded generator, so a failure can be replayed. */
function lcg(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const CONTENT_TYPES = ['application/json', 'application/x-www-form-urlencoded', 'text/plain', 'application/octet-stream', ''];

function garbage(random: () => number): string {
  const shapes = [
    () => '{"username":',
    () => JSON.stringify({ id: 'x'.repeat(Math.floor(random() * 500)), pwd: null, userId: -1, seq: 'NaN' }),
    () => JSON.stringify([1, 2, { a: [] }]),
    () => 'id=%E0%A4%A&pwd=&&&==',
    () => `userId=${random()}&quickVisitUrl=${'%'.repeat(5)}`,
    () => Array.from({ length: 64 }, () => String.fromCharCode(Math.floor(random() * 65_535))).join(''),
    () => JSON.stringify({ type: 1e308, truckId: -5, approvalStatus: 'yes', page: 0, size: 1e9 }),
    () => 'null',
  ];
  return shapes[Math.floor(random() * shapes.length)]!();
}

describe('fuzz', () => {
  let server: RunningServer;
  let token: string;
  beforeAll(async () => {
    server = await startServer();
    token = (await login(server.url, 'admin')).token;
  });
  afterAll(() => server.close());

  it('answers 1,000 malformed requests with envelopes and never a server fault', async () => {
    const random = lcg(20261122);
    const specs = Object.values(CALLS);
    const seen = new Set<number>();
    for (let i = 0; i < 1_000; i++) {
      const spec = specs[Math.floor(random() * specs.length)]!;
      const path = spec.path.replace(':id', random() < 0.5 ? 'abc' : '999999');
      const url = spec.root === 'host' ? `${server.url}${path}` : `${server.url}${API}${path}`;
      const method = random() < 0.7 ? spec.method : (['GET', 'POST', 'PUT', 'DELETE'] as const)[Math.floor(random() * 4)]!;
      const headers: Record<string, string> = {};
      if (random() < 0.8) headers['header-id'] = token;
      const type = CONTENT_TYPES[Math.floor(random() * CONTENT_TYPES.length)]!;
      if (type) headers['content-type'] = type;
      const hasBody = method !== 'GET';
      const response = await fetch(`${url}${hasBody ? '' : `?${garbage(random).slice(0, 100)}`}`, {
        method,
        headers,
        body: hasBody ? garbage(random) : undefined,
      });
      expect(response.status, `${method} ${path}`).not.toBe(500);
      expect(response.headers.get('content-type'), `${method} ${path}`).toMatch(/application\/json/);
      const body = (await response.json()) as { resultCode: unknown; message: unknown };
      expect(typeof body.resultCode, `${method} ${path}`).toBe('number');
      expect(typeof body.message, `${method} ${path}`).toBe('string');
      expect(body.message, `${method} ${path}`).not.toMatch(/\bat .*\.ts:\d+/);
      seen.add(body.resultCode as number);
    }
    // The run must have reached the guards and validators, not only the not-found handler.
    expect([...seen]).toEqual(expect.arrayContaining([400, 404]));
  });

  it('still logs in and answers correctly afterwards', async () => {
    const { token: fresh } = await login(server.url, 'operator');
    expect(await call(server.url, 'GET', '/userPri', { token: fresh })).toMatchObject({ resultCode: 200, data: { userPri: [{ key: 'C002' }] } });
  });
});
