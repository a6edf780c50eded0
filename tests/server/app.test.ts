// The server's frame: the console with SPA fallback, and the JSON envelope on every contract path, in the caller's language.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../helpers/server';

describe('server frame', () => {
  let server: RunningServer;
  let staticDir: string;

  beforeAll(async () => {
    staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fleet-static-'));
    fs.writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>console</title>');
    server = await startServer({ staticDir });
  });

  afterAll(async () => {
    await server.close();
    fs.rmSync(staticDir, { recursive: true, force: true });
  });

  it('serves the console at / and at every client-side route', async () => {
    for (const route of ['/', '/login', '/monitor/cargo_transport']) {
      const response = await fetch(`${server.url}${route}`);
      expect(response.status, route).toBe(200);
      expect(response.headers.get('content-type'), route).toMatch(/text\/html/);
      expect(await response.text(), route).toContain('<title>console</title>');
    }
  });

  it.each([
    ['GET', '/truckmanage/api/no-such-call'],
    ['POST', '/truckmanage/api/no-such-call'],
    ['GET', '/truckatgsub/rest/nothing'],
  ])('answers %s %s with an envelope, never the console page', async (method, route) => {
    const response = await fetch(`${server.url}${route}`, { method });
    expect(response.headers.get('content-type')).toMatch(/application\/json/);
    expect(await response.json()).toEqual({ resultCode: 404, message: `接口不存在：${route}`, data: null });
  });

  it('answers in English when the language cookie says en', async () => {
    const response = await fetch(`${server.url}/truckmanage/api/nope`, { headers: { cookie: 'language=en' } });
    expect(await response.json()).toMatchObject({ resultCode: 404, message: 'No such call: /truckmanage/api/nope' });
  });

  it('refuses an oversize body with a clear message and stays up', async () => {
    const body = 'x='.padEnd(2 * 1024 * 1024, 'y');
    const response = await fetch(`${server.url}/truckmanage/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body,
    });
    expect(await response.json()).toEqual({ resultCode: 413, message: '请求内容过大', data: null });
    const after = await fetch(`${server.url}/`);
    expect(after.status).toBe(200);
  });
});
