// The control room's overview in Chromium against the simulator: its figures are the server's, its tiles lead to the
// screens that list them, a new alarm shows in its stream and counts within seconds, and wall mode shows it alone,
// full-window and in a second window of the same browser; at 1280 and 1920 px, in zh and en, nothing floats outside
// the window or over the field being typed in.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { InboxCounts } from '../../domain/wire/alarm-inbox';
import type { Diagnostics } from '../../server/routes/diagnostics';
import { call, login, raiseSimAlarm } from '../helpers/api';
import { launchBrowser } from '../helpers/browser';
import { loginAs, newUserPage, requireBuiltConsole } from '../helpers/console';
import { startSimServer, type SimServer } from '../helpers/server';

/** Elements drawn over the page (fixed, or inside something fixed) that reach past the window's edges. */
function outsideWindow(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((element) => {
        // Overlays are fixed (pop-ups, notices, menus) or inside something fixed; the page's own content may scroll.
        let fixed = false;
        for (let at: HTMLElement | null = element; at && !fixed; at = at.parentElement) fixed = getComputedStyle(at).position === 'fixed';
        if (!fixed) return false;
        const box = element.getBoundingClientRect();
        if (box.width === 0 || box.height === 0) return false;
        return box.left < -1 || box.top < -1 || box.right > window.innerWidth + 1 || box.bottom > window.innerHeight + 1;
      })
      .map((element) => `${element.tagName}.${element.className}`),
  );
}

describe('the overview', () => {
  let server: SimServer;
  let browser: Browser;
  let admin: string;
  const counts = async () => (await call<InboxCounts>(server.url, 'GET', '/alarmInbox/counts', { token: admin })).data;
  const alarmSockets = async () => (await call<Diagnostics>(server.url, 'GET', '/diagnostics', { token: admin })).data.streaming.alarm;
  const openTotal = (c: InboxCounts) => c.open.critical + c.open.major + c.open.minor;

  beforeAll(async () => {
    server = await startSimServer({ staticDir: requireBuiltConsole(), seed: 29, trucks: 12 });
    admin = (await login(server.url, 'admin')).token;
    browser = await launchBrowser();
  });
  /** Each test's own browser context (cookies, storage, worker), closed after it whatever its outcome. */
  let context: BrowserContext | undefined;
  afterEach(async () => {
    await context?.close();
    context = undefined;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  async function overviewPage(lang: 'zh' | 'en', width: number): Promise<Page> {
    const opened = await newUserPage(browser, server.url, lang);
    context = opened.context;
    const { page } = opened;
    await page.setViewportSize({ width, height: width > 1500 ? 1080 : 800 });
    const streaming = await alarmSockets();
    await loginAs(page, server.url, 'admin');
    await page.getByTestId('overview').waitFor();
    // An alarm raised before this console's alarm socket streams would reach it by no event: wait for the socket.
    await expect.poll(alarmSockets).toBe(streaming + 1);
    return page;
  }

  it("shows the server's figures, and its tiles lead to the filtered screens", async () => {
    const page = await overviewPage('zh', 1280);
    const trucks = await server.services.db.selectFrom('truck').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    await expect.poll(() => page.getByTestId('live-trucks').textContent()).toBe(String(trucks.n));
    const expected = await counts();
    await expect.poll(() => page.getByTestId('overview-open-alarms').textContent()).toBe(String(openTotal(expected)));
    expect(await page.getByTestId('overview-open-critical').textContent()).toBe(String(expected.open.critical));
    expect(await page.locator('.overview__alarm-list li').count()).toBe(Math.min(8, openTotal(expected)));

    const figures = page.getByTestId('live-figures');
    await figures.getByRole('link', { name: /紧急/ }).click();
    await expect.poll(() => new URL(page.url()).pathname + new URL(page.url()).search).toBe('/monitor/alarm_inbox?state=3&severity=1');
    await page.locator('.tabs__tab a', { hasText: '个人中心' }).click();
    await figures.getByRole('link', { name: /离线设备/ }).click();
    await expect.poll(() => new URL(page.url()).pathname + new URL(page.url()).search).toBe('/monitor/track_map?status=0');
  });

  it('counts a new alarm and puts it first in the stream within seconds, without a reload', async () => {
    const page = await overviewPage('zh', 1280);
    const before = openTotal(await counts());
    await expect.poll(() => page.getByTestId('overview-open-alarms').textContent()).toBe(String(before));
    const alarm = await raiseSimAlarm(server.url, admin, { type: 7 });
    await expect.poll(() => page.getByTestId('overview-open-alarms').textContent()).toBe(String(before + 1));
    await expect.poll(() => page.locator('.overview__alarm-list li').first().locator('.overview__alarm-plate').textContent()).toBe(alarm.signCode);
  });

  it.each([
    ['zh', 1280],
    ['zh', 1920],
    ['en', 1280],
    ['en', 1920],
  ] as const)('keeps every overlay inside the window and off the focused field (%s, %i px)', async (lang, width) => {
    const page = await overviewPage(lang, width);
    // A pop-up to be placed while the operator types in the menu search.
    await raiseSimAlarm(server.url, admin, { type: 7 });
    await page.getByTestId('alarm-popup').first().waitFor();
    expect(await outsideWindow(page)).toEqual([]);
    const search = page.locator('.topbar input').first();
    await search.focus();
    await search.pressSequentially('报表');
    await raiseSimAlarm(server.url, admin, { type: 7 });
    const covered = await search.evaluate((input) => {
      const box = input.getBoundingClientRect();
      const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return top !== input && !input.contains(top);
    });
    expect(covered).toBe(false);
    expect(await outsideWindow(page)).toEqual([]);
  });

  it('shows wall mode alone at a click and by its URL in a second window, and leaves it again', async () => {
    const page = await overviewPage('en', 1920);
    await page.getByRole('button', { name: 'Wall mode' }).click();
    await page.waitForURL(/\/dashboard\?wall=1$/);
    await expect.poll(() => page.locator('.sidebar').isVisible()).toBe(false);
    expect(await page.locator('.topbar').isVisible()).toBe(false);
    expect(await page.locator('.tabs').isVisible()).toBe(false);
    expect(await page.locator('.overview--wall h1').textContent()).toBe('Operations overview');
    // Readable from across the room: the figures are drawn large.
    expect(parseFloat(await page.getByTestId('live-trucks').evaluate((el) => getComputedStyle(el).fontSize))).toBeGreaterThanOrEqual(40);
    expect(await outsideWindow(page)).toEqual([]);

    const second = await page.context().newPage();
    await second.setViewportSize({ width: 1920, height: 1080 });
    await second.goto(`${server.url}/dashboard?wall=1`);
    await second.locator('.overview--wall').waitFor();
    await expect.poll(() => second.getByTestId('live-trucks').textContent()).toBe(await page.getByTestId('live-trucks').textContent());
    expect(await second.locator('.sidebar').isVisible()).toBe(false);

    await page.getByRole('button', { name: 'Leave wall mode' }).click();
    await page.waitForURL(/\/dashboard$/);
    await page.locator('.topbar').waitFor();
  });
});
