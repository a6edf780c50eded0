// The login screen and the access guard, in real Chromium against the real server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { call } from '../helpers/api';
import { launchBrowser } from '../helpers/browser';
import { armFault, captchaCode, fillLogin, headerIdOf, loginAs, newUserPage, requireBuiltConsole } from '../helpers/console';
import { startServer, type RunningServer } from '../helpers/server';

describe('login and access guard in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer({ staticDir: requireBuiltConsole(), faults: true });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('sends every path to /login without a session, which shows user name, password and code in Chinese', async () => {
    const { context, page } = await newUserPage(browser, server.url);
    for (const path of ['/', '/dashboard', '/monitor/cargo_transport', '/no/such/screen']) {
      await page.goto(`${server.url}${path}`);
      await page.waitForURL(/\/login$/);
    }
    await page.getByLabel('用户名').waitFor({ state: 'visible', timeout: 10_000 });
    await page.getByLabel('密码').waitFor({ state: 'visible', timeout: 10_000 });
    await page.getByLabel('验证码', { exact: true }).waitFor({ state: 'visible', timeout: 10_000 });
    expect(await page.getByRole('img').getAttribute('alt')).toMatch(/^验证码图片：[A-Za-z0-9]{4}$/);
    await context.close();
  });

  it('keeps /404 public', async () => {
    const { context, page } = await newUserPage(browser, server.url);
    await page.goto(`${server.url}/404`);
    await expect(page.locator('h1').textContent()).resolves.toBe('404');
    expect(new URL(page.url()).pathname).toBe('/404');
    await context.close();
  });

  it('shows the English field labels and messages when the language cookie says en', async () => {
    const { context, page } = await newUserPage(browser, server.url, 'en');
    await page.goto(`${server.url}/login`);
    await page.getByLabel('User name').waitFor({ state: 'visible', timeout: 10_000 });
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByRole('alert').textContent()).resolves.toBe('please enter user name and password');
    await page.locator('input[name="username"]').fill('admin');
    await page.locator('input[name="password"]').fill('admin123');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByRole('alert').textContent()).resolves.toBe('verification code required');
    await context.close();
  });

  it('shows each login message: credentials, code required, wrong code with a new code, the server refusal', async () => {
    const { context, page } = await newUserPage(browser, server.url);
    await page.goto(`${server.url}/login`);
    const alert = page.locator('.login__error');
    await page.locator('button[type="submit"]').click();
    await expect(alert.textContent()).resolves.toBe('请输入用户名和密码');
    await page.locator('input[name="username"]').fill('operator');
    await page.locator('input[name="password"]').fill('operator123');
    await page.locator('button[type="submit"]').click();
    await expect(alert.textContent()).resolves.toBe('请输入验证码');
    const first = await captchaCode(page);
    await page.locator('input[name="code"]').fill(first === 'zzzz' ? 'yyyy' : 'zzzz');
    await page.locator('button[type="submit"]').click();
    await expect(alert.textContent()).resolves.toBe('请输入正确的验证码');
    await expect(page.locator('input[name="code"]').inputValue()).resolves.toBe('');
    await fillLogin(page, 'operator', 'not-the-password');
    await page.locator('.login__error', { hasText: '用户名或密码错误' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    await context.close();
  });

  it('logs in with the user name trimmed, opens the dashboard, and sends /login on to /', async () => {
    const { context, page } = await newUserPage(browser, server.url);
    await page.goto(`${server.url}/login`);
    await fillLogin(page, '  operator  ', 'operator123');
    await page.waitForURL(/\/dashboard$/);
    await expect(page.locator('.dashboard h1').textContent()).resolves.toBe('运营总览');
    // The user's own details are in the user menu.
    await page.getByRole('button', { name: 'operator ▾' }).click();
    await expect(page.locator('.usermenu__account dd').first().textContent()).resolves.toBe('李调度');
    const token = await page.evaluate(() => localStorage.getItem('token'));
    expect(JSON.parse(token ?? 'null')).toEqual({ id: expect.any(Number), userName: 'operator' });
    await page.goto(`${server.url}/login`);
    await page.waitForURL(/\/dashboard$/);
    await context.close();
  });

  it('says inside the console that a screen outside the user menu is not theirs, and that a path that is no screen does not exist', async () => {
    const { context, page } = await newUserPage(browser, server.url);
    await loginAs(page, server.url, 'operator');
    // A link followed inside the console (a bookmark in the quick access, say): no page load.
    await page.evaluate(() => history.pushState(null, '', '/setting/base_data/station'));
    const denied = page.locator('.shell__content [data-denied="noAccess"]');
    await expect(denied.locator('h1').textContent()).resolves.toBe('无权访问此页面');
    expect(new URL(page.url()).pathname).toBe('/setting/base_data/station');
    // The layout stays around it, and the screen gets no tab.
    expect(await page.locator('.tabs__tab a').allTextContents()).toEqual(['个人中心']);
    expect(await page.locator('.tabs__tab--active').count()).toBe(0);
    await page.goto(`${server.url}/no/such/page`);
    await expect(page.locator('.shell__content [data-denied="notFound"] h1').textContent()).resolves.toBe('页面不存在');
    await page.getByRole('link', { name: '返回首页' }).click();
    await page.waitForURL(/\/dashboard$/);
    await context.close();
  });

  it('returns to /login when the stored token fails its check, keeping nothing', async () => {
    const { context, page } = await newUserPage(browser, server.url);
    await loginAs(page, server.url, 'manager');
    const token = await headerIdOf(page);
    // The page leaves first: open, it would meet the ended session in a background call (keep-alive, poll) and reload
    // itself, racing a reload of ours. Coming back, the console finds only the stored token to check.
    await page.goto('about:blank');
    expect((await call(server.url, 'GET', '/loginOut', { token: token ?? '' })).resultCode).toBe(200);
    // Only until the document commits: the failed check reloads the page, which may come before its load event.
    await page.goto(`${server.url}/dashboard`, { waitUntil: 'commit' });
    await page.waitForURL(/\/login$/);
    // The failed check clears the session and reloads the page (session.expired): the URL may read /login before that
    // reload has run, so the stored items are read until a page that is not going away answers.
    await expect
      .poll(() => page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('header-id')]).catch(() => 'navigating'))
      .toEqual([null, null]);
    await page.locator('.login__form').waitFor();
    await context.close();
  });

  it('keeps the console open when a reload cannot reach the server to check the session, and checks again', async () => {
    const { context, page } = await newUserPage(browser, server.url);
    await loginAs(page, server.url, 'operator');
    const checked = () => page.waitForResponse((response) => new URL(response.url()).pathname.endsWith('/menus'));
    // A gateway's answer while the server is down (Chromium sends a GET again by itself on a dropped connection).
    await armFault(server.url, { path: '/truckmanage/api/menus', httpStatus: 502 });
    const failedCheck = checked();
    await page.reload();
    expect((await failedCheck).status()).toBe(502);
    const retried = checked();
    await page.locator('.topbar').waitFor();
    // The stored session and menus keep the shell open; the check after the wait succeeds, and nothing was cleared.
    expect((await retried).status()).toBe(200);
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    expect(await headerIdOf(page)).not.toBeNull();
    await page.locator('.sidebar__link').first().waitFor();
    await context.close();
  });

  it('logs out from the user menu: the server session ends and the page is back at /login', async () => {
    const { context, page } = await newUserPage(browser, server.url);
    await loginAs(page, server.url, 'admin');
    const token = (await headerIdOf(page)) ?? '';
    await page.getByRole('button', { name: 'admin ▾' }).click();
    await page.getByRole('menuitem', { name: '退出登录' }).click();
    await page.waitForURL(/\/login$/);
    expect((await call(server.url, 'GET', '/menus', { token })).resultCode).toBe(504);
    await context.close();
  });

  it('shares one login across the tabs of a browser, and a logout in one tab sends the others to /login', async () => {
    const { context, page: first } = await newUserPage(browser, server.url);
    await loginAs(first, server.url, 'operator');
    const second = await context.newPage();
    await second.goto(`${server.url}/dashboard`);
    await second.locator('.topbar').waitFor();
    expect(new URL(second.url()).pathname).toBe('/dashboard');
    await first.getByRole('button', { name: 'operator ▾' }).click();
    await first.getByRole('menuitem', { name: '退出登录' }).click();
    await first.waitForURL(/\/login$/);
    await second.waitForURL(/\/login$/);
    await context.close();
  });
});
