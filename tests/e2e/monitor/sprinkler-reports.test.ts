// The water-truck statistics and inventory in Chromium, as the garden user (园林局用户) opens them from the monitor board:
// each screen is the generic report screen on its monitor path, showing its sprinklers' rows and figures as the API
// answers them, the summary row, the statistics chart, and an inventory day opening that day's fills and runs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { translate } from '../../../domain/i18n';
import { cellText } from '../../../domain/screens/reports/cells';
import { reportFor } from '../../../domain/screens/reports/registry';
import { SPRINKLER_REPORTS } from '../../../domain/screens/reports/sprinkler';
import { login } from '../../helpers/api';
import { launchBrowser } from '../../helpers/browser';
import { loginAs, newUserPage, requireBuiltConsole } from '../../helpers/console';
import { seededFleetDatabase } from '../../helpers/seeded-fleet';
import { startServer, type RunningServer } from '../../helpers/server';
import {
  apiRowTexts, cellOf, dataRows, onScreen, openInConsole, reportPageCall, rowAt, rowsShown, rowTexts, summaryRow, urlQuery, type ReportServer,
} from '../reports/report-fixture';

/** A small fleet's history only (4 sprinklers of 24 trucks, 3 days): no simulator ticks, so the rows stay put. */
const FLEET = { enabled: true, seed: 20261126, trucks: 24, alarmRate: 1, backfillDays: 3 } as const;
const STATISTICS = '/monitor/sprinkler_statistics';
const INVENTORY = '/monitor/sprinkler_inventory';

describe('the water-truck reports in Chromium, as the garden user', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let api: ReportServer['page'];

  beforeAll(async () => {
    server = await startServer({ staticDir: requireBuiltConsole(), database: await seededFleetDatabase(FLEET) });
    api = reportPageCall(server.url, (await login(server.url, 'garden')).token);
    browser = await launchBrowser();
    ({ page } = await newUserPage(browser, server.url));
    await loginAs(page, server.url, 'garden');
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  /** The API's first page for the filters the page's URL holds, as the garden user's session answers it. */
  const apiFirstPage = (tab?: string) => api(`${new URL(page.url()).pathname}${tab ? `/${tab}` : ''}`, { ...urlQuery(page), page: 1, size: 100 });

  it('shows spray statistics per sprinkler and day with their figures, the summary row and the chart', async () => {
    await page.goto(`${server.url}${STATISTICS}`);
    await rowsShown(page);
    const expected = await apiFirstPage();
    expect(expected.total).toBeGreaterThan(0);
    await expect.poll(() => onScreen(page).getByTestId('report-total').textContent()).toBe(translate('zh', 'report.total', { count: expected.total }));
    const first = await rowTexts(rowAt(page, 0));
    expect(first).toEqual(apiRowTexts(SPRINKLER_REPORTS[STATISTICS], expected.rows[0]));
    expect(Number(first['sprayVolume'])).toBeGreaterThan(0);
    expect(Number(first['sprayDistance'])).toBeGreaterThan(0);
    const volume = SPRINKLER_REPORTS[STATISTICS].columns.find((column) => column.key === 'sprayVolume');
    if (!volume) throw new Error('no sprayVolume column');
    await expect.poll(() => cellOf(summaryRow(page), 'sprayVolume').textContent()).toBe(cellText(volume, expected.summary?.['sprayVolume'] ?? null, 'zh'));
    await onScreen(page).getByRole('region', { name: translate('zh', 'report.chart') }).locator('canvas').first().waitFor();
  });

  it("shows the water inventory per sprinkler and day, and a day's row opens its fills and runs", async () => {
    await openInConsole(page, INVENTORY);
    await rowsShown(page);
    const expected = await apiFirstPage();
    expect(expected.total).toBeGreaterThan(0);
    await expect.poll(() => rowTexts(rowAt(page, 0))).toEqual(apiRowTexts(SPRINKLER_REPORTS[INVENTORY], expected.rows[0]));
    expect(Number((await rowTexts(rowAt(page, 0)))['waterTakenOn'])).toBeGreaterThan(0);

    await rowAt(page, 0).locator('.ag-cell[col-id="signCode"]').dblclick();
    await page.waitForURL((url) => url.pathname === INVENTORY && url.searchParams.get('tab') === 'ledger');
    await rowsShown(page);
    const ledger = await apiFirstPage('ledger');
    expect(ledger.total).toBeGreaterThan(0);
    expect(new Set(ledger.rows.map((row) => row['signCode']))).toEqual(new Set([expected.rows[0]?.['signCode']]));
    const ledgerDef = reportFor(INVENTORY, 'ledger');
    if (!ledgerDef) throw new Error('no ledger tab');
    await expect.poll(() => rowTexts(rowAt(page, 0))).toEqual(apiRowTexts(ledgerDef, ledger.rows[0]));
    expect(await dataRows(page).count()).toBeGreaterThan(0);
  });
});
