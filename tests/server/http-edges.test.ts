// Edge requests against the real server: every API answer is the envelope with HTTP 200, bounded paging, the access
// check before any field check, security headers on every answer, and the CSRF rule for GET /loginOut.
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECURITY_HEADERS } from '../../server/http/security-headers';
import { isEnvelope } from '../../domain/wire/envelope';
import { API, call, login } from '../helpers/api';
import { startServer, type RunningServer } from '../helpers/server';

/** Writes raw bytes on a socket and reads the whole answer (the server closes after a refused request). */
function rawRequest(port: number, bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.end(bytes));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
    socket.on('error', reject);
  });
}

function parseRaw(text: string): { status: number; headers: Map<string, string>; body: unknown } {
  const [head = '', body = ''] = text.split('\r\n\r\n');
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers = new Map(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
  return { status: Number(statusLine.split(' ')[1]), headers, body: JSON.parse(body) };
}

describe('HTTP edges', () => {
  let server: RunningServer;
  let port = 0;
  let token = '';
  let staticDir = '';
  beforeAll(async () => {
    staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fleet-static-'));
    fs.writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>console</title>');
    fs.writeFileSync(path.join(staticDir, 'app.js'), 'export {};');
    server = await startServer({ staticDir });
    port = Number(new URL(server.url).port);
    token = (await login(server.url, 'admin')).token;
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(staticDir, { recursive: true, force: true });
  });

  describe('every API answer is the envelope with HTTP 200', () => {
    it.each([
      ['an empty Content-Type', { method: 'POST', headers: { 'content-type': '' }, body: 'username=admin&password=x' }, 400],
      ['an unknown Content-Type', { method: 'POST', headers: { 'content-type': 'application/x-unknown' }, body: 'x' }, 400],
      ['broken JSON', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"username":' }, 400],
      ['a body over the limit', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `area=${'x'.repeat(1_200_000)}` }, 413],
    ])('login with %s', async (_case, init, resultCode) => {
      const response = await fetch(`${server.url}${API}/login`, init);
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ resultCode, data: null });
    });

    it.each([
      ['invalid UTF-8', `${API}/%c0%af`],
      ['a broken percent escape', `${API}/menus%`],
    ])('a path with %s answers 400 in the caller language', async (_case, route) => {
      const response = await fetch(`${server.url}${route}`, { headers: { cookie: 'language=en' } });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ resultCode: 400, message: 'The request is malformed, please check it and retry', data: null });
    });

    it('a 16 KB URL answers 431 in the caller language, with the security headers', async () => {
      const answer = parseRaw(await rawRequest(port, `GET ${API}/userPri?x=${'a'.repeat(17_000)} HTTP/1.1\r\nHost: x\r\nCookie: language=en\r\n\r\n`));
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ resultCode: 431, message: 'The request address or headers are too long', data: null });
      expect(answer.headers.get('x-frame-options')).toBe('DENY');
    });

    it('a request Node cannot parse answers 400', async () => {
      const answer = parseRaw(await rawRequest(port, 'GET /truckmanage/api/menus HTTP/1.1\r\nHost: x\r\nBroken header line\r\n\r\n'));
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ resultCode: 400, message: '请求格式有误，请检查后重试', data: null });
    });

    it.each([
      ['OPTIONS', `${API}/login`],
      ['PATCH', `${API}/menus`],
      ['HEAD', `${API}/userPri`],
      ['GET', '/truckatgsub/truck'],
      ['GET', '/truckAlarm/alarm'],
      ['HEAD', '/truckAlarm/alarm'],
      ['DELETE', '/truckatgsub/rest/truckData/getTruckBarData'],
    ])('%s %s (not a call of the contract as sent) answers an envelope', async (method, route) => {
      const response = await fetch(`${server.url}${route}`, { method, headers: { 'header-id': token } });
      expect(response.status).toBe(200);
      if (method === 'HEAD') return expect(response.headers.get('content-type')).toMatch(/application\/json/);
      expect(isEnvelope(await response.json())).toBe(true);
    });
  });

  describe('paging values are bounded integers', () => {
    const calls = ['/alarmInfo', '/heartBeatInfo', '/fenceApproval'];
    const bad = [
      ['size', 'Infinity'], ['size', '1e20'], ['size', '501'], ['size', '0'], ['size', 'NaN'],
      ['page', '1e20'], ['page', '1234567890123456789012345'], ['page', 'Infinity'], ['page', '1000001'], ['page', '1.5'],
    ] as const;
    const cases = calls.flatMap((route) => bad.map(([name, value]) => [route, name, value] as const));

    it.each(cases)('%s?%s=%s answers 400 naming the field', async (route, name, value) => {
      const answer = await call(server.url, 'GET', route, { token, query: { [name]: value }, lang: 'en' });
      expect(answer).toEqual({ resultCode: 400, message: `Malformed field: ${name}`, data: null });
    });

    it.each(calls)('%s answers the last allowed page, empty', async (route) => {
      const answer = await call<{ rows: unknown[] }>(server.url, 'GET', route, { token, query: { page: 1_000_000, size: 500 } });
      expect(answer.resultCode).toBe(200);
      expect(answer.data.rows).toEqual([]);
    });

    it.each(['startTime', 'endTime'])('refuses %s=Infinity and a time past the last Date', async (name) => {
      for (const value of ['Infinity', '9e15']) {
        const answer = await call(server.url, 'GET', '/alarmInfo', { token, query: { [name]: value }, lang: 'en' });
        expect(answer).toEqual({ resultCode: 400, message: `Malformed field: ${name}`, data: null });
      }
    });

    it('refuses an id beyond the database integer', async () => {
      const answer = await call(server.url, 'POST', '/alarmCue', { token, form: { seq: 2 ** 31 }, lang: 'en' });
      expect(answer).toEqual({ resultCode: 400, message: 'Malformed field: seq', data: null });
    });
  });

  describe('the access check comes first', () => {
    it.each([
      ['POST', '/alarmCue', { seq: 'abc' }],
      ['PUT', '/userInfoPwd', {}],
      ['POST', '/stUserAlarm', { alarmTypeIds: 'x'.repeat(500) }],
    ] as const)('an anonymous %s %s with bad fields gets 504, not a field message', async (method, route, form) => {
      expect(await call(server.url, method, route, { form })).toEqual({ resultCode: 504, message: '登录已过期，请重新登录', data: null });
    });

    it('an anonymous body over the limit gets 504 without being read', async () => {
      const answer = await call(server.url, 'POST', '/alarmCue', { form: { seq: 'x'.repeat(1_200_000) } });
      expect(answer.resultCode).toBe(504);
    });
  });

  describe('security headers', () => {
    it.each([
      ['an API answer', `${API}/getIp`],
      ['a refused call', `${API}/userPri`],
      ['an unknown call', `${API}/no-such-call`],
      ['the console page', '/'],
      ['a console route', '/monitor/track_map'],
      ['a console file', '/app.js'],
      ['a download', `${API}/downloads/card-plugin.txt`],
    ])('on %s', async (_case, route) => {
      const response = await fetch(`${server.url}${route}`, { headers: { 'header-id': token } });
      for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(response.headers.get(name), name).toBe(value);
    });

    it('a content policy that allows no inline script and no framing', () => {
      const policy = SECURITY_HEADERS['content-security-policy'] ?? '';
      expect(policy).toContain("script-src 'self'");
      expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(policy).toContain("frame-ancestors 'none'");
      expect(policy).toContain("object-src 'none'");
      expect(policy).toContain("media-src 'self' blob:");
    });
  });

  describe('GET /loginOut changes state', () => {
    it('needs the header-id header: the cookie alone does not log out', async () => {
      const session = await login(server.url, 'operator');
      expect((await call(server.url, 'GET', '/loginOut', { cookie: session.token })).resultCode).toBe(504);
      expect((await call(server.url, 'GET', '/userPri', { token: session.token })).resultCode).toBe(200);
      expect((await call(server.url, 'GET', '/loginOut', { token: session.token })).resultCode).toBe(200);
      expect((await call(server.url, 'GET', '/userPri', { token: session.token })).resultCode).toBe(504);
    });
  });
});

describe('COOKIE_SECURE', () => {
  it.each([
    [true, /;\s*Secure/i],
    [false, /^(?!.*;\s*Secure)/i],
  ])('with cookieSecure %s the session cookie matches %s', async (cookieSecure, pattern) => {
    const server = await startServer({ cookieSecure });
    try {
      const response = await fetch(`${server.url}${API}/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'username=operator&password=operator123',
      });
      expect(response.headers.get('set-cookie')).toMatch(pattern);
    } finally {
      await server.close();
    }
  });
});
