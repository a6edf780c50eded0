// The first load in Chromium against the real server: what the login page fetches, and a new tab of a logged-in
// browser that opens its shell and badges from what the browser holds while the server checks the session.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { seedFleet } from '../../server/sim';
import { call } from '../helpers/api';
import { launchBrowser } from '../helpers/browser';
import { armFault, clearFaults, headerIdOf, loginAs, newUserPage, requireBuiltConsole } from '../helpers/console';
import { startServer, type RunningServer } from '../helpers/server';

const SHELL_CODE = /\/assets\/(Shell|live-client)-[\w-]+\.js$/;

async function badgeCounts(page: Page): Promise<string[]> {
  return page.locator('[data-slot="live-status"] .status-badge__count').allTextContents();
}

/** The badges show the fleet's counts: five numbers, not all zero (the seeded fleet has trucks). */
async function badgesShowCounts(page: Page): Promise<void> {
  await expect
    .poll(async () => {
      const counts = await badgeCounts(page);
      return counts.length === 5 && counts.every((count) => /^\d+$/.test(count)) && counts.some((count) => Number(count) > 0);
    }, { timeout: 15_000 })
    .toBe(true);
}

describe('first load in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer({
      staticDir: requireBuiltConsole(),
      faults: true,
      prepare: async (services) => {
        await seedFleet(services.db, { seed: 5, trucks: 20, now: Date.now() });
      },
    });
    browser = await launchBrowser();
  });

  afterEach(async () => {
    await clearFaults(server.url);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('loads none of the shell’s code on the login page until someone types, then fetches it ahead of the login', async () => {
    const { context, page } = await newUserPage(browser, server.url);
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto(`${server.url}/login`);
    await page.locator('.login__form').waitFor();
    await page.waitForTimeout(500);
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((script) => SHELL_CODE.test(script))).toEqual([]);

    const shellFetched = page.waitForRequest((request) => /\/assets\/Shell-[\w-]+\.js$/.test(new URL(request.url()).pathname));
    await page.locator('input[name="username"]').pressSequentially('ad');
    await shellFetched;
    await context.close();
  });

  it('shows the badges in a new tab of a logged-in browser while the server has not yet answered its session check', async () => {
    const { context, page } = await newUserPage(browser, server.url);
    await loginAs(page, server.url, 'admin');
    await badgesShowCounts(page);
    // The check is the shell load: menus and privileges. Held, it cannot be what the new tab waits for.
    await armFault(server.url, { path: '/truckmanage/api/menus', hold: true });
    const second = await context.newPage();
    const checked = second.waitForRequest((request) => new URL(request.url()).pathname === '/truckmanage/api/menus');
    await second.goto(`${server.url}/dashboard`);
    await checked;
    await badgesShowCounts(second);
    expect(await badgeCounts(second)).toEqual(await badgeCounts(page));
    const answered = second.waitForResponse((response) => new URL(response.url()).pathname === '/truckmanage/api/menus');
    await clearFaults(server.url);
    await answered;
    await second.locator('.sidebar').waitFor();
    expect(new URL(second.url()).pathname).toBe('/dashboard');
    await context.close();
  });

  it('shows the badge counts in a new tab before React has loaded, then one strip of badges in its shell', async () => {
    const { context, page } = await newUserPage(browser, server.url);
    await loginAs(page, server.url, 'admin');
    await badgesShowCounts(page);
    const second = await context.newPage();
    // React's DOM renderer and the shell are held back: whatever shows counts now is the boot bar.
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    await second.route(/\/assets\/(client|Shell)-[\w-]+\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    await second.goto(`${server.url}/dashboard`);
    await badgesShowCounts(second);
    expect(await second.locator('.sidebar').count()).toBe(0);
    release();
    await second.locator('.sidebar').waitFor();
    await badgesShowCounts(second);
    expect(await second.locator('[data-slot="live-status"]').count()).toBe(1);
    expect(await badgeCounts(second)).toHaveLength(5);
    await context.close();
  });

  it('sends a new tab to /login when the server refuses the stored session, its stored menus and all', async () => {
    const { context, page } = await newUserPage(browser, server.url);
    await loginAs(page, server.url, 'operator');
    expect(await page.evaluate(() => localStorage.getItem('shell'))).not.toBeNull();
    const token = (await headerIdOf(page)) ?? '';
    expect((await call(server.url, 'GET', '/loginOut', { token })).resultCode).toBe(200);
    const second = await context.newPage();
    await second.goto(`${server.url}/dashboard`);
    await second.waitForURL(/\/login$/);
    await second.locator('.login__form').waitFor();
    await expect(second.evaluate(() => ['token', 'header-id', 'session', 'shell'].map((key) => localStorage.getItem(key)))).resolves.toEqual([
      null, null, null, null,
    ]);
    await context.close();
  });
});
