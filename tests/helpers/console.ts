// Drives the built console in Chromium like a user: log in through the form, read toasts and alerts, arm server faults.
import path from 'node:path';
import fs from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DEMO_ACCOUNTS } from '../../server/seed/accounts';
import type { Fault } from '../../server/test-faults';

/** The built console; CONSOLE_DIST points at another build (`vite build --outDir …`, so parallel work does not share dist/). */
export const DIST_DIR = process.env['CONSOLE_DIST'] ?? path.resolve(import.meta.dirname, '../../dist');

export function requireBuiltConsole(): string {
  if (!fs.existsSync(path.join(DIST_DIR, 'index.html'))) {
    throw new Error('dist/ is missing: `npm test` builds the console before this layer runs (npm run build)');
  }
  return DIST_DIR;
}

export function demoPassword(userName: string): string {
  const account = DEMO_ACCOUNTS.find((a) => a.userName === userName);
  if (!account) throw new Error(`no demo account ${userName}`);
  return account.password;
}

/** The code the captcha image carries as its accessible label. */
export async function captchaCode(page: Page): Promise<string> {
  const alt = (await page.locator('.login__captcha img').getAttribute('alt')) ?? '';
  return alt.slice(-4);
}

export async function fillLogin(page: Page, username: string, password: string, code?: string): Promise<void> {
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('input[name="code"]').fill(code ?? (await captchaCode(page)));
  await page.locator('button[type="submit"]').click();
}

/**
 * Logs a demo account in through the login form and waits for the dashboard: the whole shell, whose menu and views
 * render a moment after its top bar.
 */
export async function loginAs(page: Page, base: string, userName: string, password = demoPassword(userName)): Promise<void> {
  await page.goto(`${base}/login`).catch(async (error: unknown) => {
    // A logout just before reloads the page (unless the server's socket close ended the session first): that reload may
    // cut this navigation short. Once it is done, go again.
    if (!String(error).includes('interrupted by another navigation')) throw error;
    await page.waitForLoadState('load');
    await page.goto(`${base}/login`);
  });
  await fillLogin(page, userName, password);
  await page.waitForURL(/\/dashboard$/);
  await page.locator('.topbar').waitFor();
  await page.locator('.shell__content').waitFor();
}

/**
 * The zone of the test browsers' clocks: not the fleet's, as for an operator abroad or a machine left on UTC, so a time
 * the console showed in the browser's zone instead of the one display zone would read 8 h off.
 */
export const BROWSER_ZONE = 'UTC';

/** A fresh browser context (own cookies and storage) with the language cookie set, its clock on BROWSER_ZONE. */
export async function newUserPage(browser: Browser, base: string, lang: 'zh' | 'en' = 'zh'): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, timezoneId: BROWSER_ZONE });
  await context.addCookies([{ name: 'language', value: lang, url: base }]);
  return { context, page: await context.newPage() };
}

export async function toastTexts(page: Page): Promise<string[]> {
  return page.locator('.toast__text').allTextContents();
}

export async function waitForToast(page: Page, text: string): Promise<void> {
  await page.locator('.toast__text', { hasText: text }).first().waitFor();
}

export async function armFault(base: string, fault: Fault): Promise<void> {
  const response = await fetch(`${base}/__test/fault`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(fault) });
  if (!response.ok) throw new Error(`arming the fault failed: ${response.status}`);
}

export async function clearFaults(base: string): Promise<void> {
  await fetch(`${base}/__test/fault`, { method: 'DELETE' });
}

/** The header-id this page's session sends, read from the console's shared local storage. */
export function headerIdOf(page: Page): Promise<string | null> {
  return page.evaluate(() => localStorage.getItem('header-id'));
}
