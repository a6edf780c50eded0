// The shell each demo role gets in Chromium: its menu, the sensor flag, the water-truck user's limits, the downloads,
// the remembered sidebar, and the menu search by keyboard.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { translate } from '../../domain/i18n';
import { MENU_GROUPS, type MenuGroup } from '../../domain/routes';
import { launchBrowser } from '../helpers/browser';
import { loginAs, newUserPage, requireBuiltConsole } from '../helpers/console';
import { startServer, type RunningServer } from '../helpers/server';

const groupNames = (groups: readonly MenuGroup[]) => groups.map((group) => translate('zh', `menu.${group}`));

const EXPECTED_MENUS: Readonly<Record<string, readonly MenuGroup[]>> = {
  admin: MENU_GROUPS,
  manager: MENU_GROUPS.filter((group) => group !== 'device_parameter'),
  operator: ['personal', 'monitor', 'cargo_event', 'cargo_exception', 'driving_event', 'driving_exception', 'active_safety'],
  garden: ['personal', 'monitor'],
};

describe('the shell per role in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  const pages = new Map<string, { context: BrowserContext; page: Page }>();

  beforeAll(async () => {
    server = await startServer({ staticDir: requireBuiltConsole() });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  async function pageOf(user: string): Promise<Page> {
    const open = pages.get(user);
    if (open) return open.page;
    const opened = await newUserPage(browser, server.url);
    pages.set(user, opened);
    await loginAs(opened.page, server.url, user);
    return opened.page;
  }

  const topLevel = (page: Page) => page.locator('.sidebar > .sidebar__list > li > :is(a, button)').allTextContents();
  const cookie = async (user: string, name: string) =>
    (await pages.get(user)?.context.cookies())?.find((c) => c.name === name)?.value;

  it.each(Object.entries(EXPECTED_MENUS))('gives %s the menu groups its role holds', async (user, groups) => {
    const page = await pageOf(user);
    expect(await topLevel(page)).toEqual(groupNames(groups));
  });

  it('gives the garden user only the sprinkler screens and the alarm inbox under the monitor board', async () => {
    const page = await pageOf('garden');
    await page.getByRole('button', { name: '监控看板' }).click();
    const links = await page.locator('.sidebar .sidebar__list .sidebar__list a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(links.sort()).toEqual([
      '/monitor/alarm_inbox', '/monitor/sprinkler_inventory', '/monitor/sprinkler_monitoring', '/monitor/sprinkler_playback_track',
      '/monitor/sprinkler_real_inventory', '/monitor/sprinkler_statistics',
    ]);
  });

  it('sets the sensor-enable cookie only for the user whose menu holds 传感器使能, and never shows that entry', async () => {
    await pageOf('admin');
    await pageOf('operator');
    expect(await cookie('admin', 'sensorEnable')).toBe('1');
    expect(await cookie('operator', 'sensorEnable')).toBeUndefined();
    expect(await (await pageOf('admin')).locator('.sidebar', { hasText: '传感器使能' }).count()).toBe(0);
  });

  it('hides the language select and the video, card and manual links from the water-truck user, who gets the water-truck manual', async () => {
    const page = await pageOf('garden');
    expect(await page.locator('.topbar select').count()).toBe(0);
    await page.getByRole('button', { name: 'garden ▾' }).click();
    const items = await page.getByRole('menuitem').allTextContents();
    expect(items).toEqual(['修改密码', '洒水车操作手册', '退出登录']);
    const href = await page.getByRole('menuitem', { name: '洒水车操作手册' }).getAttribute('href');
    const response = await page.request.get(`${server.url}${href}`);
    expect(response.status()).toBe(200);
    // A page to read in a new tab (tests/e2e/manual.test.ts opens it), not an attachment.
    expect(response.headers()['content-disposition']).toBeUndefined();
    expect(await page.getByRole('menuitem', { name: '洒水车操作手册' }).getAttribute('target')).toBe('_blank');
    expect(await response.text()).toContain('<h1>洒水车操作手册</h1>');
    await page.keyboard.press('Escape');
  });

  it('gives other users the language select and the video software, card plugin and operation manual downloads', async () => {
    const page = await pageOf('operator');
    expect(await page.locator('.topbar select').count()).toBe(1);
    await page.getByRole('button', { name: 'operator ▾' }).click();
    expect(await page.getByRole('menuitem').allTextContents()).toEqual(['修改密码', '视频软件下载', '读卡插件下载', '操作手册', '退出登录']);
    for (const name of ['视频软件下载', '读卡插件下载', '操作手册']) {
      const href = await page.getByRole('menuitem', { name }).getAttribute('href');
      const response = await page.request.get(`${server.url}${href}`);
      expect(response.status(), name).toBe(200);
      expect((await response.body()).length, name).toBeGreaterThan(500);
    }
    await page.keyboard.press('Escape');
    expect(await page.getByRole('menu').count()).toBe(0);
  });

  it('remembers the sidebar closed (cookie 1) and open (cookie 0) across a reload', async () => {
    const page = await pageOf('manager');
    const sidebar = page.locator('nav.sidebar');
    await page.getByRole('button', { name: '展开或收起菜单' }).click();
    await sidebar.waitFor({ state: 'hidden', timeout: 10_000 });
    expect(await cookie('manager', 'sidebarStatus')).toBe('1');
    await page.reload();
    await page.locator('.topbar').waitFor();
    await sidebar.waitFor({ state: 'hidden', timeout: 10_000 });
    await page.getByRole('button', { name: '展开或收起菜单' }).click();
    await sidebar.waitFor({ state: 'visible', timeout: 10_000 });
    expect(await cookie('manager', 'sidebarStatus')).toBe('0');
  });

  it('collapses the sidebar on a viewport narrower than 1024 px', async () => {
    const page = await pageOf('manager');
    await page.setViewportSize({ width: 1023, height: 800 });
    await page.locator('nav.sidebar').waitFor({ state: 'hidden', timeout: 10_000 });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.locator('nav.sidebar').waitFor({ state: 'visible', timeout: 10_000 });
  });

  it('searches the menu from the keyboard: Ctrl+K, type, arrows, Enter', async () => {
    const page = await pageOf('operator');
    await page.locator('.dashboard').click();
    await page.keyboard.press('Control+k');
    await expect(page.evaluate(() => document.activeElement?.getAttribute('role'))).resolves.toBe('combobox');
    await page.keyboard.type('alarm_');
    const options = page.getByRole('option');
    await options.first().waitFor();
    const paths = await page.locator('[role="option"] small').allTextContents();
    expect(paths.length).toBeGreaterThan(2);
    expect(await options.nth(0).getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowUp');
    expect(await options.nth(1).getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === paths[1]);
    // '/' focuses the search too when no field has the focus; Enter opens the best match.
    await page.keyboard.press('/');
    await page.keyboard.type('停车记录');
    await options.first().waitFor();
    await page.keyboard.press('Enter');
    // By its path: the report screen writes its filters into the query as soon as it opens.
    await page.waitForURL((url) => url.pathname === '/driving_monitor/event_report/parking_source');
    await expect(page.locator('.view:not([hidden]) h1').textContent()).resolves.toBe('停车记录');
  });

  it('searches only the screens of the user own menu', async () => {
    const find = async (user: string, query: string) => {
      const page = await pageOf(user);
      await page.keyboard.press('Control+k');
      await page.keyboard.type(query);
      // The search has answered once it lists options or says it found none.
      await page.locator('[role="option"], .search__none').first().waitFor();
      const paths = await page.locator('[role="option"] small').allTextContents();
      await page.keyboard.press('Escape');
      return paths;
    };
    expect((await find('admin', 'enclosure_approval'))[0]).toBe('/setting/base_data/enclosure_approval');
    expect(await find('operator', 'enclosure_approval')).not.toContain('/setting/base_data/enclosure_approval');
    // The same search does run for the operator: its own screens are found.
    expect(await find('operator', 'alarm_parking')).toContain('/driving_monitor/exception_report/alarm_parking');
  });
});
