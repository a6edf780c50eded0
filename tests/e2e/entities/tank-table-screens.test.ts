// The tank-table screen in Chromium over the seeded fleet: a 2 MB table refused under its field with the
// spec's message before anything is sent; a real table read in the form (its facts shown), saved for a truck chosen by
// part of its plate, and listed with the height and capacity the server read from the file.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { translate } from '../../../domain/i18n';
import { sampleTankTable } from '../../../domain/params/tank-table-sample';
import { dataRows, onScreen, startAdminConsole, type AdminConsole } from '../reports/report-fixture';

const TANK_TABLE = '/setting/base_data/tank_table';
const COMPANY = '东城油品运输有限公司';

describe('the tank-table screen in Chromium', () => {
  let consoleUnderTest: AdminConsole;

  beforeAll(async () => {
    consoleUnderTest = await startAdminConsole();
  });
  afterAll(async () => {
    await consoleUnderTest?.close();
  });

  const dialog = (page: Page) => page.getByRole('dialog');
  const messageOf = (page: Page, key: string) => dialog(page).locator(`[data-field="${key}"] .entity-form__message`);
  const fileInput = (page: Page) => dialog(page).locator('[data-field="fileName"] input[type="file"]');

  async function openForm(): Promise<Page> {
    const page = await consoleUnderTest.admin.newPage();
    await page.goto(`${consoleUnderTest.reports.server.url}${TANK_TABLE}`);
    await onScreen(page).getByTestId('entity-total').filter({ hasText: /共|Total/ }).waitFor();
    await onScreen(page).getByRole('button', { name: '新增' }).click();
    await dialog(page).waitFor();
    return page;
  }

  it('refuses a 2 MB tank table and a non-txt file under the field, sending nothing', async () => {
    const page = await openForm();
    let saves = 0;
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname.endsWith(`/entity${TANK_TABLE}`)) saves += 1;
    });
    await fileInput(page).setInputFiles({ name: 'big.txt', mimeType: 'text/plain', buffer: Buffer.alloc(2 * 1024 * 1024, 0x30) });
    await expect.poll(() => messageOf(page, 'fileName').textContent()).toBe(translate('zh', 'validation.tankTableSize'));
    await fileInput(page).setInputFiles({ name: 'table.csv', mimeType: 'text/csv', buffer: Buffer.from('0 0\n') });
    await expect.poll(() => messageOf(page, 'fileName').textContent()).toBe(translate('zh', 'validation.tankTableType'));
    await dialog(page).getByRole('button', { name: '保存' }).click();
    await expect.poll(() => messageOf(page, 'fileName').textContent()).not.toBe('');
    expect(saves).toBe(0);
    await page.close();
  });

  it("uploads a tank table for a truck and lists the facts read from it", async () => {
    const db = consoleUnderTest.reports.server.services.db;
    const truck = await db.selectFrom('truck').select('signCode').where('companyCode', '=', 'C002').orderBy('id', 'desc').executeTakeFirstOrThrow();
    const page = await openForm();

    // The company first: the truck is offered from the row's company.
    const companyTrigger = dialog(page).getByRole('button', { name: /所属公司/ });
    await companyTrigger.click();
    await page.getByRole('option', { name: COMPANY, exact: true }).click();
    const reference = dialog(page).getByRole('combobox', { name: '车牌号' });
    await reference.focus();
    await page.keyboard.type(truck.signCode.slice(1));
    await expect.poll(() => page.getByRole('listbox').getByRole('option').allTextContents()).toEqual([truck.signCode]);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect.poll(() => reference.inputValue()).toBe(truck.signCode);

    await dialog(page).getByRole('textbox', { name: '序号', exact: true }).fill('E2E-TANK-1');
    await dialog(page).getByRole('textbox', { name: '管道容量(升)', exact: true }).fill('120');
    await fileInput(page).setInputFiles({ name: 'tank.txt', mimeType: 'text/plain', buffer: Buffer.from(sampleTankTable(3, 24_000, 1800)) });
    const facts = dialog(page).getByTestId('file-facts');
    await expect.poll(() => facts.textContent()).toContain('1800');
    expect(await facts.textContent()).toContain('24000');

    await dialog(page).getByRole('button', { name: '保存' }).click();
    await dialog(page).waitFor({ state: 'detached' });
    const row = dataRows(page).filter({ hasText: 'E2E-TANK-1' }).first();
    await expect.poll(() => row.locator('.ag-cell[col-id="tankHeight"]').textContent()).toBe('1800');
    expect(await row.locator('.ag-cell[col-id="capacity"]').textContent()).toBe('24000');
    expect(await row.locator('.ag-cell[col-id="truckId"]').textContent()).toBe(truck.signCode);
    expect(await row.locator('.ag-cell[col-id="state"]').textContent()).toBe(translate('zh', 'sendStatus.tankTable.notSent'));
    expect(await row.locator('.ag-cell[col-id="fileName"]').textContent()).toBe('tank.txt');
    await page.close();
  });
});
