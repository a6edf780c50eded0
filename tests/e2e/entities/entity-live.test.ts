// Live master data in Chromium: two consoles (browser contexts, so two shared workers and two socket pairs) show the
// station list; one renames a station and the other's list shows the new name within 2 s, without a reload, through
// its worker's alarm socket (no socket more than the pair). The delay is measured from the save's answer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { translate } from '../../../domain/i18n';
import { dataRows, dismissNotices, grid, startAdminConsole, type AdminConsole } from '../reports/report-fixture';

const STATION = '/setting/base_data/station';
const LIVE_LIMIT_MS = 2_000;

describe('live master data in Chromium', () => {
  let consoleUnderTest: AdminConsole;

  beforeAll(async () => {
    consoleUnderTest = await startAdminConsole();
  });

  afterAll(async () => {
    await consoleUnderTest?.close();
  });

  const dialog = (page: Page) => page.getByRole('dialog');
  const firstName = (page: Page) => dataRows(page).first().locator('.ag-cell[col-id="name"]');

  async function stationList(page: Page): Promise<void> {
    await page.goto(`${consoleUnderTest.reports.server.url}${STATION}`);
    await dataRows(page).first().locator('.ag-cell[col-id="name"]:not(:empty)').waitFor();
  }

  /** Marks the page's document: a reload (or a navigation) would lose the mark. */
  const markDocument = (page: Page) => page.evaluate(() => Object.assign(window, { liveMark: 'kept' }));
  const documentKept = (page: Page) => page.evaluate(() => (window as Window & { liveMark?: string }).liveMark === 'kept');

  it("shows a station renamed in another console in the list within 2 s, without a reload", async () => {
    const watcher = await consoleUnderTest.admin.newPage();
    await stationList(watcher);
    const editor = await consoleUnderTest.ownAdmin();
    await dismissNotices(editor);
    await stationList(editor);

    const before = (await firstName(watcher).textContent()) ?? '';
    expect(await firstName(editor).textContent()).toBe(before);
    const renamed = `${before.slice(0, 40)}·实时${Date.now() % 100_000}`;
    await markDocument(watcher);
    // A change rides on the socket pairs the two workers already hold: none is opened for it.
    const sockets = () => consoleUnderTest.reports.server.services.sockets?.openCounts();
    const socketsBefore = sockets();

    await grid(editor).getByRole('button', { name: `编辑 ${before}` }).click();
    await dialog(editor).getByRole('textbox', { name: '名称', exact: true }).fill(renamed);
    const answered = editor.waitForResponse((response) => response.request().method() === 'PUT' && response.url().includes('/entity'));
    const shown = watcher.waitForFunction(
      (name) => document.querySelector('.view:not([hidden]) [data-testid="report-grid"] .ag-row:not(.ag-row-pinned) .ag-cell[col-id="name"]')?.textContent === name,
      renamed,
      { polling: 'raf', timeout: 10_000 },
    );
    await dialog(editor).getByRole('button', { name: '保存' }).click();
    const answer = await answered;
    const savedAt = Date.now();
    expect(answer.status()).toBe(200);
    await shown;
    const delay = Date.now() - savedAt;
    console.log(`live master data: the other console showed the rename ${delay} ms after the save's answer`);

    expect(delay).toBeLessThan(LIVE_LIMIT_MS);
    expect(await firstName(watcher).textContent()).toBe(renamed);
    expect(await documentKept(watcher)).toBe(true);
    expect(sockets()).toEqual(socketsBefore);
    await editor.getByText(translate('zh', 'entity.saved')).first().waitFor();
    await watcher.close();
    await editor.close();
  });

  it("renames a company in another console's station list (its company names and pickers) within 2 s, without a reload", async () => {
    const watcher = await consoleUnderTest.admin.newPage();
    await stationList(watcher);
    const companyCell = () => dataRows(watcher).first().locator('.ag-cell[col-id="companyCode"]');
    const company = (await companyCell().textContent()) ?? '';
    expect(company).not.toBe('');
    const renamed = `${company.slice(0, 40)}·更名${Date.now() % 100_000}`;
    await markDocument(watcher);

    const editor = await consoleUnderTest.ownAdmin();
    await dismissNotices(editor);
    await editor.goto(`${consoleUnderTest.reports.server.url}/setting/base_data/company`);
    await grid(editor).getByRole('button', { name: `编辑 ${company}`, exact: true }).click();
    await dialog(editor).getByRole('textbox', { name: '名称', exact: true }).fill(renamed);
    const answered = editor.waitForResponse((response) => response.request().method() === 'PUT' && response.url().includes('/entity'));
    await dialog(editor).getByRole('button', { name: '保存' }).click();
    expect((await answered).status()).toBe(200);
    const savedAt = Date.now();
    await expect.poll(() => companyCell().textContent(), { timeout: LIVE_LIMIT_MS, interval: 50 }).toBe(renamed);
    console.log(`live master data: the other console showed the company's new name ${Date.now() - savedAt} ms after the save's answer`);

    // The add form's company picker offers the new name too.
    await watcher.locator('.view:not([hidden])').getByRole('button', { name: '新增' }).click();
    await dialog(watcher).getByRole('button', { name: /所属公司/ }).click();
    await watcher.getByRole('option', { name: renamed }).waitFor();
    expect(await documentKept(watcher)).toBe(true);
    await watcher.close();
    await editor.close();
  });
});
