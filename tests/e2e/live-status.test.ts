// The live status badges in Chromium against the real server and a seeded fleet (no simulator timer): counts, tables,
// one pair of sockets for five tabs, and no badges for the water-truck user.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { Diagnostics } from '../../server/routes/diagnostics';
import { seedFleet } from '../../server/sim';
import { countByStatus, BADGE_ORDER, truckStatus } from '../../domain/truck-status';
import type { UserPriAnswer } from '../../domain/wire/entities';
import type { TruckStatusRow } from '../../domain/wire/truck-row';
import { call, login } from '../helpers/api';
import { launchBrowser } from '../helpers/browser';
import { headerIdOf, loginAs, newUserPage, requireBuiltConsole } from '../helpers/console';
import { startServer, type RunningServer } from '../helpers/server';

const badgeCounts = (page: Page) =>
  page.locator('[data-slot="live-status"] .status-badge__count').allTextContents();

/** Waits until the badges show numbers (the worker has published) and returns them in badge order. */
/** The badge counts once they show `expected`; a badge shows 0 until the worker's first snapshot arrives. */
async function countsReach(page: Page, expected: readonly string[]): Promise<void> {
  await expect.poll(() => badgeCounts(page), { timeout: 15_000 }).toEqual(expected);
}

describe('live status badges in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let operator: { context: BrowserContext; page: Page };
  let rows: readonly TruckStatusRow[];

  beforeAll(async () => {
    server = await startServer({
      staticDir: requireBuiltConsole(),
      prepare: async (services) => {
        await seedFleet(services.db, { seed: 3, trucks: 20, now: Date.now() });
      },
    });
    browser = await launchBrowser();
    operator = await newUserPage(browser, server.url);
    await loginAs(operator.page, server.url, 'operator');
    const token = (await headerIdOf(operator.page)) ?? '';
    const userPri = await call<UserPriAnswer>(server.url, 'GET', '/userPri', { token });
    const bar = await call<TruckStatusRow[]>(server.url, 'POST', '/truckatgsub/rest/truckData/getTruckBarData', {
      token, json: { userPri: userPri.data.userPri },
    });
    rows = bar.data;
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('shows the five badges with the counts getTruckBarData gives for the user', async () => {
    expect(rows.length).toBeGreaterThan(0);
    const counts = countByStatus(rows);
    const labels = await operator.page.locator('[data-slot="live-status"] .status-badge__label').allTextContents();
    expect(labels).toEqual(['报警', '重车', '空车', '停车', '离线']);
    await countsReach(operator.page, BADGE_ORDER.map((code) => String(counts[code])));
  });

  it('opens a badge table by keyboard with its trucks and the spec’s columns, and closes it with Esc', async () => {
    const { page } = operator;
    const code = BADGE_ORDER.find((c) => rows.some((row) => row.status === c)) ?? 3;
    const name = truckStatus(code).name;
    const badge = page.locator(`.status-badge--${name}`);
    await badge.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    const headers = await dialog.getByRole('columnheader').allTextContents();
    const withTime = code === 3 || code === 4 || code === 0;
    expect(headers).toEqual(['所属单位', '车牌号', '状态', 'GPS 时间', ...(withTime ? ['状态时间'] : []), '速度', '实时地址']);
    const expected = rows.filter((row) => row.status === code);
    await expect.poll(() => dialog.locator('[role="rowgroup"]').nth(1).getByRole('row').count()).toBe(Math.min(expected.length, 12));
    const plates = await dialog.locator('[role="rowgroup"]').nth(1).locator('[role="row"] [role="cell"]:nth-child(2)').allTextContents();
    expect(plates.every((plate) => expected.some((row) => row.signCode === plate))).toBe(true);
    const box = await dialog.getByRole('table').boundingBox();
    expect(box?.height).toBeLessThanOrEqual(200);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await badge.evaluate((el) => el === document.activeElement)).toBe(true);
  });

  it('shares one pair of sockets among five tabs of one login, all showing the same counts', async () => {
    const tabs = [operator.page];
    for (let i = 0; i < 4; i += 1) {
      const page = await operator.context.newPage();
      await page.goto(`${server.url}/dashboard`);
      tabs.push(page);
    }
    const counts = countByStatus(rows);
    const expected = BADGE_ORDER.map((code) => String(counts[code]));
    for (const tab of tabs) await countsReach(tab, expected);
    const admin = (await login(server.url, 'admin')).token;
    const diagnostics = await call<Diagnostics>(server.url, 'GET', '/diagnostics', { token: admin });
    expect(diagnostics.data.sockets).toEqual({ truck: 1, alarm: 1 });
  });

  it.each(['zh', 'en'] as const)('keeps the top bar on one line and every badge table on screen at 1280 px (%s)', async (lang) => {
    const { context, page } = await newUserPage(browser, server.url, lang);
    await loginAs(page, server.url, 'admin');
    const topbar = page.locator('.topbar');
    const bar = (await topbar.boundingBox()) ?? expect.unreachable('no top bar');
    // One line: nothing in the bar is taller than a line of its text (a wrapped label doubles its height).
    const heights = await topbar.locator('.breadcrumb li, .status-badge, .alarm-settings__open, .usermenu > button, .topbar__lang')
      .evaluateAll((items) => items.map((item) => item.getBoundingClientRect().height));
    expect(heights.length).toBeGreaterThan(5);
    expect(Math.max(...heights)).toBeLessThan(30);
    expect(bar.height).toBe(50);
    const badges = page.locator('[data-slot="live-status"] .status-badge');
    for (let i = 0; i < BADGE_ORDER.length; i += 1) {
      await badges.nth(i).click();
      const box = (await page.locator('.truck-popover').boundingBox()) ?? expect.unreachable('no badge table');
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(1280);
      // Headers, statuses, times and speeds read in full (organisation and address may be cut: they can be any length).
      const cut = await page.locator('.truck-popover').locator('[role="columnheader"], [role="cell"]:not(:first-child):not(:last-child):not(:nth-child(2))')
        .evaluateAll((cells) => cells.filter((cell) => cell.scrollWidth > cell.clientWidth + 1).map((cell) => cell.textContent));
      expect(cut).toEqual([]);
      await page.keyboard.press('Escape');
      await page.locator('.truck-popover').waitFor({ state: 'detached' });
    }
    await context.close();
  });

  it('shows the water-truck (garden) user no status badges', async () => {
    const garden = await newUserPage(browser, server.url);
    await loginAs(garden.page, server.url, 'garden');
    await garden.page.locator('[data-testid="live-figures"]').waitFor();
    expect(await garden.page.locator('.status-badges').count()).toBe(0);
    expect(await garden.page.locator('[data-slot="live-status"]').innerHTML()).toBe('');
    await garden.context.close();
  });
});
