// The commissioning screen in Chromium over a small seeded fleet: a truck chosen by plate and checked from the
// keyboard, its checks and probe readings as the server judged them; an offline truck failing the online check.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { translate } from '../../../domain/i18n';
import { summarize } from '../../../domain/params/commissioning';
import { launchBrowser } from '../../helpers/browser';
import { loginAs, newUserPage, requireBuiltConsole } from '../../helpers/console';
import type { RunningServer } from '../../helpers/server';
import { deviceTest, startCommissioningServer } from '../../server/commissioning/commissioning-server';

const SCREEN = '/setting/base_data/test';

interface Truck {
  readonly id: number;
  readonly signCode: string;
  readonly compartments: number;
}

describe('the commissioning screen in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let online: Truck;
  let offline: Truck;

  beforeAll(async () => {
    server = await startCommissioningServer({ staticDir: requireBuiltConsole() });
    const { db } = server.services;
    const tankers = await db.selectFrom('truck').select(['id', 'signCode', 'compartments']).where('compartments', '>=', 1).where('compartments', '<=', 5).orderBy('id').execute();
    [online, offline] = tankers as [Truck, Truck];
    // The live rows as the simulator writes them: one truck reporting now with a reading per compartment, one offline.
    const inventory = Object.fromEntries(Array.from({ length: online.compartments }, (_, i) => [String(i + 1), { oilCode: 92, vt: 5000 + i, levelMm: 700 + i, v20: 4990 + i, temperature: 16.5 }]));
    await db.updateTable('truckLive').set({ status: 1, gpsTime: Date.now(), inventory: JSON.stringify(inventory) }).where('truckId', '=', online.id).execute();
    await db.updateTable('truckLive').set({ status: 0, gpsTime: Date.now() - 5 * 3_600_000 }).where('truckId', '=', offline.id).execute();
    browser = await launchBrowser();
    page = (await newUserPage(browser, server.url)).page;
    await loginAs(page, server.url, 'admin');
    await page.goto(`${server.url}${SCREEN}`);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const view = () => page.locator('.view:not([hidden])');
  const summary = () => view().getByTestId('commissioning-summary');

  async function choose(plate: string): Promise<void> {
    const truck = view().getByRole('combobox', { name: '车辆' });
    await truck.focus();
    await page.keyboard.type(plate);
    await expect.poll(() => view().getByRole('button', { name: '开始检测' }).isEnabled()).toBe(true);
  }

  it('checks a truck chosen by plate from the keyboard and shows what the server judged, probes with live values', async () => {
    await choose(online.signCode);
    await view().getByRole('button', { name: '开始检测' }).focus();
    await page.keyboard.press('Enter');
    await summary().waitFor();

    const answer = (await deviceTest(server, online.id)).data;
    const counts = summarize(answer.checks);
    expect(await summary().textContent()).toContain(translate('zh', 'commissioning.summary', { pass: counts.pass, warn: counts.warn, fail: counts.fail }));
    expect(await summary().textContent()).toContain(translate('zh', `commissioning.overall.${counts.overall}`));
    const shown = await view().locator('[data-check]').evaluateAll((rows) => rows.map((row) => [row.getAttribute('data-check'), row.querySelector('[data-status]')?.getAttribute('data-status')]));
    expect(shown).toEqual(answer.checks.map((check) => [check.id, check.status]));
    expect(await view().locator('[data-check="online"]').textContent()).toContain('控制台在线');
    expect(await view().locator('[data-check="consoleSn"]').textContent()).toContain(translate('zh', 'commissioning.message.snMatch', { sn: answer.console.sn }));

    const level = view().getByRole('table', { name: '液位探头' });
    const first = level.locator('tbody tr').first();
    expect(await first.locator('td').allTextContents()).toEqual(expect.arrayContaining(['1', 'C0', '700', '5000', '4990', '16.5']));
    expect(await level.locator('tbody tr').count()).toBe(online.compartments);
    expect(await view().getByRole('table', { name: '铅封探头' }).locator('tbody tr').count()).toBe(2 * online.compartments);
    expect(await view().getByRole('button', { name: '重新检测' }).isEnabled()).toBe(true);
  });

  it('fails an offline truck on the online check', async () => {
    await view().getByRole('combobox', { name: '车辆' }).fill('');
    await choose(offline.signCode);
    await view().getByRole('button', { name: '开始检测' }).click();
    await summary().waitFor();
    expect(await summary().textContent()).toContain('调试未通过');
    const row = view().locator('[data-check="online"]');
    expect(await row.locator('[data-status]').getAttribute('data-status')).toBe('fail');
    expect(await row.textContent()).toContain('控制台离线，无法确认设备的实时状态');
  });
});
