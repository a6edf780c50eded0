// Report screens in Chromium over the seeded 30-day fleet: every report screen's headers, first row and total as the API
// has them, the pinned summary row, filters kept in the URL (reload, tab strip), the reversed-range message in both
// languages, English headers and dates.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DAY_MS, displayDateTime } from '../../../domain/format/time';
import { formatLoss } from '../../../domain/format/loss';
import { translate } from '../../../domain/i18n';
import { CARGO_REPORTS } from '../../../domain/screens/reports/cargo';
import { REPORTS as REPORT_DEFS } from '../../../domain/screens/reports/registry';
import { chinaYear, hasYearFilter, presetRange, rangeFilterOf } from '../../../domain/screens/reports/query';
import { TOTALS_SUFFIX } from '../../../domain/screens/reports/wire';
import {
  apiRowTexts, cellOf, chooseLanguage, closeOtherTabs, dataRows, grid, gridHeaders, liveRowCount, onScreen, openInConsole, REPORTS, rowAt, rowsShown, rowTexts, startAdminConsole, summaryRow, totalOf,
  urlQuery, type AdminConsole, type ReportServer,
} from './report-fixture';

const FIRST_PAGE = { page: 1, size: 100 } as const;

describe('report rows, filters and language in Chromium', () => {
  let consoleUnderTest: AdminConsole;
  let reports: ReportServer;
  const adminOn = (path: string) => consoleUnderTest.adminOn(path);
  const ownAdmin = () => consoleUnderTest.ownAdmin();

  beforeAll(async () => {
    consoleUnderTest = await startAdminConsole();
    ({ reports } = consoleUnderTest);
  });

  afterAll(async () => {
    await consoleUnderTest?.close();
  });

  /** What the API answers for the filters the page's URL holds. */
  const apiPageOf = (page: Page) => reports.page(new URL(page.url()).pathname, { ...urlQuery(page), ...FIRST_PAGE });

  // One test per screen, on one page: each screen's checks take a few seconds, all 74 together over a minute.
  describe('every report screen, in one page', () => {
    let page: Page;
    beforeAll(async () => {
      page = await adminOn(REPORTS.truckLoss);
    });
    afterAll(async () => {
      await page?.close();
    });

    it.each(Object.values(REPORT_DEFS).map((def) => [def.path, def] as const))('shows %s with its headers, first row and total as the API answers its default filters', async (path, def) => {
      await openInConsole(page, path);
      // Only the screen on view stays mounted: 50 hidden grids would slow every later step.
      await closeOtherTabs(page);
      const range = rangeFilterOf(def);
      const year = hasYearFilter(def);
      await page.waitForURL((url) => url.pathname === path && (!range || url.searchParams.has('startTime')) && (!year || url.searchParams.has('year')));
      const query = urlQuery(page);
      // The screen's default filters: its preset's range, the current year, or none for a live screen.
      const defaults = range ? { startTime: String(presetRange(range.preset, Date.now()).startTime), endTime: query['endTime'] } : year ? { year: String(chinaYear(Date.now())) } : {};
      expect(query, path).toEqual(defaults);
      const [expected] = await Promise.all([reports.page(path, { ...query, ...FIRST_PAGE }), rowsShown(page)]);
      expect(expected.total, path).toBeGreaterThan(0);
      // A live screen's rows are the trucks' live state: one per compartment of each live row.
      if (def.source.type === 'live') expect(expected.total, path).toBe(await liveRowCount(reports.server, def));
      await expect.poll(() => onScreen(page).getByTestId('report-total').textContent(), { message: path }).toBe(translate('zh', 'report.total', { count: expected.total }));
      expect(await gridHeaders(page), path).toEqual(def.columns.map((column) => translate('zh', column.labelKey)));
      await expect.poll(() => rowTexts(rowAt(page, 0)), { message: path }).toEqual(apiRowTexts(def, expected.rows[0]));
      expect(await dataRows(page).count(), path).toBeGreaterThanOrEqual(Math.min(expected.total, 10));
    });
  });

  it('shows level_trend\'s first rows, a row per compartment of a reading, each in its place when the total comes after them', async () => {
    const page = await consoleUnderTest.admin.newPage();
    // The order the engine plans for on a big table: the rows come off an index at once, the count reads the whole range.
    // Here the server answers both at once, so its total is held until the rows are on screen.
    let release = () => {};
    const rowsFirst = new Promise<void>((resolve) => (release = resolve));
    await page.route((url) => url.pathname.endsWith(`${REPORTS.levelTrend}${TOTALS_SUFFIX}`), async (route) => {
      await rowsFirst;
      await route.continue();
    });
    await page.goto(`${reports.server.url}${REPORTS.levelTrend}`);
    await rowsShown(page);
    release();
    const expected = await apiPageOf(page);
    await expect.poll(() => totalOf(page)).toBe(expected.total);
    const first = expected.rows.slice(0, 8);
    await expect
      .poll(() => Promise.all(first.map((_, index) => rowTexts(rowAt(page, index)))))
      .toEqual(first.map((row) => apiRowTexts(CARGO_REPORTS[REPORTS.levelTrend], row)));
    await page.close();
  });

  it('totals the whole filtered set in the pinned 合计 row of truck_loss', async () => {
    const page = await adminOn(REPORTS.truckLoss);
    const { summary, total } = await apiPageOf(page);
    expect(total).toBeGreaterThan(1);
    const totals = summaryRow(page);
    await cellOf(totals, 'trips').filter({ hasText: /\d/ }).waitFor();
    expect(await cellOf(totals, 'signCode').textContent()).toBe('合计');
    expect(await cellOf(totals, 'trips').textContent()).toBe(String(summary?.['trips']));
    expect(await cellOf(totals, 'loss').textContent()).toBe(formatLoss(summary?.['loss']));
    // A grouped row's trips are a part of the whole: the summary is over every row, not the first one.
    expect(Number(await cellOf(dataRows(page).first(), 'trips').textContent())).toBeLessThan(summary?.['trips'] ?? 0);
    await page.close();
  });

  it('puts a picked plate and a preset range in the URL on 查询, and a reload keeps both and the total', async () => {
    const page = await adminOn(REPORTS.switchCover);
    const before = urlQuery(page);
    const plate = String((await apiPageOf(page)).rows[0]?.['signCode']);

    const plateBox = page.getByRole('combobox', { name: '车牌号' });
    await plateBox.fill(plate.slice(0, 4));
    await page.getByRole('option').filter({ hasText: plate }).click();
    expect(await plateBox.inputValue()).toBe(plate);
    const pressedAt = Date.now();
    await page.getByRole('button', { name: '最近30天' }).click();
    // A draft is not the query: the URL changes only on 查询.
    expect(urlQuery(page)).toEqual(before);
    await page.getByRole('button', { name: '查询' }).click();

    await expect.poll(() => urlQuery(page)['signCode']).toBe(plate);
    const query = urlQuery(page);
    expect(Number(query['startTime'])).toBe(presetRange('last30Days', pressedAt).startTime);
    expect(Number(query['endTime'])).toBeGreaterThanOrEqual(pressedAt);
    const expected = await apiPageOf(page);
    await expect.poll(() => totalOf(page)).toBe(expected.total);
    expect(expected.rows.every((row) => row['signCode'] === plate)).toBe(true);
    await expect.poll(() => cellOf(dataRows(page).first(), 'signCode').textContent()).toBe(plate);

    const url = page.url();
    await page.reload();
    await rowsShown(page);
    expect(page.url()).toBe(url);
    await expect.poll(() => totalOf(page)).toBe(expected.total);
    expect(await page.getByRole('combobox', { name: '车牌号' }).inputValue()).toBe(plate);
    await page.close();
  });

  it('writes a screen\'s own query back into the URL when its tab is chosen again', async () => {
    const range = presetRange('last30Days', Date.now());
    const plate = String((await reports.page(REPORTS.switchCover, { ...range, ...FIRST_PAGE })).rows[0]?.['signCode']);
    const query = { signCode: plate, startTime: String(range.startTime), endTime: String(range.endTime) };
    const page = await adminOn(`${REPORTS.switchCover}?${new URLSearchParams(query)}`);

    const group = page.locator('.sidebar__group', { hasText: '货物数据分析' });
    if ((await group.getAttribute('aria-expanded')) !== 'true') await group.click();
    await page.locator('.sidebar__link', { hasText: '开关盖分析' }).click();
    await page.waitForURL((url) => url.pathname === REPORTS.switchCoverAnalysis);
    expect(urlQuery(page)['signCode']).toBeUndefined();

    await page.locator('.tabs__tab a', { hasText: '开关盖事件' }).click();
    await page.waitForURL((url) => url.pathname === REPORTS.switchCover && url.searchParams.has('signCode'));
    expect(urlQuery(page)).toEqual(query);
    expect(await page.getByRole('combobox', { name: '车牌号' }).inputValue()).toBe(plate);
    await page.close();
  });

  it('says 结束时间不能早于开始时间 for a reversed range, and the English text after the switch', async () => {
    const page = await ownAdmin();
    const now = Date.now();
    await page.goto(`${reports.server.url}${REPORTS.atgUnload}?startTime=${now}&endTime=${now - 86_400_000}`);
    const fieldError = onScreen(page).locator('.filters__error');
    await expect.poll(() => fieldError.textContent()).toBe('结束时间不能早于开始时间');
    // A linked query is checked as the Search button checks it, and not sent: the message shows at once, no rows load.
    const problem = onScreen(page).locator('.query-bar__problem[role="alert"]');
    await expect.poll(() => problem.textContent()).toBe('结束时间不能早于开始时间');
    await page.getByRole('button', { name: '查询' }).click();
    await expect.poll(() => problem.textContent()).toBe('结束时间不能早于开始时间');
    expect(await onScreen(page).getByTestId('report-total').textContent()).toBe('');
    expect(await dataRows(page).locator('.ag-cell[col-id="signCode"]:not(:empty)').count()).toBe(0);

    await chooseLanguage(page, 'en');
    await expect.poll(() => problem.textContent()).toBe('The end time cannot be before the start time');
    await expect.poll(() => fieldError.textContent()).toBe('The end time cannot be before the start time');
    await page.context().close();
  });

  it('says 该时间段内无记录 for a range in the far past, and No record for the period after the switch', async () => {
    const page = await ownAdmin();
    const startTime = new Date(2001, 0, 1).getTime();
    const range = { startTime: String(startTime), endTime: String(startTime + 7 * DAY_MS - 1) };
    expect((await reports.page(REPORTS.atgUnload, { ...range, ...FIRST_PAGE })).total).toBe(0);
    await page.goto(`${reports.server.url}${REPORTS.atgUnload}?${new URLSearchParams(range)}`);
    const empty = onScreen(page).locator('.report__empty[role="status"]');
    await expect.poll(() => empty.textContent()).toBe(translate('zh', 'report.empty'));
    expect(await onScreen(page).getByTestId('report-total').textContent()).toBe(translate('zh', 'report.total', { count: 0 }));
    expect(await dataRows(page).locator('.ag-cell:not(:empty)').count()).toBe(0);
    // One empty state, the screen's: not AG Grid's English "No Rows To Show" beside it.
    expect(await onScreen(page).getByText('No Rows To Show').count()).toBe(0);

    await chooseLanguage(page, 'en');
    await expect.poll(() => empty.textContent()).toBe(translate('en', 'report.empty'));
    expect(await onScreen(page).getByTestId('report-total').textContent()).toBe(translate('en', 'report.total', { count: 0 }));
    await page.context().close();
  });

  it('shows English headers and MM/dd/yyyy dates after the language switch', async () => {
    const page = await ownAdmin();
    await page.goto(`${reports.server.url}${REPORTS.atgUnload}`);
    await rowsShown(page);
    const first = (await apiPageOf(page)).rows[0];
    const startTime = Number(first?.['startTime']);
    const startCell = () => cellOf(dataRows(page).first(), 'startTime').textContent();
    expect(await startCell()).toBe(displayDateTime(startTime, 'zh'));
    expect(await grid(page).locator('.ag-header-cell[col-id="signCode"] .ag-header-cell-text').textContent()).toBe('车牌号');

    await chooseLanguage(page, 'en');
    await expect.poll(() => grid(page).locator('.ag-header-cell[col-id="signCode"] .ag-header-cell-text').textContent()).toBe('Plate');
    expect(await grid(page).locator('.ag-header-cell[col-id="startTime"] .ag-header-cell-text').textContent()).toBe('Start time');
    await expect.poll(startCell).toBe(displayDateTime(startTime, 'en'));
    expect(await startCell()).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/);
    await expect.poll(() => onScreen(page).getByTestId('report-total').textContent()).toMatch(/^\d+ records$/);
    await page.context().close();
  });
});
