// The session keep-alive in Chromium with real tabs, against a server whose idle limit is 4 s: an operator who only
// watches a visible console tab stays logged in past several idle limits; with no console tab visible and nothing typed
// the session idles out, and the console shows the login screen when it next checks.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { endedSessions, hashToken } from '../../server/auth/sessions';
import { launchTabbedBrowser, type TabbedBrowser } from '../helpers/browser';
import { headerIdOf, loginAs, requireBuiltConsole } from '../helpers/console';
import { startServer, type RunningServer } from '../helpers/server';

const IDLE_MS = 4_000;

describe('a watched console keeps its session (Chromium, real tabs)', () => {
  let server: RunningServer;
  let tabbed: TabbedBrowser;

  beforeAll(async () => {
    server = await startServer({ staticDir: requireBuiltConsole(), sessionIdleMs: IDLE_MS });
    tabbed = await launchTabbedBrowser();
    await tabbed.context.addCookies([{ name: 'language', value: 'zh', url: server.url }]);
  });

  afterAll(async () => {
    await tabbed?.close();
    await server?.close();
  });

  const visibility = (page: Page) => page.evaluate(() => document.visibilityState);
  /** The session row as the server keeps it, read without a call: any call of the test's own would keep it alive. */
  const sessionRow = (token: string) =>
    server.services.db.selectFrom('session').select(['createdAt', 'lastSeenAt']).where('tokenHash', '=', hashToken(token)).executeTakeFirst();
  const ended = async (token: string) => (await endedSessions(server.services.db, [hashToken(token)], server.services.sessions)).size === 1;

  it('keeps an operator who only watches logged in; with no console tab visible the session idles out to the login screen', async () => {
    const { context } = tabbed;
    const first = context.pages()[0] ?? (await context.newPage());
    await loginAs(first, server.url, 'operator');
    const token = await headerIdOf(first);
    if (!token) throw new Error('no header-id after login');
    const createdAt = (await sessionRow(token))?.createdAt ?? 0;

    // A second console tab comes to the front; the first goes behind it. From here on nobody types or clicks.
    const second = await context.newPage();
    await second.goto(`${server.url}/dashboard`);
    await second.locator('.topbar').waitFor();
    await expect.poll(() => visibility(first)).toBe('hidden');
    expect(await visibility(second)).toBe('visible');

    await expect
      .poll(async () => (await sessionRow(token))?.lastSeenAt ?? 0, { timeout: 25_000 })
      .toBeGreaterThanOrEqual(createdAt + 3 * IDLE_MS);
    expect(await ended(token)).toBe(false);
    expect([first.url(), second.url()]).toEqual([`${server.url}/dashboard`, `${server.url}/dashboard`]);

    // Another site's tab in front: no console tab is visible.
    const elsewhere = await context.newPage();
    await expect.poll(() => visibility(second)).toBe('hidden');
    await expect.poll(() => ended(token), { timeout: IDLE_MS + 10_000 }).toBe(true);

    await first.bringToFront();
    await expect.poll(() => visibility(first)).toBe('visible');
    await expect.poll(() => first.url()).toBe(`${server.url}/login`);
    await first.locator('input[name="username"]').waitFor();
    await expect.poll(() => second.url()).toBe(`${server.url}/login`);
    await elsewhere.close();
  });
});
