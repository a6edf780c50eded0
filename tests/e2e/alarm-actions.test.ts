// Acting on live alarms in Chromium against the simulator: the urgent dialog's confirm acknowledges the alarm in the
// inbox under the user's name; a pop-up keeps out of sight while a modal dialog is open (counted in the top bar) and
// shows once it closes; a pop-up acknowledges its alarm and goes, and shows its truck on the live map.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { Diagnostics } from '../../server/routes/diagnostics';
import type { InboxAlarm, InboxCounts } from '../../domain/wire/alarm-inbox';
import type { Paged } from '../../domain/wire/records';
import { call, login, raiseSimAlarm } from '../helpers/api';
import { launchBrowser } from '../helpers/browser';
import { loginAs, newUserPage, requireBuiltConsole } from '../helpers/console';
import { startSimServer, type SimServer } from '../helpers/server';

/** An alarm type whose pop-up is no urgent dialog: offline (7). */
const OFFLINE = 7;

describe('acting on live alarms in Chromium', () => {
  let server: SimServer;
  let browser: Browser;
  let page: Page;
  let admin: string;

  const standing = async (seq: number) => {
    const answer = await call<Paged<InboxAlarm>>(server.url, 'GET', '/alarmInbox', { token: admin, query: { state: 1, pageSize: 500 } });
    return answer.data.rows.find((row) => row.seq === seq);
  };
  const openCount = async () => {
    const counts = (await call<InboxCounts>(server.url, 'GET', '/alarmInbox/counts', { token: admin })).data;
    return counts.open.critical + counts.open.major + counts.open.minor;
  };
  const badge = () => page.getByTestId('inbox-badge');
  const popups = () => page.getByTestId('alarm-popup');

  beforeAll(async () => {
    server = await startSimServer({ staticDir: requireBuiltConsole(), seed: 11, trucks: 12 });
    admin = (await login(server.url, 'admin')).token;
    browser = await launchBrowser();
    page = (await newUserPage(browser, server.url)).page;
    await loginAs(page, server.url, 'admin');
  });

  it('shows the open-alarm count once the alarm socket streams', async () => {
    await expect.poll(async () => (await call<Diagnostics>(server.url, 'GET', '/diagnostics', { token: admin })).data.streaming.alarm).toBe(1);
    await badge().waitFor();
    expect(Number(await badge().getAttribute('data-open'))).toBe(await openCount());
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('acknowledges an urgent alarm from the dialog: the inbox shows it acknowledged by the user, the top bar counts it', async () => {
    const alarm = await raiseSimAlarm(server.url, admin, { type: 201 });
    const dialog = page.getByRole('dialog', { name: /紧急报警/ });
    await dialog.waitFor();
    expect(await dialog.getByRole('row').nth(1).textContent()).toContain(alarm.signCode);
    expect(await standing(alarm.seq)).toBeUndefined();

    await dialog.getByRole('button', { name: '确认' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => standing(alarm.seq)).toMatchObject({ seq: alarm.seq, state: 'acknowledged', by: 'admin' });
    // Still open (acknowledged, not resolved): the badge says what the server counts.
    const open = await openCount();
    await expect.poll(async () => Number(await badge().getAttribute('data-open'))).toBe(open);
  });

  it('keeps a pop-up out of sight while a modal dialog is open, counts it in the top bar, and shows it when the dialog closes', async () => {
    const shown = await popups().count();
    await page.getByRole('button', { name: 'admin ▾' }).click();
    await page.getByRole('menuitem', { name: '修改密码' }).click();
    const dialog = page.getByRole('dialog', { name: '修改密码' });
    await dialog.waitFor();

    const alarm = await raiseSimAlarm(server.url, admin, { type: OFFLINE });
    // Held: the top bar counts it as waiting, and no pop-up is on the page meanwhile.
    await expect.poll(async () => Number(await badge().getAttribute('data-held'))).toBe(Math.min(shown + 1, 5));
    expect(await popups().count()).toBe(0);

    await dialog.getByRole('button', { name: '取消' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => popups().first().getAttribute('data-seq')).toBe(String(alarm.seq));
    expect(await badge().getAttribute('data-held')).toBe('0');
  });

  it('acknowledges from a pop-up, which goes, and shows a pop-up’s truck on the live map', async () => {
    const alarm = await raiseSimAlarm(server.url, admin, { type: OFFLINE });
    const popup = page.locator(`[data-testid="alarm-popup"][data-seq="${alarm.seq}"]`);
    await popup.waitFor();
    const before = await openCount();
    await popup.getByRole('button', { name: '确认此报警' }).click();
    await popup.waitFor({ state: 'detached' });
    await expect.poll(() => standing(alarm.seq)).toMatchObject({ state: 'acknowledged', by: 'admin' });
    expect(await openCount()).toBe(before);

    const other = await raiseSimAlarm(server.url, admin, { type: OFFLINE });
    const next = page.locator(`[data-testid="alarm-popup"][data-seq="${other.seq}"]`);
    await next.getByRole('button', { name: `在地图上查看${other.signCode}` }).click();
    await page.waitForURL((url) => url.pathname === '/monitor/track_map');
    // The map opens on the truck: its card is shown.
    await page.locator('.view:not([hidden]) .track-map__card', { hasText: other.signCode }).waitFor();
  });
});
