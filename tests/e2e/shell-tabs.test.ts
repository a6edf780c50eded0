// The tab strip, kept-alive views, quick access and the language switch, as one admin works through them in Chromium.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from '../helpers/browser';
import { loginAs, newUserPage, requireBuiltConsole, waitForToast } from '../helpers/console';
import { startServer, type RunningServer } from '../helpers/server';

describe('tabs, quick access and language in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    server = await startServer({ staticDir: requireBuiltConsole() });
    browser = await launchBrowser();
    ({ context, page } = await newUserPage(browser, server.url));
    await loginAs(page, server.url, 'admin');
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const tabTitles = () => page.locator('.tabs__tab a').allTextContents();
  const activeTab = () => page.locator('.tabs__tab--active a').textContent();
  /** Opens a screen through the sidebar, as a user does (a page load would start a new tab strip). */
  async function open(group: string, screen: string) {
    const toggle = page.locator('.sidebar__group', { hasText: group });
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
    await page.locator('.sidebar__link', { hasText: screen }).click();
    await page.locator('.view:not([hidden]) h1', { hasText: screen }).waitFor();
  }
  /** Marks the DOM of the view on screen; a view that was mounted again has lost the mark, as it would a typed value. */
  const mark = (path: string) => page.locator(`[data-view="${path}"] h1`).evaluate((h1) => h1.setAttribute('data-mark', 'kept'));
  const marked = (path: string) => page.locator(`[data-view="${path}"] h1[data-mark="kept"]`).count();

  it('opens one tab per visited screen, titled from the route, in visiting order', async () => {
    await open('监控看板', '实时地图');
    await open('货物事件报表', '液位趋势');
    await open('监控看板', '实时地图');
    await open('基础数据', '油库');
    expect(await tabTitles()).toEqual(['个人中心', '实时地图', '液位趋势', '油库']);
    expect(await activeTab()).toBe('油库');
    await expect(page.locator('.breadcrumb').textContent()).resolves.toBe('基础数据油库');
  });

  it('keeps visited views alive across tab switches, but mounts the dashboard (noCache) afresh', async () => {
    await page.locator('.tabs__tab a', { hasText: '实时地图' }).click();
    await mark('/monitor/track_map');
    await page.locator('.tabs__tab a', { hasText: '个人中心' }).click();
    await page.locator('.dashboard').evaluate((el) => el.setAttribute('data-mark', 'kept'));
    await page.locator('.tabs__tab a', { hasText: '液位趋势' }).click();
    expect(await page.locator('.dashboard').count()).toBe(0);
    await page.locator('.tabs__tab a', { hasText: '实时地图' }).click();
    expect(await marked('/monitor/track_map')).toBe(1);
    await page.locator('.tabs__tab a', { hasText: '个人中心' }).click();
    expect(await page.locator('.dashboard[data-mark]').count()).toBe(0);
  });

  it('refreshes a tab from its context menu by mounting its view again', async () => {
    await page.locator('.tabs__tab a', { hasText: '实时地图' }).click();
    expect(await marked('/monitor/track_map')).toBe(1);
    await page.locator('.tabs__tab', { hasText: '实时地图' }).click({ button: 'right' });
    await page.getByRole('menuitem', { name: '刷新' }).click();
    expect(await marked('/monitor/track_map')).toBe(0);
    expect(await tabTitles()).toEqual(['个人中心', '实时地图', '液位趋势', '油库']);
  });

  it('goes to the last tab when the active tab closes, and stays when another closes', async () => {
    await page.locator('.tabs__tab a', { hasText: '液位趋势' }).click();
    await page.getByRole('button', { name: '关闭液位趋势' }).click();
    await page.waitForURL(/\/setting\/base_data\/storage$/);
    expect(await tabTitles()).toEqual(['个人中心', '实时地图', '油库']);
    await page.locator('.tabs__tab', { hasText: '个人中心' }).click({ button: 'right' });
    await page.getByRole('menuitem', { name: '关闭', exact: true }).click();
    expect(await tabTitles()).toEqual(['实时地图', '油库']);
    expect(new URL(page.url()).pathname).toBe('/setting/base_data/storage');
  });

  it('closes the others from the context menu, reached from the keyboard, bringing the kept tab on screen', async () => {
    await page.locator('.tabs__tab a', { hasText: '实时地图' }).focus();
    await page.keyboard.press('Shift+F10');
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('刷新');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/monitor\/track_map$/);
    expect(await tabTitles()).toEqual(['实时地图']);
  });

  it('closes all and goes to the dashboard', async () => {
    await open('货物事件报表', '液位趋势');
    await page.locator('.tabs__tab', { hasText: '液位趋势' }).click({ button: 'right' });
    await page.getByRole('menuitem', { name: '关闭所有' }).click();
    await page.waitForURL(/\/dashboard$/);
    expect(await tabTitles()).toEqual(['个人中心']);
  });

  it('slides quick access in on hover and toggles its list on click', async () => {
    const quick = page.locator('aside.quick');
    expect(await quick.getAttribute('class')).toBe('quick');
    await page.locator('.quick__handle').hover();
    expect(await quick.getAttribute('class')).toBe('quick quick--shown');
    await page.locator('.quick__handle').click();
    await page.locator('#quick-access-list').waitFor({ state: 'visible', timeout: 10_000 });
    await page.locator('.quick__handle').click();
    await page.locator('#quick-access-list').waitFor({ state: 'hidden', timeout: 10_000 });
  });

  it('adds the page on screen, warns 快速访问中已存在此菜单 for it again, and navigates from a row', async () => {
    await open('监控看板', '实时地图');
    await page.locator('.quick__handle').click();
    await page.getByRole('button', { name: '添加当前页面' }).click();
    await waitForToast(page, '添加成功');
    await page.locator('.quick__list button', { hasText: '实时地图' }).waitFor();
    await page.getByRole('button', { name: '添加当前页面' }).click();
    await waitForToast(page, '快速访问中已存在此菜单');
    expect(await page.locator('.toast--warning').count()).toBeGreaterThan(0);
    await open('货物事件报表', '液位趋势');
    await page.getByRole('button', { name: '添加当前页面' }).click();
    await page.locator('.quick__list button', { hasText: '液位趋势' }).waitFor();
    await page.locator('.quick__list button', { hasText: '实时地图' }).click();
    await page.waitForURL(/\/monitor\/track_map$/);
  });

  it('lists the entries on the dashboard', async () => {
    await page.locator('.tabs__tab a', { hasText: '个人中心' }).click();
    expect(await page.locator('.dashboard__quick a').allTextContents()).toEqual(['实时地图', '液位趋势']);
  });

  it('removes the next clicked entry after the minus, instead of navigating', async () => {
    await page.getByRole('button', { name: '删除模式：点击要移除的菜单' }).click();
    expect(await page.getByRole('button', { name: '删除模式：点击要移除的菜单' }).getAttribute('aria-pressed')).toBe('true');
    await page.locator('.quick__list button', { hasText: '液位趋势' }).click();
    await waitForToast(page, '移除成功');
    await page.locator('.quick__list button', { hasText: '液位趋势' }).waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    expect(await page.getByRole('button', { name: '删除模式：点击要移除的菜单' }).getAttribute('aria-pressed')).toBe('false');
    expect(await page.locator('.dashboard__quick a').allTextContents()).toEqual(['实时地图']);
  });

  it('switches every text to English without a reload, says Switch Language Success, and shows dates month/day/year', async () => {
    await page.evaluate(() => Object.assign(window, { __sameDocument: true }));
    // The last login is in the user menu, with the area the server gave it in the language of that login (Chinese),
    // shown in the console's.
    let area: string | null = null;
    const lastLogin = async () => {
      await page.locator('.usermenu > button').click();
      const text = await page.locator('[data-testid="last-login-time"]').textContent();
      area = await page.locator('.usermenu__account dd').last().textContent();
      await page.keyboard.press('Escape');
      return text;
    };
    const zhTime = await lastLogin();
    expect(zhTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    await page.locator('.topbar select').selectOption('en');
    await waitForToast(page, 'Switch Language Success');
    const [y, m, d, time] = [zhTime!.slice(0, 4), zhTime!.slice(5, 7), zhTime!.slice(8, 10), zhTime!.slice(11)];
    expect(area).toBe('本地网络');
    expect(await lastLogin()).toBe(`${m}/${d}/${y} ${time}`);
    expect(area).toBe('Local network');
    expect(await tabTitles()).toEqual(['Personal centre', 'Live map', 'Level trend']);
    expect(await page.locator('.sidebar > .sidebar__list > li > :is(a, button)').first().textContent()).toBe('Personal centre');
    await expect(page.locator('.dashboard h1').textContent()).resolves.toBe('Operations overview');
    expect((await context.cookies()).find((c) => c.name === 'language')?.value).toBe('en');
    expect(await page.evaluate(() => 'true' === String((window as unknown as { __sameDocument?: boolean }).__sameDocument))).toBe(true);
    await page.reload();
    await page.locator('.topbar').waitFor();
    expect(await page.locator('.topbar select').inputValue()).toBe('en');
  });
});
