// The console under its own Content-Security-Policy in Chromium: login, live data through the shared worker, an alarm
// pop-up, the badge table and the top-bar panels raise no violation, while an injected inline script is refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { SECURITY_HEADERS } from '../../server/http/security-headers';
import type { Diagnostics } from '../../server/routes/diagnostics';
import { call, raiseSimAlarm } from '../helpers/api';
import { launchBrowser } from '../helpers/browser';
import { headerIdOf, loginAs, newUserPage, requireBuiltConsole } from '../helpers/console';
import { startSimServer, type SimServer } from '../helpers/server';

declare global {
  interface Window {
    cspViolations?: string[];
    inlineRan?: boolean;
  }
}

const violationsOf = (page: Page) => page.evaluate(() => window.cspViolations ?? []);

describe('the console under its content policy', () => {
  let server: SimServer;
  let browser: Browser;
  let admin: { context: BrowserContext; page: Page };
  const consoleReports: string[] = [];

  beforeAll(async () => {
    server = await startSimServer({ staticDir: requireBuiltConsole(), seed: 11, trucks: 20 });
    browser = await launchBrowser();
    admin = await newUserPage(browser, server.url);
    // Registered before any page script runs, on every document of the context.
    await admin.context.addInitScript(() => {
      window.cspViolations = [];
      document.addEventListener('securitypolicyviolation', (event) => {
        window.cspViolations?.push(`${event.violatedDirective} ${event.blockedURI}`);
      });
    });
    admin.page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) consoleReports.push(message.text());
    });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('serves the console page with the policy', async () => {
    const response = await admin.page.goto(`${server.url}/login`);
    expect(response?.headers()['content-security-policy']).toBe(SECURITY_HEADERS['content-security-policy']);
    expect(response?.headers()['x-frame-options']).toBe('DENY');
  });

  it('logs in, shows live counts and an alarm pop-up, opens a badge table and the panels without a violation', async () => {
    const { page } = admin;
    await loginAs(page, server.url, 'admin');
    // Live counts arrive only through the shared worker and its sockets: the policy lets both through.
    await expect.poll(async () => (await page.locator('[data-slot="live-status"] .status-badge__count').allTextContents()).some((n) => n !== '0')).toBe(true);
    const token = (await headerIdOf(page)) ?? '';
    // An alarm raised before the alarm socket subscribed would not be sent to it.
    await expect.poll(async () => (await call<Diagnostics>(server.url, 'GET', '/diagnostics', { token })).data.streaming.alarm).toBe(1);
    await raiseSimAlarm(server.url, token, { type: 1 });
    await page.getByTestId('alarm-popup').first().waitFor();
    await page.locator('.status-badge').first().click();
    await page.getByRole('dialog').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'admin ▾' }).click();
    await page.getByRole('menuitem', { name: '修改密码' }).click();
    await page.getByRole('dialog').waitFor();
    expect(await violationsOf(page)).toEqual([]);
    expect(consoleReports).toEqual([]);
  });

  it('refuses an inline script injected into the page, and reports it', async () => {
    const { page } = admin;
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.inlineRan = true';
      document.body.append(script);
    });
    await expect.poll(() => violationsOf(page)).toEqual([expect.stringMatching(/^script-src/)]);
    expect(await page.evaluate(() => window.inlineRan === true)).toBe(false);
  });
});
