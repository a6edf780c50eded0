// The urgent-alarm dialog and the pop-up list in Chromium: a simulated type-201 alarm reaches the logged-in console,
// sounds, blinks and closes, and a row of it opens the urgent alarm screen; a quick burst of alarms never shows more
// than five pop-ups.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { Diagnostics } from '../../server/routes/diagnostics';
import { URGENT_ALARM_PATH } from '../../domain/alarm-routes';
import { ALARM_POPUP_MAX } from '../../domain/constants';
import { toMillis } from '../../domain/format/time';
import { call, login, raiseSimAlarm } from '../helpers/api';
import { launchBrowser } from '../helpers/browser';
import { loginAs, newUserPage, requireBuiltConsole } from '../helpers/console';
import { startSimServer, type SimServer } from '../helpers/server';

interface AudioCalls {
  /** The class of every node started, e.g. OscillatorNode. */
  readonly started: string[];
  stops: number;
  /** The audio context of the last node started. */
  context: BaseAudioContext | undefined;
}

/**
 * Runs in the page before the console: counts the `start` and `stop` calls of every scheduled audio source (oscillators
 * included) through the prototype they inherit, keeping the browser's own behaviour.
 */
function recordAudioCalls(): void {
  const calls: AudioCalls = { started: [], stops: 0, context: undefined };
  Reflect.set(window, 'audioCalls', calls);
  const proto = AudioScheduledSourceNode.prototype;
  const start = proto.start;
  const stop = proto.stop;
  proto.start = function (this: AudioScheduledSourceNode, when?: number) {
    calls.started.push(this.constructor.name);
    calls.context = this.context;
    start.call(this, when);
  };
  proto.stop = function (this: AudioScheduledSourceNode, when?: number) {
    calls.stops += 1;
    stop.call(this, when);
  };
}

const audioCalls = (page: Page) =>
  page.evaluate(() => {
    const calls = Reflect.get(window, 'audioCalls') as AudioCalls;
    return { started: calls.started, stops: calls.stops, state: calls.context?.state };
  });

describe('the urgent-alarm dialog in Chromium', () => {
  let server: SimServer;
  let browser: Browser;
  let user: { context: BrowserContext; page: Page };
  let admin: string;

  const raise = (type: number) => raiseSimAlarm(server.url, admin, { type });

  beforeAll(async () => {
    server = await startSimServer({ staticDir: requireBuiltConsole(), seed: 7, trucks: 12 });
    admin = (await login(server.url, 'admin')).token;
    browser = await launchBrowser();
    user = await newUserPage(browser, server.url);
    await user.context.addInitScript(recordAudioCalls);
    await loginAs(user.page, server.url, 'admin');
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('opens on a simulated urgent alarm with its plate, sounds a started oscillator, blinks the icon, and stops both on close', async () => {
    const { page } = user;
    await expect.poll(async () => (await call<Diagnostics>(server.url, 'GET', '/diagnostics', { token: admin })).data.streaming.alarm).toBe(1);
    expect((await audioCalls(page)).started).toEqual([]);
    const alarm = await raise(201);
    const dialog = page.getByRole('dialog', { name: /紧急报警/ });
    await dialog.waitFor();
    expect(await dialog.getByRole('row').nth(1).textContent()).toContain(alarm.signCode);
    // Our backend numbers its alarms: the personal centre says a reconnect resumes them without loss.
    await expect.poll(() => page.getByTestId('live-alarm-resume').getAttribute('data-resume')).toBe('lossless');

    // The tone: one oscillator started (and scheduled to stop) in a running audio context; the login was the gesture.
    await expect.poll(async () => (await audioCalls(page)).started).toEqual(['OscillatorNode']);
    await expect.poll(async () => (await audioCalls(page)).state).toBe('running');
    const stopsWhileOpen = (await audioCalls(page)).stops;

    const icon = page.getByTestId('urgent-icon');
    const first = await icon.getAttribute('data-lit');
    await expect.poll(() => icon.getAttribute('data-lit'), { timeout: 2000, interval: 50 }).not.toBe(first);
    await dialog.getByRole('button', { name: '关闭' }).click();
    await dialog.waitFor({ state: 'detached' });
    // Closing silences the tone and takes the blinking icon away; nothing starts a new sound.
    expect((await audioCalls(page)).stops).toBe(stopsWhileOpen + 1);
    expect(await page.getByTestId('urgent-icon').count()).toBe(0);
    expect((await audioCalls(page)).started).toEqual(['OscillatorNode']);
  });

  it("opens alarm_urgent from a dialog row: the alarm's start to now, its row highlighted", async () => {
    const { page } = user;
    const alarm = await raise(201);
    const dialog = page.getByRole('dialog', { name: /紧急报警/ });
    await dialog.waitFor();
    const before = Date.now();
    await dialog.getByRole('button', { name: new RegExp(alarm.signCode) }).first().click();
    await page.waitForURL((url) => url.pathname === URGENT_ALARM_PATH);
    const query = new URL(page.url()).searchParams;
    const startMs = toMillis(alarm.startTime);
    expect(Number(query.get('startTime'))).toBe(startMs);
    expect(Number(query.get('endTime'))).toBeGreaterThanOrEqual(Math.max(startMs, before - 1000));
    const highlighted = page.locator('.view:not([hidden]) [data-testid="report-grid"] .ag-row.report-grid__row--highlight');
    await expect.poll(() => highlighted.count()).toBe(1);
    expect(await highlighted.getAttribute('row-id')).toBe(String(alarm.seq));
    expect(await highlighted.textContent()).toContain(alarm.signCode);
    if (await dialog.count()) await dialog.getByRole('button', { name: '关闭' }).click();
  });

  it('keeps at most five pop-ups, newest first, while a quick burst of alarms arrives', async () => {
    const { page } = user;
    // Every change of the page's DOM samples the number of pop-ups, so a moment with six would be seen.
    await page.evaluate(() => {
      const seen = { max: 0, samples: 0 };
      Reflect.set(window, 'popupsSeen', seen);
      new MutationObserver(() => {
        seen.samples += 1;
        seen.max = Math.max(seen.max, document.querySelectorAll('[data-testid="alarm-popup"]').length);
      }).observe(document.body, { childList: true, subtree: true });
    });
    const burst = [2, 4, 7, 203, 2, 4, 7, 203];
    const raised = [];
    for (const type of burst) raised.push(await raise(type));
    const newest = raised.slice(-ALARM_POPUP_MAX).reverse();

    const popups = page.getByTestId('alarm-popup');
    const newestSeen = async () => (await popups.first().getAttribute('data-type')) === String(newest[0]?.type)
      && (await popups.first().textContent())?.includes(newest[0]?.signCode ?? '') === true;
    await expect.poll(newestSeen).toBe(true);
    await expect.poll(() => popups.count()).toBe(ALARM_POPUP_MAX);
    for (const [i, alarm] of newest.entries()) {
      expect(await popups.nth(i).getAttribute('data-type')).toBe(String(alarm.type));
      expect(await popups.nth(i).textContent()).toContain(alarm.signCode);
    }
    const seen = await page.evaluate(() => Reflect.get(window, 'popupsSeen') as { max: number; samples: number });
    expect(seen.samples).toBeGreaterThan(0);
    expect(seen.max).toBe(ALARM_POPUP_MAX);
  });
});
