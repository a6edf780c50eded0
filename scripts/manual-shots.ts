// How each manual screenshot is taken from the running console: one recipe per shot of server/manuals/shots.ts.
import type { Locator, Page } from 'playwright-core';
import type { Lang, LocaleKey, LocaleValues } from '../domain/i18n';
import type { Envelope } from '../domain/wire/envelope';
import type { ManualShot } from '../server/manuals/shots';
import { ROLE } from '../server/seed/accounts';
import type { SimDevices } from '../server/sim';
import type { CallOptions } from '../tests/helpers/api';
import { DEVICE_PARAM_RECIPES } from './manual-shots-device-params';
import { MONITOR_RECIPES } from './manual-shots-monitor';
import { OVERVIEW_RECIPES } from './manual-shots-overview';
import { SPRINKLER_RECIPES } from './manual-shots-sprinkler';
import { PHOTO_RECIPES } from './manual-shots-photos';
import { VIDEO_RECIPES } from './manual-shots-video';
import { openBySearch } from './manual-shot-steps';

/** The demo users; `admin` is the only one holding the device-parameter functions. */
export type DemoUser = 'admin' | 'operator' | 'manager' | 'garden';

export interface ShotContext {
  readonly base: string;
  readonly lang: Lang;
  /** The console's text in this pass's language, to find buttons by what users read. */
  t(key: LocaleKey, values?: LocaleValues): string;
  /** A page logged in as the demo user through the login form, once per pass, on the dashboard. */
  pageOf(user: DemoUser): Promise<Page>;
  /** A page with no session. */
  anonymousPage(): Promise<Page>;
  /** Raises an alarm of this type on one of the operator's company's trucks (through POST …/sim/alarm). */
  raise(type: number): Promise<void>;
  /** An API call as the demo user, for rows a shot needs made first (sends, uploads). */
  api<T>(user: DemoUser, method: string, path: string, options?: Omit<CallOptions, 'token'>): Promise<Envelope<T>>;
  /** The pass's simulated devices, answering sends as the real server's do from the first call on. */
  answeringDevices(): SimDevices;
  /** Moves the simulated fleet (ticked by no timer) to `aheadMs` past now: the moving trucks' positions are stored. */
  tick(aheadMs: number): Promise<void>;
}

export type Recipe = (ctx: ShotContext) => Promise<Buffer>;

/** Room around a cropped element, so its shadow and a little of the page show. */
const PAD = 12;

/** A screenshot of the smallest rectangle holding every locator, padded and kept inside the viewport. */
async function clipAround(page: Page, locators: readonly Locator[], pad = PAD): Promise<Buffer> {
  const boxes = await Promise.all(locators.map(async (l) => l.boundingBox()));
  const found = boxes.filter((b) => b !== null);
  if (found.length === 0) throw new Error('nothing to crop to');
  const size = page.viewportSize() ?? { width: 1280, height: 800 };
  const x = Math.max(0, Math.min(...found.map((b) => b.x)) - pad);
  const y = Math.max(0, Math.min(...found.map((b) => b.y)) - pad);
  const right = Math.min(size.width, Math.max(...found.map((b) => b.x + b.width)) + pad);
  const bottom = Math.min(size.height, Math.max(...found.map((b) => b.y + b.height)) + pad);
  return page.screenshot({ clip: { x, y, width: right - x, height: bottom - y } });
}

/** Back to the dashboard with no menu, dialog or popover left open, live figures shown. */
async function onDashboard(ctx: ShotContext, page: Page): Promise<void> {
  await page.goto(`${ctx.base}/dashboard`);
  await page.locator('.topbar').waitFor();
  await page.getByTestId('live-trucks').waitFor();
}

/** The shots that need the fleet's history (report rows): the screenshot script takes them on a backfilled server. */
export const HISTORY_SHOTS: ReadonlySet<ManualShot> = new Set([
  'report-summary', 'report-chart', 'report-handling', 'report-query-bar', 'report-adas-levels', 'report-offline-bands',
  'report-driver-score', 'report-device-health', 'master-data-form', 'driver-photo-form', 'role-function-tree', 'playback', 'sprinkler-statistics', 'photos',
]);

/** The user of the report shots: the only demo user (besides admin) with every cargo report group and a company tree. */
const REPORT_USER: DemoUser = 'manager';
/**
 * Wider and taller than the other shots' page: a grid fits its columns to their content only for the columns it has
 * drawn, so at 1280 pixels the last columns of a wide report keep a default width that hides their right-aligned
 * figures; and the English query bar takes a third line, which would push the summary row out of view.
 */
const REPORT_VIEWPORT = { width: 1440, height: 900 } as const;
/** Report pages already made ready: viewport set, the poll notice (pending fences) dismissed so it covers no rows. */
const prepared = new WeakSet<Page>();

/**
 * The report user's page, on a report opened through the menu search, with its first rows and its total in. The page
 * is not reloaded between report shots: a reload restarts the session's polls, whose first answer raises the fence
 * notice again over the rows; so the tab strip keeps the reports opened before.
 */
async function openReport(ctx: ShotContext, titleKey: LocaleKey): Promise<Page> {
  const page = await reportUserPage(ctx);
  await openBySearch(page, ctx.t(titleKey));
  const view = page.locator('.view:not([hidden])');
  await view.locator('[data-testid="report-grid"] .ag-row:not(.ag-row-pinned) .ag-cell[col-id="signCode"]:not(:empty)').first().waitFor();
  await view.getByTestId('report-total').filter({ hasText: /\d/ }).waitFor();
  return page;
}

/** The report user's page made ready once: the wider viewport, the fence notice dismissed. */
async function reportUserPage(ctx: ShotContext): Promise<Page> {
  const page = await ctx.pageOf(REPORT_USER);
  if (!prepared.has(page)) {
    await page.setViewportSize(REPORT_VIEWPORT);
    const notice = page.getByTestId('notice-fences');
    await notice.waitFor();
    await notice.getByRole('button', { name: ctx.t('notice.dismiss') }).click();
    await notice.waitFor({ state: 'detached' });
    prepared.add(page);
  }
  return page;
}

/**
 * A passport-style 90×120 portrait drawn on a canvas in the page (a grey figure on a pale blue ground), as PNG bytes:
 * a real image for the photo field without shipping one.
 */
async function portraitPng(page: Page): Promise<Buffer> {
  const bytes = await page.evaluate(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 90;
    canvas.height = 120;
    const g = canvas.getContext('2d');
    if (!g) throw new Error('no 2d canvas');
    g.fillStyle = '#dbe8f6';
    g.fillRect(0, 0, 90, 120);
    g.fillStyle = '#7a8797';
    g.beginPath();
    g.arc(45, 46, 20, 0, Math.PI * 2);
    g.fill();
    g.beginPath();
    g.ellipse(45, 120, 38, 42, 0, Math.PI, Math.PI * 2);
    g.fill();
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
    if (!blob) throw new Error('no PNG from the canvas');
    return [...new Uint8Array(await blob.arrayBuffer())];
  });
  return Buffer.from(bytes);
}

export const RECIPES = {
  login: async (ctx) => {
    const page = await ctx.anonymousPage();
    await page.goto(`${ctx.base}/login`);
    await page.locator('input[name="username"]').fill('operator');
    await page.locator('input[name="password"]').fill('operator123');
    return page.screenshot();
  },

  'menu-search': async (ctx) => {
    const page = await ctx.pageOf('operator');
    await page.keyboard.press('Control+k');
    await page.keyboard.type(ctx.lang === 'zh' ? '超速' : 'speed');
    await page.getByRole('option').first().waitFor();
    return clipAround(page, [page.locator('.search input'), page.locator('.search__results')]);
  },

  'tab-menu': async (ctx) => {
    const page = await ctx.pageOf('operator');
    await onDashboard(ctx, page);
    await openBySearch(page, ctx.t('route.monitor.track_map'));
    await openBySearch(page, ctx.t('route.driving_monitor.exception_report.alarm_over_speed'));
    await page.locator('.tabs__tab').nth(1).click({ button: 'right' });
    await page.getByRole('menu').waitFor();
    return page.screenshot({ clip: { x: 0, y: 0, width: 1280, height: 330 } });
  },

  'badge-table': async (ctx) => {
    const page = await ctx.pageOf('operator');
    await onDashboard(ctx, page);
    // The stopped table: it has the status-time column too (alarm, stopped and offline tables do).
    await page.locator('.status-badge--stopped').click();
    await page.locator('.truck-popover [role="row"]').nth(1).waitFor();
    return clipAround(page, [page.locator('.status-badges'), page.locator('.truck-popover')]);
  },

  'alarm-popup': async (ctx) => {
    const page = await ctx.pageOf('operator');
    await onDashboard(ctx, page);
    for (const type of [2, 203, 202]) await ctx.raise(type);
    await page.getByTestId('alarm-popup').nth(2).waitFor();
    return clipAround(page, [page.locator('.alarm-popups')]);
  },

  'urgent-alarm': async (ctx) => {
    const page = await ctx.pageOf('operator');
    await ctx.raise(201);
    const dialog = page.locator('.urgent-alarm');
    await dialog.waitFor();
    // The icon blinks every 180 ms: wait for it lit, so the picture shows the warning sign.
    await page.locator('[data-testid="urgent-icon"][data-lit="true"]').waitFor();
    const shot = await clipAround(page, [dialog], 24);
    await dialog.getByRole('button', { name: ctx.t('urgentAlarm.close'), exact: true }).click();
    return shot;
  },

  'alarm-settings': async (ctx) => {
    const page = await ctx.pageOf('operator');
    await onDashboard(ctx, page);
    await page.locator('.alarm-settings__open').click();
    const panel = page.locator('.alarm-settings__panel');
    await panel.waitFor();
    return clipAround(page, [page.locator('.alarm-settings__open'), panel]);
  },

  'quick-access': async (ctx) => {
    const page = await ctx.pageOf('operator');
    await onDashboard(ctx, page);
    const quick = page.locator('.quick');
    await quick.hover();
    await page.locator('.quick__handle').click();
    await page.getByRole('button', { name: ctx.t('quickVisit.addCurrent') }).click();
    await quick.locator('.quick__list li').first().waitFor();
    await openBySearch(page, ctx.t('route.monitor.track_map'));
    await quick.hover();
    await page.getByRole('button', { name: ctx.t('quickVisit.addCurrent') }).click();
    await quick.locator('.quick__list li').nth(1).waitFor();
    return clipAround(page, [quick], 48);
  },

  'user-menu': async (ctx) => {
    const page = await ctx.pageOf('operator');
    await onDashboard(ctx, page);
    await page.getByRole('button', { name: 'operator ▾' }).click();
    const menu = page.getByRole('menu');
    await menu.waitFor();
    return clipAround(page, [page.locator('.topbar__right'), menu]);
  },

  password: async (ctx) => {
    const page = await ctx.pageOf('operator');
    await onDashboard(ctx, page);
    await page.getByRole('button', { name: 'operator ▾' }).click();
    await page.getByRole('menuitem', { name: ctx.t('user.changePassword') }).click();
    const dialog = page.locator('.dialog');
    await dialog.waitFor();
    // A wrong old password shows the check made on leaving the field.
    await dialog.locator('input[name="oldPwd"]').fill('wrong-password');
    await dialog.locator('input[name="pwd"]').focus();
    await dialog.locator('.dialog__error', { hasText: ctx.t('password.oldPwdError') }).waitFor();
    return clipAround(page, [dialog], 24);
  },

  'fence-notice': async (ctx) => {
    const page = await ctx.pageOf('manager');
    const notice = page.getByTestId('notice-fences');
    await notice.waitFor();
    return clipAround(page, [notice]);
  },

  'report-summary': async (ctx) => {
    const page = await openReport(ctx, 'route.cargo_monitor.data_analysis.truck_loss');
    await page.locator('.view:not([hidden]) .ag-row-pinned .ag-cell[col-id="loss"]:not(:empty)').waitFor();
    return page.screenshot();
  },

  'report-adas-levels': async (ctx) => {
    const page = await openReport(ctx, 'route.active_safety.exception_report.alarm_adas_can');
    await page.locator('.view:not([hidden]) [data-testid="report-grid"] .report-grid__level--2').first().waitFor();
    return page.screenshot();
  },

  'report-offline-bands': async (ctx) => {
    const page = await openReport(ctx, 'route.driving_monitor.exception_report.off_line_analysis');
    await page.locator('.view:not([hidden]) [data-testid="report-chart"] canvas').waitFor();
    // The summary row comes with the totals, after the rows: by then the columns fit their content.
    await page.locator('.view:not([hidden]) .ag-row-pinned .ag-cell[col-id="offlines"]:not(:empty)').waitFor();
    return page.screenshot();
  },

  'report-driver-score': async (ctx) => {
    const page = await openReport(ctx, 'route.driving_monitor.data_analysis.exception_rate');
    await page.getByRole('tab', { name: ctx.t('report.tab.driverScore') }).click();
    const view = page.locator('.view:not([hidden])');
    await view.locator('[data-testid="report-grid"] .ag-cell[col-id="reasons"]:not(:empty)').first().waitFor();
    await view.locator('.ag-row-pinned .ag-cell[col-id="km"]:not(:empty)').waitFor();
    // The score and its reasons are the last columns: the table scrolled to its right end shows them.
    await view.locator('.ag-body-horizontal-scroll-viewport').evaluate((scroller) => scroller.scrollTo({ left: scroller.scrollWidth }));
    await view.locator('[data-testid="report-grid"] .ag-header-cell[col-id="reasons"]').waitFor();
    return page.screenshot();
  },

  'report-device-health': async (ctx) => {
    const page = await openReport(ctx, 'route.device_monitor.device_analysis.device_health');
    const view = page.locator('.view:not([hidden])');
    await view.locator('[data-testid="report-chart"] canvas').waitFor();
    await view.locator('.ag-row-pinned .ag-cell[col-id="deviceFaults"]:not(:empty)').waitFor();
    return page.screenshot();
  },

  'master-data-form': async (ctx) => {
    const page = await ctx.pageOf(REPORT_USER);
    await openBySearch(page, ctx.t('route.setting.base_data.station'));
    const view = page.locator('.view:not([hidden])');
    await view.locator('[data-testid="report-grid"] .ag-row:not(.ag-row-pinned) .ag-cell[col-id="name"]:not(:empty)').first().waitFor();
    await view.getByRole('button', { name: new RegExp(`^${ctx.t('entity.edit')} `) }).first().click();
    const dialog = page.getByRole('dialog');
    // A rule's message as the user meets it: the safe range emptied.
    await dialog.getByRole('textbox', { name: ctx.t('entity.field.safeRange'), exact: true }).fill('');
    await dialog.getByRole('button', { name: ctx.t('entity.save') }).click();
    await dialog.getByText(ctx.t('validation.required')).waitFor();
    return page.screenshot();
  },

  'driver-photo-form': async (ctx) => {
    const page = await reportUserPage(ctx);
    await openBySearch(page, ctx.t('route.setting.base_data.driver'));
    const view = page.locator('.view:not([hidden])');
    await view.locator('[data-testid="report-grid"] .ag-row:not(.ag-row-pinned) .ag-cell[col-id="name"]:not(:empty)').first().waitFor();
    await view.getByRole('button', { name: new RegExp(`^${ctx.t('entity.edit')} `) }).first().click();
    const dialog = page.getByRole('dialog');
    const photo = dialog.locator('[data-field="photo"]');
    await photo.locator('input[type="file"]').setInputFiles({ name: 'driver.png', mimeType: 'image/png', buffer: await portraitPng(page) });
    const thumb = photo.locator('img.entity-photo__thumb');
    await thumb.waitFor();
    await thumb.evaluate((img: HTMLImageElement) => img.decode());
    await photo.scrollIntoViewIfNeeded();
    const shot = await page.screenshot();
    await dialog.getByRole('button', { name: ctx.t('entity.cancel') }).click();
    return shot;
  },

  'role-function-tree': async (ctx) => {
    const page = await reportUserPage(ctx);
    await openBySearch(page, ctx.t('route.setting.privilege_account.role_function'));
    const view = page.locator('.view:not([hidden])');
    await view.getByRole('button', { name: new RegExp(ctx.t('roleFunction.role')) }).click();
    await page.getByRole('option', { name: ROLE.dispatcher }).click();
    const tree = view.getByRole('treegrid', { name: ctx.t('roleFunction.functions') });
    await tree.waitFor();
    // The active-safety group opened and one of its routes unchecked: the group shows the partial mark.
    const group = tree.locator('[data-group="active_safety"]');
    await group.getByRole('button').filter({ hasText: '▸' }).click();
    await tree.locator('[data-path*="/active_safety/"]').first().locator('.filters__tri-box').click();
    await group.and(page.locator('[data-state="indeterminate"]')).waitFor();
    return page.screenshot();
  },

  'report-chart': async (ctx) => {
    const page = await openReport(ctx, 'route.cargo_monitor.data_analysis.loss_month_rank');
    await page.locator('.view:not([hidden]) [data-testid="report-chart"] canvas').waitFor();
    return page.screenshot();
  },

  'report-handling': async (ctx) => {
    const page = await openReport(ctx, 'route.cargo_monitor.exception_report.alarm_switch_cover');
    const rows = page.locator('.view:not([hidden]) [data-testid="report-grid"] .ag-row:not(.ag-row-pinned)');
    for (const index of [0, 1]) await rows.nth(index).locator('.ag-selection-checkbox input').check();
    await page.getByRole('button', { name: ctx.t('report.handleSelected', { count: 2 }) }).click();
    const dialog = page.getByRole('dialog', { name: ctx.t('report.handleTitle') });
    await dialog.getByRole('radio', { name: ctx.t('report.handling.abnormal'), exact: true }).check();
    const description = ctx.lang === 'zh' ? '铅封完好，司机未报备开盖' : 'Seal intact; the driver did not report the opening';
    await dialog.getByRole('textbox', { name: ctx.t('report.handleDescription') }).fill(description);
    const shot = await page.screenshot();
    await dialog.getByRole('button', { name: ctx.t('report.handleCancel') }).click();
    await dialog.waitFor({ state: 'detached' });
    return shot;
  },

  'report-query-bar': async (ctx) => {
    const page = await openReport(ctx, 'route.cargo_monitor.event_report.switchcover_his');
    const bar = page.locator('.view:not([hidden]) .query-bar');
    await bar.locator('.filters__dates .filters__button').click();
    const calendar = page.locator('.filters__popover .filters__calendar');
    await calendar.waitFor();
    const shot = await clipAround(page, [bar, calendar]);
    await page.keyboard.press('Escape');
    return shot;
  },

  ...DEVICE_PARAM_RECIPES,
  ...MONITOR_RECIPES,
  ...OVERVIEW_RECIPES,
  ...SPRINKLER_RECIPES,
  ...PHOTO_RECIPES, ...VIDEO_RECIPES,
} satisfies Record<ManualShot, Recipe>;
