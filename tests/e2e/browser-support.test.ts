// A browser without WebSocket in Chromium: the spec's '提示 / 访问限制' alert on load, and the console still logs in and
// shows its menus, without live data.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { Diagnostics } from '../../server/routes/diagnostics';
import { call, login } from '../helpers/api';
import { launchBrowser } from '../helpers/browser';
import { fillLogin, newUserPage, requireBuiltConsole } from '../helpers/console';
import { startServer, type RunningServer } from '../helpers/server';

describe('a browser without WebSocket', () => {
  let server: RunningServer;
  let browser: Browser;
  let user: { context: BrowserContext; page: Page };

  beforeAll(async () => {
    server = await startServer({ staticDir: requireBuiltConsole() });
    browser = await launchBrowser();
    user = await newUserPage(browser, server.url);
    // As an old or locked-down browser would be: no WebSocket on the page at all.
    await user.context.addInitScript(() => {
      Reflect.deleteProperty(window, 'WebSocket');
    });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('shows 提示 / 访问限制 once when the page loads', async () => {
    const { page } = user;
    await page.goto(`${server.url}/login`);
    const alert = page.getByRole('alertdialog');
    await expect.poll(() => alert.locator('h2').textContent()).toBe('提示');
    expect(await alert.locator('p').textContent()).toBe('访问限制');
    await alert.getByRole('button', { name: '确定' }).click();
    expect(await page.getByRole('alertdialog').count()).toBe(0);
  });

  it('still logs in and shows the menus, and opens no socket', async () => {
    const { page } = user;
    await fillLogin(page, 'operator', 'operator123');
    await page.waitForURL(/\/dashboard$/);
    await expect.poll(() => page.locator('.sidebar__list a, .sidebar__list button').count()).toBeGreaterThan(0);
    // Checked once the dashboard's own calls are done: no worker was started, so the server saw no socket.
    await page.waitForLoadState('networkidle');
    const admin = await login(server.url, 'admin');
    const diagnostics = await call<Diagnostics>(server.url, 'GET', '/diagnostics', { token: admin.token });
    expect(diagnostics.data.sockets).toEqual({ truck: 0, alarm: 0 });
  });
});
