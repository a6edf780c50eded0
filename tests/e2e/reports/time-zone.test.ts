// One time zone in Chromium, in a browser whose clock is on UTC: a report's times, its range field and its exported
// file all read the fleet's zone (China, 8 h ahead); the user menu switches to the browser's zone, and after the reload
// the grid, the field and the next file all read UTC.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { displayDateTime } from '../../../domain/format/time';
import { BROWSER_ZONE } from '../../helpers/console';
import { cellOf, dataRows, gridHeaders, onScreen, REPORTS, rowsShown, startAdminConsole, type AdminConsole } from './report-fixture';

/** The wall clock an Excel date holds: exceljs reads it as UTC. */
const excelWallClock = (date: Date) => date.toISOString().slice(0, 19).replace('T', ' ');

describe('one time zone in a browser on UTC', () => {
  let consoleUnderTest: AdminConsole;
  let page: Page;
  /** The first row's start and plate as the server has them: one truck's unloads, a small file. */
  let first: { readonly startTime: number; readonly plate: string };

  beforeAll(async () => {
    consoleUnderTest = await startAdminConsole();
    const rows = (await consoleUnderTest.reports.page(REPORTS.atgUnload, { page: 1, size: 1 })).rows;
    first = { startTime: Number(rows[0]?.['startTime']), plate: String(rows[0]?.['signCode']) };
    page = await consoleUnderTest.ownAdmin();
  });
  afterAll(async () => consoleUnderTest?.close());

  const open = async () => {
    await page.goto(`${consoleUnderTest.reports.server.url}${REPORTS.atgUnload}?signCode=${encodeURIComponent(first.plate)}`);
    await rowsShown(page);
  };
  /** The start of the row with the server's first start, as the grid shows it. */
  const shownStart = async (zone: string) => {
    const text = displayDateTime(first.startTime, 'zh', zone);
    await cellOf(dataRows(page), 'startTime').filter({ hasText: text }).first().waitFor();
    return text;
  };
  const zoneNote = () => onScreen(page).locator('.filters__zone').textContent();
  /** The export's start cell of the row whose start the grid shows as `text`. */
  async function exportedStart(text: string): Promise<string | undefined> {
    const headers = await gridHeaders(page);
    const download = page.waitForEvent('download');
    await onScreen(page).getByRole('button', { name: '导出' }).click();
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await (await download).path());
    const column = headers.indexOf('开始时间') + 1;
    const starts: string[] = [];
    workbook.worksheets[0]?.eachRow((row, index) => {
      const value = row.getCell(column).value;
      if (index > 1 && value instanceof Date) starts.push(excelWallClock(value));
    });
    return starts.find((start) => start === text) ?? starts.join(', ');
  }

  it("shows, takes and exports the fleet's time (UTC+8), not the browser's", async () => {
    expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(BROWSER_ZONE);
    await open();
    const text = await shownStart('Asia/Shanghai');
    expect(await zoneNote()).toBe('时区 UTC+08:00');
    expect(await exportedStart(text)).toBe(text);
  });

  it("switches to the browser's zone from the user menu: after the reload the grid, the field and the file read UTC", async () => {
    await page.locator('.usermenu > button').click();
    const fleet = page.getByRole('menuitemradio', { name: '车队时间 UTC+08:00' });
    expect(await fleet.getAttribute('aria-checked')).toBe('true');
    const reloaded = page.waitForEvent('load');
    await page.getByRole('menuitemradio', { name: '本机时间 UTC+00:00' }).click();
    await reloaded;
    await rowsShown(page);
    const text = await shownStart('UTC');
    expect(text).not.toBe(displayDateTime(first.startTime, 'zh', 'Asia/Shanghai'));
    expect(await zoneNote()).toBe('时区 UTC+00:00');
    expect(await exportedStart(text)).toBe(text);
    await page.locator('.usermenu > button').click();
    expect(await page.getByRole('menuitemradio', { name: '本机时间 UTC+00:00' }).getAttribute('aria-checked')).toBe('true');
  });
});
