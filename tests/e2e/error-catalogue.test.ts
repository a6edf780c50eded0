// The spec §8 error catalogue in Chromium, in English (its texts are the spec's): each resultCode's reaction,
// HTTP 500 and a dropped connection (injected by the test-only fault plugin), and a real 504.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { hashToken } from '../../server/auth/sessions';
import { call } from '../helpers/api';
import { launchBrowser } from '../helpers/browser';
import { armFault, clearFaults, headerIdOf, loginAs, newUserPage, requireBuiltConsole, waitForToast } from '../helpers/console';
import { startServer, type RunningServer } from '../helpers/server';

const ADD_PATH = '/truckmanage/api/addUserQuickVisit';

describe('error catalogue in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    server = await startServer({ staticDir: requireBuiltConsole(), faults: true });
    browser = await launchBrowser();
    ({ page } = await newUserPage(browser, server.url, 'en'));
    await loginAs(page, server.url, 'admin');
    await page.locator('.quick__handle').click();
  });

  afterEach(async () => {
    await clearFaults(server.url);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  /** Any shell call will do: adding the page on screen to quick access is one the user makes with a click. */
  const addPage = () => page.getByRole('button', { name: 'Add this page' }).click();
  const alert = () => page.getByRole('alertdialog');

  it('401: shows the access limit alert with the server message; confirming reloads the menus', async () => {
    await armFault(server.url, { path: ADD_PATH, resultCode: 401, message: 'You have no access to this function' });
    await addPage();
    await alert().waitFor();
    await expect(alert().locator('h2').textContent()).resolves.toBe('access limit');
    await expect(alert().locator('p').textContent()).resolves.toBe('You have no access to this function');
    const menus = page.waitForRequest((request) => request.url().endsWith('/truckmanage/api/menus'));
    await alert().getByRole('button', { name: 'Confirm' }).click();
    await menus;
    expect(await alert().count()).toBe(0);
    expect(await page.locator('.toast').count()).toBe(0);
  });

  it('500: shows the access error alert with the server message', async () => {
    await armFault(server.url, { path: ADD_PATH, resultCode: 500, message: 'The server failed, try again later' });
    await addPage();
    await alert().waitFor();
    await expect(alert().locator('h2').textContent()).resolves.toBe('access error');
    await expect(alert().locator('p').textContent()).resolves.toBe('The server failed, try again later');
    await alert().getByRole('button', { name: 'Confirm' }).click();
  });

  it('any other code: an error toast with the server message', async () => {
    await armFault(server.url, { path: ADD_PATH, resultCode: 429, message: 'Too many attempts' });
    await addPage();
    await waitForToast(page, 'Too many attempts');
    expect(await page.locator('.toast--error', { hasText: 'Too many attempts' }).getAttribute('role')).toBe('alert');
    expect(await alert().count()).toBe(0);
  });

  it('HTTP 500: the request failed alert about an access error', async () => {
    await armFault(server.url, { path: ADD_PATH, httpStatus: 500 });
    await addPage();
    await alert().waitFor();
    await expect(alert().locator('h2').textContent()).resolves.toBe('request failed');
    await expect(alert().locator('p').textContent()).resolves.toBe('Access error, please try again later');
    await alert().getByRole('button', { name: 'Confirm' }).click();
  });

  it('a dropped connection: the network error text', async () => {
    // Chromium silently retries a request whose reused connection dropped, so the fault outlasts its retries.
    await armFault(server.url, { path: ADD_PATH, abort: true, times: 10 });
    await addPage();
    await waitForToast(page, 'Network error, please check the connection');
  });

  it('504: a session that expired on the server logs the console out and reloads to the login screen', async () => {
    // Every fault above refused the add, so the page is not listed yet and the add reaches the server.
    expect(await page.locator('.quick__list').count()).toBe(0);
    const token = (await headerIdOf(page)) ?? '';
    // The session row goes as an expiry would, the moment the add leaves the page: deleted any earlier, a background
    // call (the keep-alive, a poll) could meet the 504 first. Its sockets stay until the 30 s sweep.
    await page.route(`**${ADD_PATH}*`, async (route) => {
      await server.services.db.deleteFrom('session').where('tokenHash', '=', hashToken(token)).execute();
      await route.continue();
    });
    const reloaded = page.waitForEvent('load');
    await addPage();
    await reloaded;
    await page.unrouteAll();
    await page.waitForURL(/\/login$/);
    await expect(page.evaluate(() => localStorage.getItem('header-id'))).resolves.toBeNull();
  });

  it('a logout elsewhere ends the console at once: the server closes its sockets with 4401', async () => {
    await loginAs(page, server.url, 'operator');
    // The console's worker has its sockets open on the server before the logout elsewhere.
    await expect.poll(() => server.services.sockets?.openCounts().alarm ?? 0, { timeout: 10_000 }).toBeGreaterThan(0);
    const token = (await headerIdOf(page)) ?? '';
    await call(server.url, 'GET', '/loginOut', { token });
    await page.waitForURL(/\/login$/);
    await expect(page.evaluate(() => localStorage.getItem('header-id'))).resolves.toBeNull();
  });
});
