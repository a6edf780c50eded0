// The driving, active-safety and device screens in Chromium: a screen of several tabs (exception rates, driver scores
// and the events behind a score) kept in the URL and drilled through; GPS history's overspeed-only empty text; the
// voltage line and a device's daily health line; and an export of one report per area read back from the file.
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DAY_MS } from '../../../domain/format/time';
import { translate } from '../../../domain/i18n';
import { reportFor } from '../../../domain/screens/reports/registry';
import {
  apiRowTexts, dataRows, gridHeaders, onScreen, openInConsole, rowAt, rowsShown, rowTexts, startAdminConsole, urlQuery, type AdminConsole, type ReportServer,
} from './report-fixture';

const RATES = '/driving_monitor/data_analysis/exception_rate';
const FIRST_PAGE = { page: 1, size: 100 } as const;

describe('driving and device screens in Chromium', () => {
  let consoleUnderTest: AdminConsole;
  let reports: ReportServer;

  beforeAll(async () => {
    consoleUnderTest = await startAdminConsole();
    ({ reports } = consoleUnderTest);
  });

  afterAll(async () => {
    await consoleUnderTest?.close();
  });

  const tab = (page: Page, name: string) => onScreen(page).getByRole('tab', { name });

  it("opens a driver's score from its tab, its events by a row's click, and keeps the tab over a reload", async () => {
    const page = await consoleUnderTest.adminOn(RATES);
    expect(await tab(page, '车辆异常率').getAttribute('aria-selected')).toBe('true');
    await tab(page, '司机评分').click();
    await page.waitForURL((url) => url.searchParams.get('tab') === 'drivers' && url.searchParams.has('startTime'));
    await rowsShown(page);
    const drivers = reportFor(RATES, 'drivers');
    if (!drivers) throw new Error('no drivers tab');
    expect(await gridHeaders(page)).toEqual(drivers.columns.map((column) => translate('zh', column.labelKey)));
    // The range went along from the first tab.
    const query = urlQuery(page);
    const expected = await reports.page(`${RATES}/drivers`, { ...query, ...FIRST_PAGE });
    await expect.poll(() => rowTexts(rowAt(page, 0))).toEqual(apiRowTexts(drivers, expected.rows[0]));

    await page.reload();
    await rowsShown(page);
    expect(await tab(page, '司机评分').getAttribute('aria-selected')).toBe('true');

    const worst = expected.rows[0];
    await rowAt(page, 0).dblclick();
    await page.waitForURL((url) => url.searchParams.get('tab') === 'driverEvents');
    await rowsShown(page);
    expect(urlQuery(page)['driverCode']).toBe(worst?.['driverCode']);
    const events = await reports.page(`${RATES}/driverEvents`, { ...urlQuery(page), ...FIRST_PAGE });
    const counted = ['overspeeds', 'harshEvents', 'fatigueEvents', 'adasEvents'].reduce((total, key) => total + Number(worst?.[key] ?? 0), 0);
    expect(events.total).toBe(counted);
    expect(await tab(page, '扣分明细').getAttribute('aria-selected')).toBe('true');
    await page.close();
  });

  it("says 'no overspeed record for the period' when GPS history finds no fix over the limit", async () => {
    // A day long before the history: no fixes at all.
    const quiet = Date.now() - 200 * DAY_MS;
    const page = await consoleUnderTest.ownAdmin();
    await openInConsole(page, `/driving_monitor/exception_report/gps_info_his?${new URLSearchParams({ startTime: String(quiet), endTime: String(quiet + DAY_MS), speeding: '1' })}`);
    await expect.poll(() => onScreen(page).getByRole('status').filter({ hasText: '该时间段内' }).textContent()).toBe(translate('zh', 'error.noOverspeed'));
    await page.close();
  });

  it.each([
    ['/device_monitor/device_analysis/valtage_line', 'heart_beat_info'],
    ['/device_monitor/device_analysis/health_analysis', 'device_health'],
  ])("draws one truck's line on %s once a plate is chosen", async (path) => {
    const rows = await reports.page(path, FIRST_PAGE);
    const plate = String(rows.rows[0]?.['signCode']);
    const page = await consoleUnderTest.ownAdmin();
    await openInConsole(page, path);
    await onScreen(page).getByText(translate('zh', 'report.chartPlate')).waitFor();
    await openInConsole(page, `${path}?${new URLSearchParams({ ...urlQuery(page), signCode: plate })}`);
    await onScreen(page).getByTestId('report-chart').locator('canvas').waitFor();
    await page.close();
  });

  /** One report of each area, with a plate where a month of the fleet would be a large file. */
  const EXPORTS = [
    ['/driving_monitor/event_report/parking_source', true],
    ['/driving_monitor/exception_report/gps_info_his', true],
    ['/driving_monitor/data_analysis/truck_daily_mile', false],
    ['/active_safety/exception_report/alarm_adas_can', false],
    ['/device_monitor/console/bz_bootup', false],
    ['/device_monitor/other_devices/bz_powers', true],
    ['/device_monitor/device_analysis/device_health', false],
  ] as const;

  it.each(EXPORTS)('exports %s as the grid shows it: its headers and every row of its filters', async (path, byPlate) => {
    const plate = byPlate ? String((await reports.page(path, FIRST_PAGE)).rows[0]?.['signCode']) : undefined;
    const page = await consoleUnderTest.adminOn(plate ? `${path}?${new URLSearchParams({ signCode: plate })}` : path);
    const headers = await gridHeaders(page);
    const download = page.waitForEvent('download');
    await onScreen(page).getByRole('button', { name: '导出' }).click();
    const file = await download;
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await file.path());
    const sheet = workbook.worksheets[0];
    if (!sheet) throw new Error('the export has no sheet');
    expect((sheet.getRow(1).values as ExcelJS.CellValue[]).slice(1)).toEqual(headers);
    const answer = await reports.page(path, { ...urlQuery(page), ...FIRST_PAGE });
    expect(sheet.rowCount - 1).toBe(answer.total);
    const def = reportFor(path);
    if (!def) throw new Error(`no report at ${path}`);
    const first = apiRowTexts(def, answer.rows[0]);
    // The first row's plate (or first column) as the grid shows it.
    expect(String(sheet.getRow(2).getCell(1).value)).toBe(Object.values(first)[0]);
    expect(await dataRows(page).count()).toBeGreaterThan(0);
    await page.close();
  });
});
