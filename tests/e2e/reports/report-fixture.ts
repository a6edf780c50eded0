// What the report e2e files share: one server with the seeded 30-day fleet, the report paths they open, and reading the
// report screen (grid rows, headers, total) the way a user sees it.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { ServerConfig } from '../../../server/config';
import { prepareFleet } from '../../../server/fleet';
import { TOTALS_SUFFIX, type ReportPage, type ReportTotals } from '../../../src/domain/screens/reports/wire';
import { call, login } from '../../helpers/api';
import { launchBrowser } from '../../helpers/browser';
import { loginAs, newUserPage, requireBuiltConsole } from '../../helpers/console';
import { startServer, type RunningServer } from '../../helpers/server';

/** The fleet `npm start` seeds (server/config.ts defaults), history only: no simulator ticks, so the rows stay put. */
export const FLEET = { enabled: true, seed: 20261122, trucks: 80, alarmRate: 1, backfillDays: 30 } as const satisfies ServerConfig['sim'];

export const REPORTS = {
  truckLoss: '/cargo_monitor/data_analysis/truck_loss',
  switchCoverAnalysis: '/cargo_monitor/data_analysis/switch_cover_analysis',
  lossMonthRank: '/cargo_monitor/data_analysis/loss_month_rank',
  switchCover: '/cargo_monitor/event_report/switchCover',
  alarmSwitchCover: '/cargo_monitor/exception_report/alarm_switch_cover',
  atgUnload: '/cargo_monitor/event_report/atg_unload',
  tankInventory: '/cargo_monitor/event_report/tank_inventory',
} as const;

export interface ReportServer {
  readonly server: RunningServer;
  readonly adminToken: string;
  /** One page of a report and its totals as the admin API answers them; `query` as the console sends it. */
  page(path: string, query: Readonly<Record<string, string | number>>): Promise<ReportPage & ReportTotals>;
}

export async function startReportServer(): Promise<ReportServer> {
  const server = await startServer({ staticDir: requireBuiltConsole(), prepare: async (services) => void (await prepareFleet(services, FLEET)) });
  const adminToken = (await login(server.url, 'admin')).token;
  return {
    server,
    adminToken,
    async page(path, query) {
      const [rows, totals] = await Promise.all([
        call<ReportPage>(server.url, 'GET', `/report${path}`, { token: adminToken, query }),
        call<ReportTotals>(server.url, 'GET', `/report${path}${TOTALS_SUFFIX}`, { token: adminToken, query }),
      ]);
      for (const answer of [rows, totals]) {
        if (answer.resultCode !== 200) throw new Error(`report ${path} failed: ${answer.resultCode} ${answer.message}`);
      }
      return { ...rows.data, ...totals.data };
    },
  };
}

/** The view on screen: the tab strip keeps other visited views in the page, hidden. */
export const onScreen = (page: Page) => page.locator('.view:not([hidden])');
export const grid = (page: Page) => onScreen(page).getByTestId('report-grid');
/** The body's rows (the summary row is pinned outside the body). */
export const dataRows = (page: Page) => grid(page).locator('.ag-row:not(.ag-row-pinned)');
export const summaryRow = (page: Page) => grid(page).locator('.ag-row.ag-row-pinned');
/** One column's cell of a row, by the column key (AG Grid's col-id). */
export const cellOf = (row: ReturnType<typeof dataRows>, key: string) => row.locator(`.ag-cell[col-id="${key}"]`);

/** The number in the total text ("共12条", "Total 12 records"); NaN until the first page is in. */
export async function totalOf(page: Page): Promise<number> {
  const text = (await onScreen(page).getByTestId('report-total').textContent()) ?? '';
  const match = /\d+/.exec(text);
  return match ? Number(match[0]) : Number.NaN;
}

/** Waits until the report on screen shows its first rows. */
export async function rowsShown(page: Page): Promise<void> {
  // The infinite model first shows a loading row, with cells but no values.
  await dataRows(page).first().locator('.ag-cell[col-id="signCode"]:not(:empty)').waitFor();
}

/** The URL query as an object, for comparing filters and calling the API with them. */
export function urlQuery(page: Page): Record<string, string> {
  return Object.fromEntries(new URL(page.url()).searchParams);
}

/**
 * The grid's header texts in column order. AG Grid renders only the columns in view, so the header is scrolled
 * across and each column read by its aria-colindex; the row-selection column has no header and is left out.
 */
export async function gridHeaders(page: Page): Promise<string[]> {
  return grid(page).evaluate(async (root) => {
    const byIndex = new Map<number, string>();
    const viewport = root.querySelector<HTMLElement>('.ag-body-horizontal-scroll-viewport');
    const read = () => {
      for (const cell of root.querySelectorAll<HTMLElement>('.ag-header-cell[aria-colindex]')) {
        if (cell.getAttribute('col-id')?.startsWith('ag-Grid-')) continue;
        byIndex.set(Number(cell.getAttribute('aria-colindex')), cell.querySelector('.ag-header-cell-text')?.textContent ?? '');
      }
    };
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    read();
    if (viewport) {
      for (let left = 0; left < viewport.scrollWidth; left += Math.max(100, viewport.clientWidth / 2)) {
        viewport.scrollLeft = left;
        viewport.dispatchEvent(new Event('scroll'));
        await frame();
        await frame();
        read();
      }
      viewport.scrollLeft = 0;
      viewport.dispatchEvent(new Event('scroll'));
    }
    return [...byIndex.entries()].sort(([a], [b]) => a - b).map(([, text]) => text);
  });
}

/** A report server, a browser and an admin logged in once, whose tabs the tests open. */
export interface AdminConsole {
  readonly reports: ReportServer;
  readonly browser: Browser;
  /** The shared admin's browser context. */
  readonly admin: BrowserContext;
  /** A new tab of the shared admin showing `path`, its first rows in. */
  adminOn(path: string): Promise<Page>;
  /** A console of its own (cookies, storage, language) with the admin logged in. */
  ownAdmin(): Promise<Page>;
  close(): Promise<void>;
}

export async function startAdminConsole(): Promise<AdminConsole> {
  const reports = await startReportServer();
  const browser = await launchBrowser();
  const ownAdmin = async () => {
    const { page } = await newUserPage(browser, reports.server.url);
    await loginAs(page, reports.server.url, 'admin');
    return page;
  };
  const first = await ownAdmin();
  const admin = first.context();
  return {
    reports,
    browser,
    admin,
    async adminOn(path) {
      const page = await admin.newPage();
      await page.goto(`${reports.server.url}${path}`);
      await rowsShown(page);
      return page;
    },
    ownAdmin,
    async close() {
      await browser.close();
      await reports.server.close();
    },
  };
}
