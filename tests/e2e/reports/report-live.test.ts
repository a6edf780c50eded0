// Report screens over a fleet the simulator moves, in Chromium: a real cover alarm's pop-up opens alarm_switch_cover on
// the alarm's row, and real_tank_inventory follows the status socket when a truck's live row changes, without a reload.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DEFAULT_LIVE_LIMITS } from '../../../server/live/socket-policy';
import type { Diagnostics } from '../../../server/routes/diagnostics';
import { ALARM_POP_NAME, alarmRoutePath } from '../../../domain/alarm-routes';
import { displayDateTime, HOUR_MS, MINUTE_MS, SECOND_MS, type Timestamp } from '../../../domain/format/time';
import { translate } from '../../../domain/i18n';
import { CARGO_REPORTS } from '../../../domain/screens/reports/cargo';
import { call, login, raiseSimAlarm } from '../../helpers/api';
import { launchBrowser } from '../../helpers/browser';
import { loginAs, newUserPage, requireBuiltConsole } from '../../helpers/console';
import { startSimServer, type SimServer } from '../../helpers/server';
import { apiRowTexts, FLEET, grid, openInConsole, REPORTS, reportPageCall, rowAt, rowsShown, rowTexts, urlQuery, type ReportServer } from './report-fixture';

/** The cover opened in transit (alarm_switch_cover's alarm). */
const COVER_ALARM = 1;
/**
 * The server's status period here: the console asks for the spec's 30 s, which the server holds to at most this, so a
 * change reaches the screen in seconds rather than half a minute.
 */
const STATUS_PERIOD_S = 2;
/** How late a live change may reach the screen: a status period, the screen's 3 s throttle and its fetch. */
const LIVE_CHANGE_SHOWN_MS = STATUS_PERIOD_S * SECOND_MS + 10_000;
/** The simulator's longest step: a tick further ahead is cut to this. */
const STEP_MS = 5 * MINUTE_MS;

describe('report screens over a moving fleet in Chromium', () => {
  // The simulator's clock starts hours back and the tests tick it towards the present, so all it writes is in the past.
  let simNow = Date.now() - 10 * HOUR_MS;
  let server: SimServer;
  let browser: Browser;
  let page: Page;
  let adminToken: string;
  let reportPage: ReportServer['page'];

  /** Moves the fleet one step on: its rows, events and alarms are written and published as a running server's are. */
  const tick = async () => {
    simNow += STEP_MS;
    await server.simulator.tick(simNow);
  };

  beforeAll(async () => {
    // Alarms twenty times as often: a cover opens in transit within the first hours of simulated time.
    server = await startSimServer({
      staticDir: requireBuiltConsole(), seed: FLEET.seed, trucks: 40, alarmRate: 20, now: () => simNow,
      liveLimits: { ...DEFAULT_LIVE_LIMITS, maxFrequencyS: STATUS_PERIOD_S },
    });
    const admin = await login(server.url, 'admin');
    adminToken = admin.token;
    reportPage = reportPageCall(server.url, adminToken);
    // Only cover alarms pop up: the busy fleet's other alarms would push the cover's pop-up out of the newest five.
    const choice = await call(server.url, 'POST', '/stUserAlarm', { token: adminToken, form: { id: 0, userId: admin.answer.userInfo.id, alarmTypeIds: String(COVER_ALARM) } });
    expect(choice.resultCode).toBe(200);
    browser = await launchBrowser();
    ({ page } = await newUserPage(browser, server.url));
    await loginAs(page, server.url, 'admin');
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  /** The pop-up of a cover alarm: its plate and start are on it. */
  const popupOf = (alarm: { readonly signCode: string; readonly startTime: Timestamp }) =>
    page
      .locator(`[data-testid="alarm-popup"][data-type="${COVER_ALARM}"]`)
      .filter({ hasText: alarm.signCode })
      .filter({ hasText: displayDateTime(alarm.startTime, 'zh') });

  /** Ticks until a cover alarm's switch_cover row is written (the cover closed again); the newest such alarm and row. */
  async function tickUntilCoverClosed(): Promise<{ readonly signCode: string; readonly startTime: number; readonly eventId: number }> {
    while (simNow < Date.now() - HOUR_MS) {
      await tick();
      const closed = await server.services.db
        .selectFrom('alarm')
        .innerJoin('event', (join) => join.onRef('event.truckId', '=', 'alarm.truckId').onRef('event.startTime', '=', 'alarm.startTime'))
        .where('alarm.type', '=', COVER_ALARM)
        .where('event.kind', '=', 'switch_cover')
        .select(['alarm.signCode', 'alarm.startTime', 'event.id as eventId'])
        .orderBy('alarm.seq', 'desc')
        .executeTakeFirst();
      if (closed) return closed;
    }
    throw new Error('no cover opened in transit over nine hours of the fleet');
  }

  it('opens alarm_switch_cover from a real cover alarm\'s pop-up: alarmPop, the truck and its time in the URL, its row first and highlighted', async () => {
    // The fleet moves once the console's alarm socket streams (it counts as open before its open message is checked):
    // an alarm raised on demand shows as a pop-up then, and is dismissed.
    await expect.poll(async () => (await call<Diagnostics>(server.url, 'GET', '/diagnostics', { token: adminToken })).data.streaming.alarm).toBe(1);
    const probe = popupOf(await raiseSimAlarm(server.url, adminToken, { type: COVER_ALARM }));
    await probe.getByRole('button', { name: translate('zh', 'alarmPopup.dismiss') }).click();
    await probe.waitFor({ state: 'detached' });

    const alarm = await tickUntilCoverClosed();
    const clickedAt = Date.now();
    await popupOf(alarm).getByRole('button', { name: translate('zh', 'alarmPopup.open') }).click();

    await page.waitForURL((url) => url.pathname === alarmRoutePath(COVER_ALARM));
    const { endTime, ...link } = urlQuery(page);
    expect(link).toEqual({ name: ALARM_POP_NAME, signCode: alarm.signCode, startTime: String(alarm.startTime), at: String(alarm.startTime) });
    expect(Number(endTime)).toBeGreaterThanOrEqual(clickedAt);
    expect(Number(endTime)).toBeLessThanOrEqual(Date.now());
    await rowsShown(page);
    // Opened from an alarm, the screen lists from the alarm on, oldest first.
    const rows = (await reportPage(REPORTS.alarmSwitchCover, { ...urlQuery(page), page: 1, size: 100, sort: 'startTime', order: 'asc' })).rows;
    expect(rows[0]?.id).toBe(alarm.eventId);

    const highlighted = grid(page).locator('.ag-row.report-grid__row--highlight');
    await expect.poll(() => highlighted.count()).toBe(1);
    expect(await highlighted.getAttribute('row-id')).toBe(String(alarm.eventId));
    expect(await highlighted.getAttribute('row-index')).toBe('0');
    expect(await rowTexts(highlighted)).toEqual(apiRowTexts(CARGO_REPORTS[REPORTS.alarmSwitchCover], rows[0]));
  });

  it('shows a truck\'s changed live row on real_tank_inventory from the status socket, without a reload', async () => {
    // The tanker whose live row changed last: one that is on the move.
    const { signCode } = await server.services.db
      .selectFrom('truckLive')
      .innerJoin('truck', 'truck.id', 'truckLive.truckId')
      .where('truck.model', '=', 'fuel')
      .select('truck.signCode')
      .orderBy('truckLive.updatedAt', 'desc')
      .orderBy('truck.id')
      .executeTakeFirstOrThrow();
    const query = { signCode };
    // Opened in the running console: its status socket carries on, as for a user moving between screens.
    await openInConsole(page, `${REPORTS.realTankInventory}?${new URLSearchParams(query)}`);
    await rowsShown(page);
    const def = CARGO_REPORTS[REPORTS.realTankInventory];
    const apiTexts = async () => (await reportPage(REPORTS.realTankInventory, { ...query, page: 1, size: 100 })).rows.map((row) => apiRowTexts(def, row));
    const shown = (count: number) => Promise.all(Array.from({ length: count }, (_, i) => rowTexts(rowAt(page, i))));
    const before = await apiTexts();
    expect(before.length).toBeGreaterThan(0);
    await expect.poll(() => shown(before.length)).toEqual(before);
    await page.evaluate(() => Reflect.set(window, 'sameDocument', true));

    let after = before;
    while (JSON.stringify(after) === JSON.stringify(before)) {
      if (simNow >= Date.now() - MINUTE_MS) throw new Error(`${signCode}'s live row did not change up to the present`);
      await tick();
      after = await apiTexts();
    }
    // The status socket sends changes once a period (the console asks for 30 s); the screen fetches within 3 s of them.
    await expect.poll(() => shown(after.length), { timeout: LIVE_CHANGE_SHOWN_MS }).toEqual(after);
    expect(await page.evaluate(() => Reflect.get(window, 'sameDocument'))).toBe(true);
  });
});
