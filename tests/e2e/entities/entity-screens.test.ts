// Master-data screens in Chromium over the seeded fleet: a station added through the form with the keyboard, found by
// the search bar (kept in the URL), edited, disabled after the confirm prompt; a duplicate code refused under its field;
// a stale save from a second console showing who changed the row and keeping the input.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { translate } from '../../../domain/i18n';
import { dataRows, dismissNotices, grid, onScreen, startAdminConsole, urlQuery, type AdminConsole } from '../reports/report-fixture';

const STATION = '/setting/base_data/station';

describe('master-data screens in Chromium', () => {
  let consoleUnderTest: AdminConsole;

  beforeAll(async () => {
    consoleUnderTest = await startAdminConsole();
  });

  afterAll(async () => {
    await consoleUnderTest?.close();
  });

  const dialog = (page: Page) => page.getByRole('dialog');
  const fieldInput = (page: Page, label: string) => dialog(page).getByRole('textbox', { name: label, exact: true });

  async function stationPage(): Promise<Page> {
    const page = await consoleUnderTest.admin.newPage();
    await page.goto(`${consoleUnderTest.reports.server.url}${STATION}`);
    await dataRows(page).first().locator('.ag-cell[col-id="name"]:not(:empty)').waitFor();
    return page;
  }

  /** Fills the add form of a station, choosing its company from the picker. */
  async function fillNewStation(page: Page, code: string, name = `测试加油站${code}`): Promise<void> {
    await onScreen(page).getByRole('button', { name: '新增' }).click();
    await fieldInput(page, '名称').fill(name);
    await fieldInput(page, '编码').fill(code);
    await fieldInput(page, '简称').fill('测试站');
    await dialog(page).getByRole('button', { name: /所属公司/ }).click();
    await page.getByRole('option', { name: '东城油品运输有限公司' }).click();
    await fieldInput(page, '安全范围(米)').fill('80');
    await fieldInput(page, '经度').fill('121.48');
    await fieldInput(page, '纬度').fill('31.22');
  }

  it('adds a station with the keyboard, finds it by its code in the URL, edits it and disables it after the prompt', async () => {
    const page = await stationPage();
    await fillNewStation(page, 'E2E001');
    // Enter in a field submits the form.
    await fieldInput(page, '纬度').press('Enter');
    await dialog(page).waitFor({ state: 'detached' });
    await page.getByText(translate('zh', 'entity.saved')).first().waitFor();

    await onScreen(page).getByRole('searchbox', { name: '编码' }).or(onScreen(page).getByRole('textbox', { name: '编码' })).fill('E2E001');
    await onScreen(page).getByRole('button', { name: '查询' }).click();
    await expect.poll(() => urlQuery(page)['code']).toBe('E2E001');
    await expect.poll(() => onScreen(page).getByTestId('entity-total').textContent()).toBe(translate('zh', 'entity.total', { count: 1 }));
    await page.reload();
    await expect.poll(() => onScreen(page).getByTestId('entity-total').textContent()).toBe(translate('zh', 'entity.total', { count: 1 }));

    await grid(page).getByRole('button', { name: '编辑 测试加油站E2E001' }).click();
    await expect(fieldInput(page, '编码').isEditable()).resolves.toBe(false);
    await fieldInput(page, '简称').fill('改过的简称');
    await dialog(page).getByRole('button', { name: '保存' }).click();
    await dialog(page).waitFor({ state: 'detached' });
    await expect.poll(() => dataRows(page).first().locator('.ag-cell[col-id="shortName"]').textContent()).toBe('改过的简称');

    await grid(page).getByRole('button', { name: '停用 测试加油站E2E001' }).click();
    const prompt = page.getByRole('alertdialog');
    await prompt.getByText('确定停用“测试加油站E2E001”吗？').waitFor();
    await prompt.getByRole('button', { name: translate('zh', 'entity.confirm') }).click();
    await expect.poll(() => dataRows(page).first().locator('.ag-cell[col-id="status"]').textContent()).toBe('停用');
    await page.close();
  });

  it('refuses a second station with an existing code, the message under the code, and adds nothing', async () => {
    const page = await stationPage();
    const total = onScreen(page).getByTestId('entity-total');
    await expect.poll(() => total.textContent()).toMatch(/\d/);
    const before = await total.textContent();
    const existing = await dataRows(page).first().locator('.ag-cell[col-id="code"]').textContent();
    await fillNewStation(page, String(existing), '一个新名字的加油站');
    await dialog(page).getByRole('button', { name: '保存' }).click();
    await dialog(page).getByText('编码已存在').waitFor();
    await expect(dialog(page).isVisible()).resolves.toBe(true);
    await page.keyboard.press('Escape');
    await dialog(page).waitFor({ state: 'detached' });
    await page.reload();
    await expect.poll(() => total.textContent()).toBe(before);
    await page.close();
  });

  it('shows who changed a row meanwhile when a stale edit is saved, and keeps what the user typed', async () => {
    const mine = await stationPage();
    await grid(mine).getByRole('button', { name: /^编辑 / }).first().click();
    await fieldInput(mine, '地址').fill('我的新地址 1 号');

    // Another console, another user of the same company tree, saves the same row first.
    const other = await consoleUnderTest.ownAdmin();
    await dismissNotices(other);
    await other.goto(`${consoleUnderTest.reports.server.url}${STATION}`);
    await dataRows(other).first().locator('.ag-cell[col-id="name"]:not(:empty)').waitFor();
    await grid(other).getByRole('button', { name: /^编辑 / }).first().click();
    await fieldInput(other, '简称').fill('别人先改');
    await dialog(other).getByRole('button', { name: '保存' }).click();
    await dialog(other).waitFor({ state: 'detached' });

    await dialog(mine).getByRole('button', { name: '保存' }).click();
    const conflict = dialog(mine).getByRole('alert');
    await conflict.waitFor();
    expect(await conflict.textContent()).toContain('admin');
    expect(await fieldInput(mine, '地址').inputValue()).toBe('我的新地址 1 号');
    await dialog(mine).getByText(translate('zh', 'entity.latest', { value: '别人先改' })).waitFor();
    // Saved again, against the version it now knows.
    await dialog(mine).getByRole('button', { name: '保存' }).click();
    await dialog(mine).waitFor({ state: 'detached' });
    await mine.close();
    await other.close();
  });
});
