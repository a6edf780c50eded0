// What the report e2e files share: one server with the seeded 30-day fleet, the report paths they open, moving about the
// console (links, tabs, language), and reading the report screen (grid rows, headers, total) the way a user sees it.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { ServerConfig } from '../../../server/config';
import { translate, type Lang } from '../../../domain/i18n';
import type { CargoReportPath } from '../../../domain/screens/reports/cargo';
import { cellText } from '../../../domain/screens/reports/cells';
import type { ReportDef } from '../../../domain/screens/reports/definition';
import { reportFor } from '../../../domain/screens/reports/registry';
import { TOTALS_SUFFIX, type ReportPage, type ReportRow, type ReportTotals } from '../../../domain/screens/reports/wire';
import { call, login } from '../../helpers/api';
import { launchBrowser } from '../../helpers/browser';
import { loginAs, newUserPage, requireBuiltConsole } from '../../helpers/console';
import { seededFleetDatabase } from '../../helpers/seeded-fleet';
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
  levelTrend: '/cargo_monitor/event_report/level_trend',
  realTankInventory: '/cargo_monitor/event_report/real_tank_inventory',
  levelChange: '/cargo_monitor/data_analysis/level_change',
  oilLoss: '/cargo_monitor/data_analysis/oil_loss',
} as const satisfies Record<string, CargoReportPath>;

export interface ReportServer {
  readonly server: RunningServer;
  readonly adminToken: string;
  /** One page of a report and its totals as the admin API answers them; `query` as the console sends it. */
  page(path: string, query: Readonly<Record<string, string | number>>): Promise<ReportPage & ReportTotals>;
}

/** A report page and its totals as the server at `url` answers the session `token`. */
export function reportPageCall(url: string, token: string): ReportServer['page'] {
  return async (path, query) => {
    const [rows, totals] = await Promise.all([
      call<ReportPage>(url, 'GET', `/report${path}`, { token, query }),
      call<ReportTotals>(url, 'GET', `/report${path}${TOTALS_SUFFIX}`, { token, query }),
    ]);
    for (const answer of [rows, totals]) {
      if (answer.resultCode !== 200) throw new Error(`report ${path} failed: ${answer.resultCode} ${answer.message}`);
    }
    return { ...rows.data, ...totals.data };
  };
}

export async function startReportServer(): Promise<ReportServer> {
  const server = await startServer({ staticDir: requireBuiltConsole(), database: await seededFleetDatabase(FLEET) });
  const adminToken = (await login(server.url, 'admin')).token;
  return { server, adminToken, page: reportPageCall(server.url, adminToken) };
}

/**
 * How many rows a live screen makes of the trucks' live rows in the database, read without the report's SQL: one per
 * compartment of each inventory that the definition's conditions keep.
 */
export async function liveRowCount(server: RunningServer, def: ReportDef): Promise<number> {
  const conditions = def.source.type === 'live' ? (def.source.where ?? []) : [];
  const rows = await server.services.db.selectFrom('truckLive').select('inventory').execute();
  const compartments = rows.flatMap((row) => Object.values(JSON.parse(row.inventory) as Record<string, Record<string, unknown>>));
  const kept = (item: Record<string, unknown>) =>
    conditions.every((condition) => {
      const value = item[condition.value.path] ?? null;
      return 'present' in condition ? value !== null : value === condition.equals;
    });
  return compartments.filter(kept).length;
}

/** The view on screen: the tab strip keeps other visited views in the page, hidden. */
export const onScreen = (page: Page) => page.locator('.view:not([hidden])');
export const grid = (page: Page) => onScreen(page).getByTestId('report-grid');
/** The body's rows (the summary row is pinned outside the body). */
export const dataRows = (page: Page) => grid(page).locator('.ag-row:not(.ag-row-pinned)');
export const summaryRow = (page: Page) => grid(page).locator('.ag-row.ag-row-pinned');
/** One column's cell of a row, by the column key (AG Grid's col-id). */
export const cellOf = (row: ReturnType<typeof dataRows>, key: string) => row.locator(`.ag-cell[col-id="${key}"]`);

/** A row's cell texts by column key, the row-selection column left out. */
export function rowTexts(row: ReturnType<typeof dataRows>): Promise<Record<string, string>> {
  return row.locator('.ag-cell[col-id]').evaluateAll((cells) =>
    Object.fromEntries(cells.map((cell): [string, string] => [cell.getAttribute('col-id') ?? '', cell.textContent ?? '']).filter(([key]) => !key.startsWith('ag-Grid-'))),
  );
}

/** The texts a row of the API shows in the grid, by column key: what `rowTexts` reads when the row is on screen. */
export function apiRowTexts(def: ReportDef, row: ReportRow | undefined, lang: Lang = 'zh'): Record<string, string> {
  return Object.fromEntries(def.columns.map((column) => [column.key, cellText(column, row?.[column.key] ?? null, lang)]));
}

/** The number in the total text ("共12条", "Total 12 records"); NaN until the first page is in. */
export async function totalOf(page: Page): Promise<number> {
  const text = (await onScreen(page).getByTestId('report-total').textContent()) ?? '';
  const match = /\d+/.exec(text);
  return match ? Number(match[0]) : Number.NaN;
}

/** The body's row at this place in the sorted rows (AG Grid's DOM order need not be the rows' order). */
export const rowAt = (page: Page, index: number) => dataRows(page).and(grid(page).locator(`[row-index="${index}"]`));

/** Waits until the report on screen shows its first rows: a value in the first column its definition declares. */
export async function rowsShown(page: Page): Promise<void> {
  const url = new URL(page.url());
  const key = reportFor(url.pathname, url.searchParams.get('tab') ?? undefined)?.columns[0]?.key;
  if (!key) throw new Error(`${page.url()} is no report screen`);
  // The infinite model first shows a loading row, with cells but no values.
  await dataRows(page).first().locator(`.ag-cell[col-id="${key}"]:not(:empty)`).waitFor();
}

/**
 * Opens `link` (a path and maybe a query) as the console's own links do (a history push, no reload), so one loaded
 * console walks many screens and keeps its sockets; resolves once its view is the one on screen.
 */
export async function openInConsole(page: Page, link: string): Promise<void> {
  await page.evaluate((to) => history.pushState(null, '', to), link);
  const [path] = link.split('?');
  await page.locator(`.view[data-view="${path}"]:not([hidden])`).waitFor();
}

/** Closes every tab but the one on screen by its × button's click, so their hidden views unmount. */
export async function closeOtherTabs(page: Page): Promise<void> {
  const others = page.locator('.tabs__tab:not(.tabs__tab--active) .tabs__close');
  // A click event without the pointer's checks: a tab strip of one other tab asks for no scrolling or waiting.
  while ((await others.count()) > 0) await others.first().dispatchEvent('click');
}

/** Switches the console's language with the top bar's select, as a user does. */
export async function chooseLanguage(page: Page, lang: Lang): Promise<void> {
  await page.locator('.topbar select').selectOption(lang);
}

/** The URL query as an object, for comparing filters and calling the API with them. */
export function urlQuery(page: Page): Record<string, string> {
  return Object.fromEntries(new URL(page.url()).searchParams);
}

/**
 * The grid's header texts in column order, each column read by its aria-colindex; the row-selection column has no
 * header and is left out. The grid draws every column (no column virtualisation), so one read sees them all.
 */
export async function gridHeaders(page: Page): Promise<string[]> {
  return grid(page).evaluate((root) =>
    [...root.querySelectorAll<HTMLElement>('.ag-header-cell[aria-colindex]')]
      .filter((cell) => !cell.getAttribute('col-id')?.startsWith('ag-Grid-'))
      .sort((a, b) => Number(a.getAttribute('aria-colindex')) - Number(b.getAttribute('aria-colindex')))
      .map((cell) => cell.querySelector('.ag-header-cell-text')?.textContent ?? ''),
  );
}

/**
 * Waits for the administrator's two poll notices (the notification centre counts both once the polls answered) and
 * closes the cards that show, as a user would before working; a card closed before in this browser stays closed.
 */
export async function dismissNotices(page: Page): Promise<void> {
  await page.getByRole('button', { name: translate('zh', 'noticeCentre.label', { count: 2 }) }).waitFor();
  for (const id of ['notice-fences', 'notice-heartbeat']) {
    const notice = page.getByTestId(id);
    if ((await notice.count()) === 0) continue;
    await notice.getByRole('button', { name: translate('zh', 'notice.dismiss') }).click();
    await notice.waitFor({ state: 'detached' });
  }
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
  // The admin's poll notices (pending fences, overdue heartbeats) cover the top right of every screen until dismissed;
  // a dismissal holds for every tab of the context.
  await dismissNotices(first);
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
