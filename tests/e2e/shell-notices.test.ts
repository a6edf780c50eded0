// The poll notices at a 1280 px window: each card inside the viewport with its buttons in reach, above the views rather
// than over them, closed by keyboard or click, not shown again at a reload while the findings bring nothing new, and
// kept in the top bar's notification centre with the screen each leads to.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../helpers/browser';
import { loginAs, newUserPage } from '../helpers/console';
import { startReportServer, type ReportServer } from './reports/report-fixture';

const WIDTH = 1280;

describe('the poll notices in Chromium', () => {
  let reports: ReportServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    reports = await startReportServer();
    browser = await launchBrowser();
    ({ page } = await newUserPage(browser, reports.server.url));
    await loginAs(page, reports.server.url, 'admin');
  });

  afterAll(async () => {
    await browser?.close();
    await reports?.server.close();
  });

  const centre = () => page.getByRole('button', { name: '通知：2 条' });

  it('keeps both cards and their buttons inside the window', async () => {
    for (const id of ['notice-fences', 'notice-heartbeat']) {
      const card = page.getByTestId(id);
      await card.waitFor();
      for (const box of [await card.boundingBox(), await card.getByRole('button', { name: '关闭' }).boundingBox()]) {
        if (!box) throw new Error(`${id} has no box`);
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(WIDTH);
      }
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(WIDTH);
  });

  it('covers nothing: the cards sit above the views, which start below them', async () => {
    const content = await page.locator('.shell__content').boundingBox();
    if (!content) throw new Error('the shell has no content box');
    for (const id of ['notice-fences', 'notice-heartbeat']) {
      const box = await page.getByTestId(id).boundingBox();
      if (!box) throw new Error(`${id} has no box`);
      expect(box.y + box.height).toBeLessThanOrEqual(content.y);
    }
    // The overview's first figure answers a click at its centre: nothing lies over it.
    const tile = page.locator('.dashboard a, .dashboard button').first();
    const at = await tile.boundingBox();
    if (!at) throw new Error('the overview has no tile');
    expect(await page.evaluate(([x, y]) => document.elementFromPoint(x ?? 0, y ?? 0)?.closest('.live-notices') === null, [at.x + at.width / 2, at.y + at.height / 2])).toBe(true);
  });

  it('closes a card with Escape and another with its button, and neither comes back at a reload', async () => {
    const fences = page.getByTestId('notice-fences');
    await fences.getByRole('button', { name: '关闭' }).focus();
    await page.keyboard.press('Escape');
    await fences.waitFor({ state: 'detached' });
    const heartbeat = page.getByTestId('notice-heartbeat');
    await heartbeat.getByRole('button', { name: '关闭' }).click();
    await heartbeat.waitFor({ state: 'detached' });

    await page.reload();
    // The centre counts both notices once the polls have answered after the reload; the cards stay closed.
    await centre().waitFor();
    expect(await page.locator('.live-notice').count()).toBe(0);
  });

  it('opens a closed notice\'s screen from the notification centre', async () => {
    await centre().click();
    const menu = page.getByRole('menu', { name: '通知中心' });
    await menu.getByRole('menuitem', { name: /围栏待审批/ }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/setting/base_data/enclosure_approval');
    await page.locator('.view:not([hidden]) h1', { hasText: '围栏审批' }).waitFor();
  });
});
