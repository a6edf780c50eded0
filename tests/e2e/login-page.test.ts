// The built console, served by the real server, in real Chromium.
import path from 'node:path';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../helpers/browser';
import { startServer, type RunningServer } from '../helpers/server';

const distDir = path.resolve(import.meta.dirname, '../../dist');

describe('login page in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    if (!fs.existsSync(path.join(distDir, 'index.html'))) {
      throw new Error('dist/ is missing: `npm test` builds the console before this layer runs (npm run build)');
    }
    server = await startServer({ staticDir: distDir });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('sends an unknown path to /login, which shows user name, password and verification code in Chinese', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/monitor/cargo_transport`);
    await page.waitForURL(/\/login$/);
    await expect(page.getByLabel('用户名').isVisible()).resolves.toBe(true);
    await expect(page.getByLabel('密码').isVisible()).resolves.toBe(true);
    await expect(page.getByLabel('验证码', { exact: true }).isVisible()).resolves.toBe(true);
    const alt = await page.getByRole('img').getAttribute('alt');
    expect(alt).toMatch(/^验证码图片：[A-Za-z0-9]{4}$/);
    await page.close();
  });

  it('shows the English field labels when the language cookie says en', async () => {
    const context = await browser.newContext();
    await context.addCookies([{ name: 'language', value: 'en', url: server.url }]);
    const page = await context.newPage();
    await page.goto(`${server.url}/login`);
    await expect(page.getByLabel('User name').isVisible()).resolves.toBe(true);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByRole('alert').textContent()).resolves.toBe('please enter user name and password');
    await context.close();
  });
});
