// The alarm-setting tree in Chromium against the real server: saving without cargo stops cargo pop-ups at once,
// survives a reload, and the water-truck (garden) user has no settings.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { Diagnostics } from '../../server/routes/diagnostics';
import type { UserPriAnswer } from '../../domain/wire/entities';
import { call, login, raiseSimAlarm } from '../helpers/api';
import { launchBrowser } from '../helpers/browser';
import { headerIdOf, loginAs, newUserPage, requireBuiltConsole, waitForToast } from '../helpers/console';
import { startSimServer, type SimServer } from '../helpers/server';

const popupTypes = (page: Page) => page.getByTestId('alarm-popup').evaluateAll((popups) => popups.map((p) => (p as HTMLElement).dataset['type']));

describe('the alarm settings in Chromium', () => {
  let server: SimServer;
  let browser: Browser;
  let operator: { context: BrowserContext; page: Page };
  let admin: string;
  /** A truck of the operator's company (C002, a fuel fleet), so its alarms reach the operator. */
  let truckId: number;

  const raise = (type: number) => raiseSimAlarm(server.url, admin, { type, truckId });

  beforeAll(async () => {
    server = await startSimServer({ staticDir: requireBuiltConsole(), seed: 11, trucks: 12 });
    const truck = await server.services.db.selectFrom('truck').select('id').where('companyCode', '=', 'C002').orderBy('id').executeTakeFirstOrThrow();
    truckId = truck.id;
    admin = (await login(server.url, 'admin')).token;
    browser = await launchBrowser();
    operator = await newUserPage(browser, server.url);
    await loginAs(operator.page, server.url, 'operator');
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('receives cargo alarms before any choice is saved', async () => {
    const { page } = operator;
    await expect.poll(async () => (await call<Diagnostics>(server.url, 'GET', '/diagnostics', { token: admin })).data.streaming.alarm).toBe(1);
    await raise(202);
    await expect.poll(() => popupTypes(page)).toEqual(['202']);
  });

  it('saves the tree without cargo by keyboard and says 保存成功; the panel closes with focus back on its button', async () => {
    const { page } = operator;
    const opener = page.getByRole('button', { name: '报警设置' });
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: '接收的报警类型' });
    await dialog.waitFor();
    expect(await dialog.getByRole('checkbox', { name: '全部报警类型' }).evaluate((el) => el === document.activeElement)).toBe(true);
    const cargo = dialog.getByRole('checkbox', { name: '货物报警' });
    expect(await cargo.isChecked()).toBe(true);
    await cargo.focus();
    await page.keyboard.press('Space');
    expect(await cargo.isChecked()).toBe(false);
    expect(await dialog.getByRole('checkbox', { name: '高损耗或溢出' }).isChecked()).toBe(false);
    expect(await dialog.getByRole('checkbox', { name: '全部报警类型' }).evaluate((el) => (el as HTMLInputElement).indeterminate)).toBe(true);
    await dialog.getByRole('button', { name: '保存' }).click();
    await waitForToast(page, '保存成功');
    await dialog.waitFor({ state: 'detached' });
    expect(await opener.evaluate((el) => el === document.activeElement)).toBe(true);
    const token = (await headerIdOf(page)) ?? '';
    const stored = await call<UserPriAnswer>(server.url, 'GET', '/userPri', { token });
    expect(stored.data.stUserAlarm?.alarmTypeIds.split(',')).not.toContain('202');
    expect(stored.data.stUserAlarm?.alarmTypeIds.split(',')).toContain('206');
  });

  it('shows no cargo pop-up after the save, while a vehicle alarm raised after it still pops up', async () => {
    const { page } = operator;
    const before = await popupTypes(page);
    await raise(202);
    await raise(205);
    await raise(206);
    // Alarms come in raising order on one socket: once 206 is on top, the cargo alarms raised before it were dropped.
    await expect.poll(() => popupTypes(page)).toEqual(['206', ...before].slice(0, 5));
  });

  it('opens on the saved choice after a reload: cargo unchecked, vehicle checked, and still shows no cargo pop-up', async () => {
    const { page } = operator;
    await page.reload();
    await page.locator('.topbar').waitFor();
    await expect.poll(async () => (await call<Diagnostics>(server.url, 'GET', '/diagnostics', { token: admin })).data.streaming.alarm).toBe(1);
    const before = await popupTypes(page);
    await raise(202);
    await raise(206);
    await expect.poll(() => popupTypes(page)).toEqual(['206', ...before].slice(0, 5));
    await page.getByRole('button', { name: '报警设置' }).click();
    const dialog = page.getByRole('dialog', { name: '接收的报警类型' });
    await dialog.waitFor();
    expect(await dialog.getByRole('checkbox', { name: '货物报警' }).isChecked()).toBe(false);
    expect(await dialog.getByRole('checkbox', { name: '车辆报警' }).isChecked()).toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  it('shows the water-truck (garden) user no alarm settings', async () => {
    const garden = await newUserPage(browser, server.url);
    await loginAs(garden.page, server.url, 'garden');
    await garden.page.locator('[data-testid="live-figures"]').waitFor();
    expect(await garden.page.getByRole('button', { name: '报警设置' }).count()).toBe(0);
    expect(await garden.page.locator('.alarm-settings').count()).toBe(0);
    await garden.context.close();
  });
});
