// Import and export of stations in Chromium over the seeded fleet: the template downloaded from the screen and filled
// with three rows (one bad) imports nothing and lists the bad row with its message; fixed, the three rows appear in the
// list. The export of a search holds the rows the list shows.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../../../domain/i18n';
import { dataRows, onScreen, startAdminConsole, type AdminConsole } from '../reports/report-fixture';

const STATION = '/setting/base_data/station';
const COMPANY = '东城油品运输有限公司';

describe('master-data import and export in Chromium', () => {
  let consoleUnderTest: AdminConsole;
  let dir: string;

  beforeAll(async () => {
    consoleUnderTest = await startAdminConsole();
    dir = await mkdtemp(path.join(tmpdir(), 'entity-transfer-'));
  });

  afterAll(async () => {
    await consoleUnderTest?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const dialog = (page: Page) => page.getByRole('dialog');
  const total = (page: Page) => onScreen(page).getByTestId('entity-total');

  async function stationPage(): Promise<Page> {
    const page = await consoleUnderTest.admin.newPage();
    await page.goto(`${consoleUnderTest.reports.server.url}${STATION}`);
    await dataRows(page).first().locator('.ag-cell[col-id="name"]:not(:empty)').waitFor();
    await expect.poll(() => total(page).textContent()).toMatch(/\d/);
    return page;
  }

  /** The template's first sheet with these rows under its header (in its column order). */
  async function filled(template: string, rows: readonly (readonly string[])[], name: string): Promise<string> {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(template);
    const sheet = workbook.worksheets[0];
    if (!sheet) throw new Error('the template has no sheet');
    rows.forEach((values, index) => {
      const row = sheet.getRow(index + 2);
      values.forEach((value, column) => {
        row.getCell(column + 1).value = value;
      });
      row.commit();
    });
    const file = path.join(dir, name);
    await workbook.xlsx.writeFile(file);
    return file;
  }

  async function importFile(page: Page, file: string): Promise<void> {
    await onScreen(page).getByRole('button', { name: '导入', exact: true }).click();
    await dialog(page).getByLabel('文件').setInputFiles(file);
    await dialog(page).getByRole('button', { name: '开始导入' }).click();
  }

  it('imports nothing from a template with a bad row and lists it; the fixed file adds all three rows', async () => {
    const page = await stationPage();
    const before = await total(page).textContent();
    const download = page.waitForEvent('download');
    await onScreen(page).getByRole('button', { name: '下载模板' }).click();
    const template = await (await download).path();

    const header = await (async () => {
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.readFile(template);
      return (workbook.worksheets[0]?.getRow(1).values as ExcelJS.CellValue[]).slice(1);
    })();
    expect(header).toEqual(['*名称', '*编码', '*简称', '*所属公司', '地址', '电话', '*安全范围(米)', '*经度', '*纬度']);

    const row = (n: number, shortName = `导入${n}`) => [`浏览器导入站${n}`, `E2EIMP${n}`, shortName, COMPANY, '', '', '50', '121.47', '31.23'];
    const bad = await filled(template, [row(1), row(2, ''), row(3)], 'bad.xlsx');
    await importFile(page, bad);
    const alert = dialog(page).getByRole('alert');
    await expect.poll(() => alert.textContent()).toBe(translate('zh', 'entityTransfer.refused', { count: 1 }));
    const problems = dialog(page).getByRole('table');
    await expect.poll(() => problems.getByRole('row').nth(1).textContent()).toBe(`3简称${translate('zh', 'validation.required')}`);
    expect(await problems.getByRole('row').count()).toBe(2);
    await page.keyboard.press('Escape');
    await dialog(page).waitFor({ state: 'detached' });
    await page.reload();
    await expect.poll(() => total(page).textContent()).toBe(before);

    const good = await filled(template, [row(1), row(2), row(3)], 'good.xlsx');
    await importFile(page, good);
    await dialog(page).waitFor({ state: 'detached' });
    await page.getByText(translate('zh', 'entityTransfer.imported', { count: 3 })).first().waitFor();
    await onScreen(page).getByRole('searchbox', { name: '编码' }).or(onScreen(page).getByRole('textbox', { name: '编码' })).fill('E2EIMP');
    await onScreen(page).getByRole('button', { name: '查询' }).click();
    await expect.poll(() => total(page).textContent()).toBe(translate('zh', 'entity.total', { count: 3 }));
    await expect.poll(() => dataRows(page).locator('.ag-cell[col-id="shortName"]').allTextContents()).toEqual(['导入1', '导入2', '导入3']);

    // The export of this search: the same three rows, the company by its name.
    const exported = page.waitForEvent('download');
    await onScreen(page).getByRole('button', { name: '导出' }).click();
    const file = await exported;
    expect(file.suggestedFilename()).toMatch(/^加油站_\d{14}\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await file.path());
    const sheet = workbook.worksheets[0];
    if (!sheet) throw new Error('the export has no sheet');
    expect(sheet.rowCount).toBe(4);
    expect(sheet.getRow(2).getCell(2).value).toBe('E2EIMP1');
    expect((sheet.getRow(2).values as ExcelJS.CellValue[])).toContain(COMPANY);
    await page.close();
  });
});
