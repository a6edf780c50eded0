// The control room's shots: the overview (operator and water-truck user) with open alarms in its list and trend, wall
// mode on a 1920×1080 display, and the alarm inbox with new, acknowledged and resolved alarms and one alarm's detail.
import type { Page } from 'playwright-core';
import { HOUR_MS, MINUTE_MS } from '../domain/format/time';
import { TRUCK_STATUS } from '../domain/truck-status';
import type { InboxAlarm, InboxAlarmDetail } from '../domain/wire/alarm-inbox';
import type { Paged } from '../domain/wire/records';
import type { TruckStatusRow } from '../domain/wire/truck-row';
import type { ManualShot } from '../server/manuals/shots';
import type { DemoUser, Recipe, ShotContext } from './manual-shots';

type OverviewShot = Extract<ManualShot, 'dashboard' | 'water-dashboard' | 'overview-wall' | 'alarm-inbox'>;

/** Room for the figures, the map and the alarm list in one picture. */
const OVERVIEW_VIEWPORT = { width: 1440, height: 900 } as const;
/** The inbox: tall enough for the list and the detail pane below it with the top bar. */
const INBOX_VIEWPORT = { width: 1440, height: 1180 } as const;
/** A control room's display. */
const WALL_VIEWPORT = { width: 1920, height: 1080 } as const;
/** The page size the other shots of the shared page expect (tests/helpers/console.ts). */
const DEFAULT_VIEWPORT = { width: 1280, height: 800 } as const;

/**
 * Alarm types raised for the operator's overview and inbox, one of each severity and more: pipe water (critical),
 * overspeed, high loss or gain, curve speeding (major), overlong working hours (minor).
 */
const OPERATOR_ALARMS = [3, 2, 202, 6, 203] as const;
/** Alarms of the water trucks: pipe water, overspeed, curve speeding. */
const WATER_ALARMS = [3, 2, 6] as const;

const RESOLVE_NOTE = { zh: '已电话联系司机，管道已排空，恢复正常', en: 'Called the driver; the pipe is drained and all is normal' } as const;

/** Raises the alarms on these trucks in turn, through the simulator's control (as the admin). */
async function raiseOn(ctx: ShotContext, trucks: readonly TruckStatusRow[], types: readonly number[]): Promise<void> {
  const ids = trucks.map((truck) => truck.truckId).filter((id) => id !== undefined);
  if (ids.length === 0) throw new Error('no trucks to raise the alarms on');
  for (const [index, type] of types.entries()) {
    const answer = await ctx.api('admin', 'POST', '/sim/alarm', { form: { type, truckId: ids[index % ids.length] ?? 0 } });
    if (answer.resultCode !== 200) throw new Error(`raising alarm ${type} failed: ${answer.resultCode} ${answer.message}`);
  }
}

/** The user's open alarms, newest first, from the inbox's list call. */
async function openAlarms(ctx: ShotContext, user: DemoUser): Promise<readonly InboxAlarm[]> {
  const answer = await ctx.api<Paged<InboxAlarm>>(user, 'GET', '/alarmInbox', { query: { page: 1, size: 50, state: 3 } });
  if (answer.resultCode !== 200) throw new Error(`GET /alarmInbox answered ${answer.resultCode} ${answer.message}`);
  return answer.data.rows;
}

async function change(ctx: ShotContext, user: DemoUser, action: 'acknowledge' | 'resolve' | 'assign', body: object): Promise<void> {
  const answer = await ctx.api(user, 'POST', `/alarmInbox/${action}`, { json: body });
  if (answer.resultCode !== 200) throw new Error(`POST /alarmInbox/${action} answered ${answer.resultCode} ${answer.message}`);
}

/**
 * Dismisses the pop-ups on this page (× acts on this tab only), so they cover none of the screen; the alarms stay open.
 * A pop-up may arrive while the others go: the loop looks again.
 */
async function dismissPopups(ctx: ShotContext, page: Page): Promise<void> {
  const popups = page.getByTestId('alarm-popup');
  for (let left = 12; left > 0 && (await popups.count()) > 0; left -= 1) {
    await popups.first().getByRole('button', { name: ctx.t('alarmPopup.dismiss') }).click({ timeout: 3000 }).catch(() => undefined);
  }
}

/**
 * After an overview shot, acknowledges what is still new: the alarms' pop-ups go in every tab (the worker hears the
 * change), so a later shot's pop-ups start from none, and the alarms stay in the overview's list as acknowledged.
 */
async function acknowledgeTheRest(ctx: ShotContext, user: DemoUser): Promise<void> {
  const fresh = (await openAlarms(ctx, user)).filter((row) => row.state === 'new').map((row) => row.seq);
  if (fresh.length > 0) await change(ctx, user, 'acknowledge', { seqs: fresh });
}

/** The overview with its figures, its map's trucks, its alarm list and trend drawn. */
async function overviewShown(page: Page, base: string, alarms: number, wall = false): Promise<void> {
  await page.goto(`${base}/dashboard${wall ? '?wall=1' : ''}`);
  await page.getByTestId('live-trucks').filter({ hasText: /^\d+$/ }).waitFor();
  if (!wall) await page.locator('[data-testid="inbox-badge"] .inbox-badge__count', { hasText: /^\d+$/ }).waitFor();
  await page.getByTestId('overview-open-alarms').filter({ hasText: /^\d+$/ }).waitFor();
  // The trucks are one canvas path drawn after the map's cluster worker answers; the page says nothing when it is
  // done, so the shot waits for the canvas and a moment for the first drawing.
  await page.locator('.overview__map canvas').first().waitFor();
  await page.waitForTimeout(1500);
  await page.waitForFunction((count) => document.querySelectorAll('.overview__alarm-list li').length >= count, alarms);
  await page.locator('.overview__trend-bar:not([height="0"])').first().waitFor();
}

/** The operator's overview with some alarms open: one acknowledged by a colleague (the admin), the rest new. */
async function operatorOverview(ctx: ShotContext, viewport: { readonly width: number; readonly height: number }, wall: boolean): Promise<Buffer> {
  const page = await ctx.pageOf('operator');
  await page.setViewportSize(viewport);
  for (const type of OPERATOR_ALARMS) await ctx.raise(type);
  const rows = await openAlarms(ctx, 'operator');
  const second = rows[1];
  if (second?.state === 'new') await change(ctx, 'admin', 'acknowledge', { seqs: [second.seq] });
  await overviewShown(page, ctx.base, Math.min(rows.length, 5), wall);
  await dismissPopups(ctx, page);
  const shot = await page.screenshot();
  await acknowledgeTheRest(ctx, 'operator');
  if (wall) await page.getByRole('button', { name: ctx.t('overview.leaveWall') }).click();
  await page.setViewportSize(DEFAULT_VIEWPORT);
  return shot;
}

export const OVERVIEW_RECIPES = {
  dashboard: async (ctx) => operatorOverview(ctx, OVERVIEW_VIEWPORT, false),

  'overview-wall': async (ctx) => operatorOverview(ctx, WALL_VIEWPORT, true),

  'water-dashboard': async (ctx) => {
    const page = await ctx.pageOf('garden');
    await page.setViewportSize(OVERVIEW_VIEWPORT);
    await raiseOn(ctx, (await ctx.api<readonly TruckStatusRow[]>('garden', 'GET', '/onlineTruck')).data ?? [], WATER_ALARMS);
    await overviewShown(page, ctx.base, WATER_ALARMS.length);
    await dismissPopups(ctx, page);
    const shot = await page.screenshot();
    await acknowledgeTheRest(ctx, 'garden');
    await page.setViewportSize(DEFAULT_VIEWPORT);
    return shot;
  },

  'alarm-inbox': async (ctx) => {
    const page = await ctx.pageOf('operator');
    await page.setViewportSize(INBOX_VIEWPORT);
    // Raised on moving trucks, then the fleet moved on some minutes (the first tick only starts its clock): the positions
    // after the alarms are stored, so the detail's map shows where the truck was.
    const trucks = (await ctx.api<readonly TruckStatusRow[]>('operator', 'GET', '/onlineTruck')).data ?? [];
    // The list from here on (an hour): alarms an earlier shot of the pass raised stay out of it.
    const since = Math.floor(Date.now() / 1000) * 1000;
    await raiseOn(ctx, trucks.filter((truck) => truck.status === TRUCK_STATUS.loaded || truck.status === TRUCK_STATUS.empty), OPERATOR_ALARMS);
    for (const minutes of [1, 4, 8]) await ctx.tick(minutes * MINUTE_MS);
    // Newest first: the newest stays new; of the others, one with a stored position is resolved with a note (the
    // detail shown), one acknowledged by a colleague, one given to the operator.
    const rows = (await openAlarms(ctx, 'operator')).filter((row) => row.state === 'new');
    const [newest, ...older] = rows;
    let resolved: InboxAlarm | undefined;
    for (const candidate of older) {
      const detail = await ctx.api<InboxAlarmDetail>('operator', 'GET', `/alarmInbox/${candidate.seq}`);
      if (detail.data?.position) {
        resolved = candidate;
        break;
      }
    }
    const [acknowledged, assigned] = older.filter((row) => row !== resolved);
    if (!newest || !resolved || !acknowledged || !assigned) throw new Error('too few new alarms, or none with a position, for the inbox shot');
    await change(ctx, 'admin', 'acknowledge', { seqs: [acknowledged.seq, resolved.seq] });
    await change(ctx, 'operator', 'resolve', { seqs: [resolved.seq], note: RESOLVE_NOTE[ctx.lang] });
    await change(ctx, 'admin', 'assign', { seqs: [assigned.seq], assignee: 'operator' });
    // Every state, so the resolved alarm is listed too.
    await page.goto(`${ctx.base}/monitor/alarm_inbox?state=all&startTime=${since}&endTime=${since + HOUR_MS}`);
    const inbox = page.locator('[data-screen="/monitor/alarm_inbox"]');
    const row = (seq: number) => inbox.locator(`.ag-row[row-id="${seq}"]`);
    // Two new alarms chosen, so the actions on the selection are ready; then the resolved one focused for its detail.
    for (const seq of [newest.seq, assigned.seq]) await row(seq).locator('input[type="checkbox"]').check();
    await inbox.getByTestId('inbox-total').filter({ hasText: ctx.t('alarmInbox.selected', { count: 2 }) }).waitFor();
    await row(resolved.seq).locator('[col-id="type"]').click();
    const detail = inbox.getByTestId('inbox-detail');
    await detail.and(page.locator(`[data-seq="${resolved.seq}"][aria-busy="false"]`)).waitFor();
    await detail.getByTestId('inbox-history').locator('li').nth(1).waitFor();
    await detail.locator('.leaflet-tooltip').waitFor();
    await dismissPopups(ctx, page);
    const shot = await page.screenshot();
    await acknowledgeTheRest(ctx, 'operator');
    await page.setViewportSize(DEFAULT_VIEWPORT);
    return shot;
  },
} satisfies Record<OverviewShot, Recipe>;
