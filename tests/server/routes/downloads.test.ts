// The user menu's downloads: every catalogue file served as an attachment to a logged-in user, nothing else.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOWNLOADS } from '../../../src/domain/shell/downloads';
import { API, login } from '../../helpers/api';
import { startServer, type RunningServer } from '../../helpers/server';

describe('downloads', () => {
  let server: RunningServer;
  let token: string;
  const get = (file: string, headers: Record<string, string> = { 'header-id': token }) =>
    fetch(`${server.url}${API}/downloads/${file}`, { headers });

  beforeAll(async () => {
    server = await startServer();
    token = (await login(server.url, 'garden')).token;
  });
  afterAll(async () => server.close());

  it.each(DOWNLOADS.map((d) => [d.file, d.mediaType] as const))('serves %s as an attachment of type %s', async (file, mediaType) => {
    const response = await get(file);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(mediaType);
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="${file}"`);
    expect((await response.text()).length).toBeGreaterThan(500);
  });

  it('serves to the session cookie alone, as a link click sends it', async () => {
    const loginAnswer = await fetch(`${server.url}${API}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'username=operator&password=operator123',
    });
    const cookie = (loginAnswer.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    expect((await get('card-plugin.txt', { cookie })).status).toBe(200);
  });

  it('answers 504 without a session', async () => {
    expect(await (await get('operation-manual.html', {})).json()).toMatchObject({ resultCode: 504 });
  });

  it('answers 404 for a name outside the catalogue, including paths that try to leave the folder', async () => {
    for (const file of ['secret.txt', '..%2Fapp.ts', '..%2F..%2Fpackage.json']) {
      expect(await (await get(file)).json(), file).toMatchObject({ resultCode: 404 });
    }
  });
});
