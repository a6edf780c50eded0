// The console in Chromium against a server that speaks exactly the spec's contract (CONTRACT=legacy): login, menus,
// badges and their tables, alarms and the urgent dialog, quick access, the fence notice, password change and logout.
// What needs our extensions degrades (no lossless resume, no /verifyPwd); nothing the spec describes may break.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { translate } from '../../domain/i18n';
import { MENU_GROUPS } from '../../domain/routes';
import { countByStatus, BADGE_ORDER, truckStatus } from '../../domain/truck-status';
import type { UserPriAnswer } from '../../domain/wire/entities';
import type { TruckStatusRow } from '../../domain/wire/truck-row';
import { call } from '../helpers/api';
import { launchBrowser } from '../helpers/browser';
import { fillLogin, headerIdOf, loginAs, newUserPage, requireBuiltConsole, waitForToast } from '../helpers/console';
import { startSimServer, type SimServer } from '../helpers/server';

const badgeCounts = (page: Page) => page.locator('[data-slot="live-status"] .status-badge__count').allTextContents();
const topLevel = (page: Page) => page.locator('.sidebar > .sidebar__list > li > :is(a, button)').allTextContents();

describe('the console against a legacy backend (CONTRACT=legacy) in Chromium', () => {
  let server: SimServer;
  let browser: Browser;
  let admin: { context: BrowserContext; page: Page };
  /** Every request the admin's page made that the server answered 404: a call of ours the legacy backend lacks. */
  const missing: string[] = [];

  /** The socket counts of the server (legacy mode has no /diagnostics, so they are read in process). */
  const openSockets = () => server.services.sockets?.openCounts() ?? { truck: 0, alarm: 0 };

  beforeAll(async () => {
    server = await startSimServer({ staticDir: requireBuiltConsole(), contract: 'legacy', seed: 11, trucks: 16 });
    browser = await launchBrowser();
    admin = await newUserPage(browser, server.url);
    admin.page.on('response', (response) => {
      if (response.status() === 404) missing.push(new URL(response.url()).pathname);
    });
    await loginAs(admin.page, server.url, 'admin');
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('logs in through the form (the login answer has no sessionIdleMs) and shows every menu group of the admin', async () => {
    const { page } = admin;
    expect(await topLevel(page)).toEqual(MENU_GROUPS.map((group) => translate('zh', `menu.${group}`)));
    await expect.poll(openSockets).toEqual({ truck: 1, alarm: 1 });
  });

  it('shows the badge counts of the full status list (rows without truckId) and opens a badge table with its trucks', async () => {
    const { page } = admin;
    const token = (await headerIdOf(page)) ?? '';
    const userPri = await call<UserPriAnswer>(server.url, 'GET', '/userPri', { token });
    const bar = await call<TruckStatusRow[]>(server.url, 'POST', '/truckatgsub/rest/truckData/getTruckBarData', {
      token, json: { userPri: userPri.data.userPri },
    });
    const rows = bar.data;
    expect(rows.length).toBe(16);
    expect(rows.every((row) => !('truckId' in row))).toBe(true);
    const counts = countByStatus(rows);
    await expect.poll(() => badgeCounts(page), { timeout: 15_000 }).toEqual(BADGE_ORDER.map((code) => String(counts[code])));

    const code = BADGE_ORDER.find((c) => rows.some((row) => row.status === c)) ?? 3;
    const badge = page.locator(`.status-badge--${truckStatus(code).name}`);
    await badge.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    const expected = rows.filter((row) => row.status === code).map((row) => row.signCode).sort();
    const body = dialog.locator('[role="rowgroup"]').nth(1);
    await expect.poll(() => body.getByRole('row').count()).toBe(Math.min(expected.length, 12));
    const plates = await body.locator('[role="row"] [role="cell"]:nth-child(2)').allTextContents();
    expect(plates.every((plate) => expected.includes(plate))).toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  it('shows a simulated alarm in the pop-up list once, and the urgent dialog with its plate', async () => {
    const { page } = admin;
    const ordinary = await server.simulator.raiseAlarm(2);
    await page.locator('.alarm-popup', { hasText: ordinary.alarm.signCode }).first().waitFor();
    const urgent = await server.simulator.raiseAlarm(201);
    const dialog = page.getByRole('dialog', { name: /紧急报警/ });
    await dialog.waitFor();
    expect(await dialog.getByRole('row').nth(1).textContent()).toContain(urgent.alarm.signCode);
    // The legacy alarm has no seq: nothing to acknowledge, so no confirm; and no inbox: no count, no acknowledge on pop-ups.
    expect(await dialog.getByRole('button', { name: '确认' }).count()).toBe(0);
    expect(await page.getByTestId('inbox-badge').count()).toBe(0);
    expect(await page.locator('.alarm-popup').getByRole('button', { name: '确认此报警' }).count()).toBe(0);
    await dialog.getByRole('button', { name: /关闭|确定/ }).first().click();
    await dialog.waitFor({ state: 'detached' });
    // Without seq the worker keys an alarm by type, truck and start time: each one shows once.
    expect(await page.locator('.alarm-popup', { hasText: ordinary.alarm.signCode }).count()).toBe(1);
    // Visible degradation: the personal centre says a reconnect here loses the alarms raised meanwhile.
    const resume = page.getByTestId('live-alarm-resume');
    await expect.poll(() => resume.getAttribute('data-resume')).toBe('none');
    expect(await resume.textContent()).toBe('不支持无损续传：后台的报警没有序号，断线期间的报警会丢失');
  });

  it('adds the dashboard to quick access and lists it', async () => {
    const { page } = admin;
    await page.locator('.quick__handle').click();
    await page.getByRole('button', { name: '添加当前页面' }).click();
    await waitForToast(page, '添加成功');
    await page.locator('.quick__list button').first().waitFor();
  });

  it('lists every truck on the live map over its plain grid, none placed: the legacy rows carry no position', async () => {
    const { page } = admin;
    await page.goto(`${server.url}/monitor/track_map`);
    const view = page.locator('.view:not([hidden])');
    await expect.poll(() => view.locator('.track-map__summary').textContent()).toBe('共 16 辆车，0 辆有位置');
    await view.locator('.track-map__map .leaflet-tile-container .map-grid-tile').first().waitFor();
    expect(await view.locator('.map-district').count()).toBe(0);
    expect(await page.locator('.toast__text').count()).toBe(0);
  });

  it('raises the pending-fence notice from the not-approved list (GET /fenceApproval), without our timer answer', async () => {
    await admin.page.getByTestId('notice-fences').waitFor({ timeout: 15_000 });
  });

  it('changes the password without /verifyPwd: a wrong old password is refused, the right one changes it and logs out', async () => {
    const { context, page } = await newUserPage(browser, server.url);
    // Closed whatever happens: its sockets would otherwise stay open into the logout check below.
    try {
      await changePassword(page);
    } finally {
      await context.close();
    }
  });

  async function changePassword(page: Page): Promise<void> {
    await loginAs(page, server.url, 'operator');
    const field = (name: string) => page.locator(`.dialog input[name="${name}"]`);
    await page.getByRole('button', { name: 'operator ▾' }).click();
    await page.getByRole('menuitem', { name: '修改密码' }).click();
    await page.getByRole('dialog').waitFor();

    await field('oldPwd').fill('not-my-password');
    await field('pwd').fill('newpass1');
    await field('confrimPwd').fill('newpass1');
    await page.locator('.dialog button[type="submit"]').click();
    await page.locator('.dialog__error', { hasText: '原密码错误' }).waitFor();

    await field('oldPwd').fill('operator123');
    await page.locator('.dialog button[type="submit"]').click();
    await waitForToast(page, '密码修改成功');
    await page.waitForURL(/\/login$/);
    await fillLogin(page, 'operator', 'operator123');
    await page.locator('.login__error', { hasText: '用户名或密码错误' }).waitFor();
    await loginAs(page, server.url, 'operator', 'newpass1');
  }

  it('logs out from the user menu: the server ends the session and closes its sockets', async () => {
    const { page } = admin;
    const token = (await headerIdOf(page)) ?? '';
    await page.getByRole('button', { name: 'admin ▾' }).click();
    await page.getByRole('menuitem', { name: '退出登录' }).click();
    await page.waitForURL(/\/login$/);
    expect((await call(server.url, 'GET', '/menus', { token })).resultCode).toBe(504);
    await expect.poll(openSockets).toEqual({ truck: 0, alarm: 0 });
  });

  it('asked the legacy backend for no call of ours beyond the optional shortcuts', () => {
    // The map's settings: a backend without them gets the plain grid (and is never asked for the base map).
    const optional = ['/truckmanage/api/verifyPwd', '/truckmanage/api/map/config'];
    expect(missing.filter((path) => !optional.includes(path))).toEqual([]);
  });
});
