// A report's export and chart in Chromium: 导出 downloads the grid's columns as an .xlsx (real dates, frozen header) with
// a progress bar meanwhile; a click on a bar or a histogram bucket of an analysis chart opens the rows behind it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import type { BrowserContext, Page } from 'playwright-core';
import { LOSS_HISTOGRAM_BUCKETS, lossHistogramBucket } from '../../../domain/constants';
import { CARGO_REPORTS } from '../../../domain/screens/reports/cargo';
import { cellText } from '../../../domain/screens/reports/cells';
import { cellOf, dataRows, gridHeaders, onScreen, REPORTS, rowsShown, startAdminConsole, totalOf, urlQuery, type AdminConsole, type ReportServer } from './report-fixture';

const FIRST_PAGE = { page: 1, size: 100 } as const;

/** The wall-clock text of an Excel date: exceljs reads the stored wall clock as UTC. */
function excelWallClock(date: Date): string {
  return date.toISOString().slice(0, 19).replace('T', ' ');
}

describe('report export and chart drill-down in Chromium', () => {
  let consoleUnderTest: AdminConsole;
  let reports: ReportServer;
  let admin: BrowserContext;
  const adminOn = (path: string) => consoleUnderTest.adminOn(path);

  beforeAll(async () => {
    consoleUnderTest = await startAdminConsole();
    ({ reports, admin } = consoleUnderTest);
  });

  afterAll(async () => {
    await consoleUnderTest?.close();
  });

  it('downloads the grid\'s columns as an .xlsx with a progress bar meanwhile, real dates and a frozen header', async () => {
    const plate = String((await reports.page(REPORTS.atgUnload, FIRST_PAGE)).rows[0]?.['signCode']);
    // One truck's unloads over the whole history: a small workbook, and a total the export may hold.
    const page = await adminOn(`${REPORTS.atgUnload}?${new URLSearchParams({ signCode: plate })}`);
    const headers = await gridHeaders(page);
    expect(headers[0]).toBe('车牌号');
    const firstStart = await cellOf(dataRows(page).first(), 'startTime').textContent();

    // A loopback download ends before a poll could see the bar: a slow link keeps it on screen long enough.
    const cdp = await admin.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 300, downloadThroughput: 16 * 1024, uploadThroughput: -1 });
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: '导出' }).click();
    await onScreen(page).getByTestId('export-progress').waitFor();
    expect(await page.getByRole('button', { name: '正在导出…' }).isDisabled()).toBe(true);
    const file = await download;
    await onScreen(page).getByTestId('export-progress').waitFor({ state: 'detached' });
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });

    expect(file.suggestedFilename()).toMatch(/^液位仪卸油_\d{14}\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await file.path());
    const sheet = workbook.worksheets[0];
    if (!sheet) throw new Error('the export has no sheet');
    const headerRow = (sheet.getRow(1).values as ExcelJS.CellValue[]).slice(1);
    expect(headerRow).toEqual(headers);
    expect(sheet.views[0]?.state).toBe('frozen');
    expect(sheet.rowCount - 1).toBe((await reports.page(REPORTS.atgUnload, { ...urlQuery(page), ...FIRST_PAGE })).total);

    const startCell = sheet.getRow(2).getCell(headers.indexOf('开始时间') + 1).value;
    expect(startCell).toBeInstanceOf(Date);
    expect(startCell instanceof Date && excelWallClock(startCell)).toBe(firstStart);
    expect(sheet.getRow(2).getCell(1).value).toBe(plate);
    await page.close();
  });

  /** Clicks the chart's bar (or point) at this category index, as a user would. */
  async function clickCategory(page: Page, index: number, count: number): Promise<void> {
    const over = onScreen(page).getByTestId('report-chart').locator('.u-over');
    const box = await over.boundingBox();
    if (!box) throw new Error('the chart has no plot area');
    // The categorical x scale runs from −0.5 to count − 0.5: category i sits at the middle of the i-th slot.
    await over.click({ position: { x: ((index + 0.5) / count) * box.width, y: box.height - 4 } });
  }

  it('opens truck_loss for the plate of a clicked loss_month_rank bar', async () => {
    const page = await adminOn(REPORTS.lossMonthRank);
    await onScreen(page).getByTestId('report-chart').locator('canvas').waitFor();
    const ranked = await reports.page(REPORTS.lossMonthRank, { ...urlQuery(page), page: 1, size: 1000 });
    const index = 2;
    const plate = String(ranked.rows[index]?.['signCode']);
    await clickCategory(page, index, ranked.rows.length);

    await page.waitForURL((url) => url.pathname === REPORTS.truckLoss);
    expect(urlQuery(page)['signCode']).toBe(plate);
    await rowsShown(page);
    const plates = await dataRows(page).locator('.ag-cell[col-id="signCode"]').allTextContents();
    expect(plates.length).toBeGreaterThan(0);
    expect(new Set(plates)).toEqual(new Set([plate]));
    await page.close();
  });

  it('opens switchCover for the plate of a clicked switch_cover_analysis category', async () => {
    const page = await adminOn(REPORTS.switchCoverAnalysis);
    await onScreen(page).getByTestId('report-chart').locator('canvas').waitFor();
    const analysed = await reports.page(REPORTS.switchCoverAnalysis, { ...urlQuery(page), page: 1, size: 1000 });
    const plate = String(analysed.rows[0]?.['signCode']);
    await clickCategory(page, 0, analysed.rows.length);

    await page.waitForURL((url) => url.pathname === REPORTS.switchCover);
    expect(urlQuery(page)['signCode']).toBe(plate);
    await rowsShown(page);
    expect(await cellOf(dataRows(page).first(), 'signCode').textContent()).toBe(plate);
    await page.close();
  });
  it('opens oil_loss with the compartments of a clicked level_change loss bucket', async () => {
    const page = await adminOn(REPORTS.levelChange);
    await onScreen(page).getByTestId('report-chart').locator('canvas').waitFor();
    const range = urlQuery(page);
    const buckets = (await reports.page(REPORTS.levelChange, { ...range, page: 1, size: 1000 })).rows;
    // The least filled bucket: its count is the one a wrong bucket is least likely to share.
    const [bucket] = buckets.filter((row) => Number(row['compartments']) > 0).sort((a, b) => Number(a['compartments']) - Number(b['compartments']));
    const index = Number(bucket?.['lossBucket']);
    await clickCategory(page, index, LOSS_HISTOGRAM_BUCKETS.length);

    await page.waitForURL((url) => url.pathname === REPORTS.oilLoss);
    expect(urlQuery(page)).toEqual({ ...range, lossBucket: String(index) });
    await rowsShown(page);
    const expected = await reports.page(REPORTS.oilLoss, { ...urlQuery(page), page: 1, size: 1000 });
    expect(expected.total).toBe(Number(bucket?.['compartments']));
    expect(expected.rows.map((row) => lossHistogramBucket(Number(row['loss']))?.index)).toEqual(expected.rows.map(() => index));
    await expect.poll(() => totalOf(page)).toBe(expected.total);
    const lossColumn = CARGO_REPORTS[REPORTS.oilLoss].columns.find((column) => column.key === 'loss');
    const bucketLosses = new Set(expected.rows.map((row) => (lossColumn ? cellText(lossColumn, row['loss'] ?? null, 'zh') : '')));
    const shown = (await dataRows(page).locator('.ag-cell[col-id="loss"]').allTextContents()).filter((text) => text !== '');
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.filter((text) => !bucketLosses.has(text))).toEqual([]);
    await page.close();
  });
});
