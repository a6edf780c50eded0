// The unsealing screens in Chromium: an alarm's link opens alarm_switch_cover with the alarm's row highlighted, and a
// handling saved in one tab shows without a reload in the browser's other tab on the same screen, and in another
// browser context (another console: its own cookies, session and SharedWorker), through the server's notice.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { displayDateTime } from '../../../domain/format/time';
import type { ReportRow } from '../../../domain/screens/reports/wire';
import { launchTabbedBrowser, type TabbedBrowser } from '../../helpers/browser';
import { loginAs, newUserPage } from '../../helpers/console';
import { cellOf, dismissNotices, grid, REPORTS, rowsShown, startReportServer, type ReportServer } from './report-fixture';

const FIRST_PAGE = { page: 1, size: 100 } as const;

describe('unsealing screens in Chromium', () => {
  let reports: ReportServer;
  let tabbed: TabbedBrowser;
  /** The abnormal openings of the last 7 days, newest first, as the admin API lists them. */
  let abnormal: readonly ReportRow[];

  beforeAll(async () => {
    reports = await startReportServer();
    abnormal = (await reports.page(REPORTS.alarmSwitchCover, FIRST_PAGE)).rows;
    // The tests handle some and look at others: four unhandled ones are what they need.
    expect(abnormal.filter((row) => row['handlingState'] === 0).length).toBeGreaterThanOrEqual(4);
    // Real tabs: a page behind another is hidden, as a user's background tab is, and still follows the notices.
    tabbed = await launchTabbedBrowser();
    await tabbed.context.addCookies([{ name: 'language', value: 'zh', url: reports.server.url }]);
    const first = await tabbed.context.newPage();
    await loginAs(first, reports.server.url, 'admin');
    await dismissNotices(first);
  });

  afterAll(async () => {
    await tabbed?.close();
    await reports?.server.close();
  });

  /** A new tab, in front, showing `path` with its first rows in. */
  async function tabOn(path: string): Promise<Page> {
    const page = await tabbed.context.newPage();
    // Wide enough for every column: AG Grid renders only the columns in view, and the handling ones are last.
    await page.setViewportSize({ width: 2200, height: 800 });
    await page.goto(`${reports.server.url}${path}`);
    await rowsShown(page);
    return page;
  }

  const rowOf = (page: Page, id: number) => grid(page).locator(`.ag-row[row-id="${id}"]`);
  const stateOf = (page: Page, id: number) => cellOf(rowOf(page, id), 'handlingState').textContent();

  async function select(page: Page, ids: readonly number[]): Promise<void> {
    for (const id of ids) await rowOf(page, id).locator('.ag-selection-checkbox input').check();
  }

  it('opens an alarm\'s link with the alarm\'s row first and highlighted', async () => {
    const alarm = abnormal[2];
    if (!alarm) throw new Error('no abnormal opening to link to');
    const at = Number(alarm['startTime']);
    const plate = String(alarm['signCode']);
    const link = new URLSearchParams({ name: 'alarmPop', signCode: plate, startTime: String(at), endTime: String(Date.now()), at: String(at) });
    const page = await tabOn(`${REPORTS.alarmSwitchCover}?${link}`);

    const highlighted = grid(page).locator('.ag-row.report-grid__row--highlight');
    await expect.poll(() => highlighted.count()).toBe(1);
    expect(await highlighted.getAttribute('row-id')).toBe(String(alarm.id));
    expect(await highlighted.getAttribute('row-index')).toBe('0');
    expect(await cellOf(highlighted, 'signCode').textContent()).toBe(plate);
    expect(await cellOf(highlighted, 'startTime').textContent()).toBe(displayDateTime(at, 'zh'));
    await page.close();
  });

  it('asks for 请填写异常说明 when 异常 is saved without a description, and saves nothing', async () => {
    const page = await tabOn(REPORTS.alarmSwitchCover);
    const id = abnormal[3]?.id ?? 0;
    await select(page, [id]);
    await page.getByRole('button', { name: '处理所选(1)' }).click();
    const dialog = page.getByRole('dialog', { name: '开关盖处理' });
    await dialog.getByRole('radio', { name: '异常', exact: true }).check();
    await dialog.getByRole('button', { name: '保存' }).click();
    await expect.poll(() => dialog.locator('.dialog__error').textContent()).toBe('请填写异常说明');
    expect(await dialog.getByRole('textbox', { name: '异常说明' }).getAttribute('aria-invalid')).toBe('true');

    await dialog.getByRole('button', { name: '取消' }).click();
    await dialog.waitFor({ state: 'detached' });
    const stored = (await reports.page(REPORTS.alarmSwitchCover, FIRST_PAGE)).rows.find((row) => row.id === id);
    expect(stored?.['handlingState']).toBe(0);
    expect(await stateOf(page, id)).toBe('未确认');
    await page.close();
  });

  it('shows a batch handled as 异常 in this tab and, without a reload, in the other tab on the screen', async () => {
    const ids = abnormal.filter((row) => row['handlingState'] === 0).slice(0, 2).map((row) => row.id);
    const other = await tabOn(REPORTS.alarmSwitchCover);
    const page = await tabOn(REPORTS.alarmSwitchCover);
    expect(await other.evaluate(() => document.visibilityState)).toBe('hidden');
    for (const id of ids) expect(await stateOf(other, id)).toBe('未确认');

    await select(page, ids);
    await page.getByRole('button', { name: '处理所选(2)' }).click();
    const dialog = page.getByRole('dialog', { name: '开关盖处理' });
    await dialog.getByRole('radio', { name: '异常', exact: true }).check();
    await dialog.getByRole('textbox', { name: '异常说明' }).fill('铅封完好，司机未报备开盖');
    await dialog.getByRole('button', { name: '保存' }).click();
    await page.locator('.toast__text', { hasText: '已处理2条' }).waitFor();
    await dialog.waitFor({ state: 'detached' });

    for (const id of ids) {
      await expect.poll(() => stateOf(page, id)).toBe('异常');
      expect(await cellOf(rowOf(page, id), 'handlingDescription').textContent()).toBe('铅封完好，司机未报备开盖');
      expect(await cellOf(rowOf(page, id), 'handler').textContent()).toBe('admin');
    }
    // The other tab is still behind this one: only the server's notice, through the worker, can have refreshed it.
    for (const id of ids) await expect.poll(() => stateOf(other, id), { timeout: 5_000 }).toBe('异常');
    expect(await other.evaluate(() => document.visibilityState)).toBe('hidden');
    await page.close();
    await other.close();
  });

  it('shows a handling saved in another browser context on this console\'s open screen within seconds, without a reload', async () => {
    const fresh = (await reports.page(REPORTS.alarmSwitchCover, FIRST_PAGE)).rows;
    const id = fresh.find((row) => row['handlingState'] === 0)?.id ?? expect.unreachable('no unhandled opening left');
    const watcher = await tabOn(REPORTS.alarmSwitchCover);
    // Behind another tab, as a console left open in the background is.
    const front = await tabbed.context.newPage();
    expect(await watcher.evaluate(() => document.visibilityState)).toBe('hidden');
    await watcher.evaluate(() => Object.assign(window, { notReloaded: true }));
    expect(await stateOf(watcher, id)).toBe('未确认');

    const other = await newUserPage(tabbed.browser, reports.server.url);
    try {
      await loginAs(other.page, reports.server.url, 'admin');
      const page = other.page;
      // A console of its own gets the admin's poll notices too, over the top right where the handling button is: they
      // arrive when the polls answer, before or after the screen's rows, so they are dismissed first, as a user would.
      await dismissNotices(page);
      await page.setViewportSize({ width: 2200, height: 800 });
      await page.goto(`${reports.server.url}${REPORTS.alarmSwitchCover}`);
      await rowsShown(page);
      await select(page, [id]);
      await page.getByRole('button', { name: '处理所选(1)' }).click();
      const dialog = page.getByRole('dialog', { name: '开关盖处理' });
      await dialog.getByRole('radio', { name: '非异常', exact: true }).check();
      await dialog.getByRole('button', { name: '保存' }).click();
      await page.locator('.toast__text', { hasText: '已处理1条' }).waitFor();
      const savedAt = Date.now();

      await expect.poll(() => stateOf(watcher, id), { timeout: 5_000 }).toBe('非异常');
      expect(Date.now() - savedAt).toBeLessThan(5_000);
      expect(await cellOf(rowOf(watcher, id), 'handler').textContent()).toBe('admin');
      expect(await watcher.evaluate(() => 'notReloaded' in window)).toBe(true);
      expect(await watcher.evaluate(() => document.visibilityState)).toBe('hidden');
    } finally {
      await other.context.close();
      await front.close();
      await watcher.close();
    }
  });
});
