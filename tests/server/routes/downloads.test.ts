// The user menu's downloads: the files as attachments, the manuals as pages in zh and en with their screenshots, all to a
// logged-in user only, and no name outside the catalogue and the shot list.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGS } from '../../../domain/i18n';
import { DOWNLOADS, MANUAL_IDS, manualPageName, type FileDownload } from '../../../domain/shell/downloads';
import { SECURITY_HEADERS } from '../../../server/http/security-headers';
import { API, login } from '../../helpers/api';
import { startServer, type RunningServer } from '../../helpers/server';

const FILES = DOWNLOADS.filter((d): d is FileDownload => d.kind === 'file');
const PAGES = MANUAL_IDS.flatMap((manual) => LANGS.map((lang) => [manual, lang] as const));
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47];

const sectionIds = (html: string) => [...html.matchAll(/<section id="([^"]+)">/g)].map((m) => m[1]);
const imageSources = (html: string) => [...html.matchAll(/<img[^>]*\ssrc="([^"]+)"/g)].map((m) => m[1] ?? '');

describe('downloads', () => {
  let server: RunningServer;
  let token: string;
  /** The sid cookie of another login, sent alone as a link click or an <img> sends it. */
  let cookie: string;
  const url = (name: string) => `${server.url}${API}/downloads/${name}`;
  const get = (name: string, headers: Record<string, string> = { 'header-id': token }) => fetch(url(name), { headers });
  const page = async (manual: (typeof MANUAL_IDS)[number], lang: 'zh' | 'en') => (await get(manualPageName(manual, lang))).text();

  beforeAll(async () => {
    server = await startServer();
    token = (await login(server.url, 'garden')).token;
    const answer = await fetch(`${server.url}${API}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'username=operator&password=operator123',
    });
    cookie = (answer.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  });
  afterAll(async () => server.close());

  it.each(FILES.map((d) => [d.file, d.mediaType] as const))('serves %s as an attachment of type %s', async (file, mediaType) => {
    const response = await get(file);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(mediaType);
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="${file}"`);
    expect((await response.text()).length).toBeGreaterThan(500);
  });

  it.each(PAGES)('serves the %s manual in %s as a page to read, not an attachment', async (manual, lang) => {
    const response = await get(manualPageName(manual, lang));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBeNull();
    expect(response.headers.get('content-security-policy')).toBe(SECURITY_HEADERS['content-security-policy']);
    const html = await response.text();
    expect(html).toContain(`<html lang="${lang}">`);
    // The content policy allows no inline script, and a manual needs none.
    expect(html).not.toMatch(/<script|\son[a-z]+=/i);
    expect(sectionIds(html).length).toBeGreaterThan(5);
  });

  it('gives each manual the same sections, in the same order, and the same screenshots in zh and en', async () => {
    for (const manual of MANUAL_IDS) {
      const [zh, en] = await Promise.all([page(manual, 'zh'), page(manual, 'en')]);
      expect(sectionIds(en), manual).toEqual(sectionIds(zh));
      const shots = (html: string, lang: string) => imageSources(html).map((src) => src.replace(`.${lang}.png`, ''));
      expect(shots(en, 'en'), manual).toEqual(shots(zh, 'zh'));
      expect(shots(zh, 'zh').length, manual).toBeGreaterThan(0);
    }
  });

  it('writes the contents from the sections: one entry per section, linking to it', async () => {
    const html = await page('operation', 'zh');
    const links = [...html.matchAll(/<li><a href="#([^"]+)">/g)].map((m) => m[1]);
    expect(links).toEqual(sectionIds(html));
    expect(html).toContain('<a class="manual-head__lang" href="operation-manual.en.html" hreflang="en" lang="en">English</a>');
  });

  it('serves every image a manual shows, as a PNG in the page language, to the session cookie alone', async () => {
    for (const [manual, lang] of PAGES) {
      for (const src of imageSources(await page(manual, lang))) {
        expect(src, `${manual} ${lang}`).toMatch(new RegExp(`^images/[a-z-]+\\.${lang}\\.png$`));
        const response = await get(src, { cookie });
        expect(response.status, src).toBe(200);
        expect(response.headers.get('content-type'), src).toBe('image/png');
        expect([...new Uint8Array(await response.arrayBuffer()).slice(0, 4)], src).toEqual(PNG_SIGNATURE);
      }
    }
  });

  it('serves the files and the manual pages to the session cookie alone, as a link click sends it', async () => {
    expect((await get('card-plugin.txt', { cookie })).status).toBe(200);
    expect(await (await get('operation-manual.en.html', { cookie })).text()).toContain('<html lang="en">');
  });

  it('answers 504 without a session: files, manual pages and images', async () => {
    for (const name of ['card-plugin.txt', 'operation-manual.zh.html', 'water-truck-manual.en.html', 'images/login.zh.png']) {
      expect(await (await get(name, {})).json(), name).toMatchObject({ resultCode: 504 });
    }
  });

  it('answers 404 for a name outside the catalogue or the shot list, including paths that try to leave the folder', async () => {
    const names = [
      'secret.txt', '..%2Fapp.ts', '..%2F..%2Fpackage.json', 'operation-manual.html', 'operation-manual.fr.html',
      'images/secret.png', 'images/login.fr.png', 'images/..%2Fshots.ts', 'images/..%2F..%2Fmanuals.ts',
    ];
    for (const name of names) expect(await (await get(name)).json(), name).toMatchObject({ resultCode: 404 });
  });
});
