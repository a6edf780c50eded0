// Track playback in Chromium over the seeded 30-day fleet: as admin, a day of one truck's history drawn and played,
// sped up to ×20, followed, the speed chart's cursor moving with it and a click on the chart seeking; a 4-day range
// refused under the field with no call made.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DAY_MS } from '../../../domain/format/time';
import { TRACK_CALL_PATH } from '../../../domain/playback/track-wire';
import { launchBrowser } from '../../helpers/browser';
import { loginAs, newUserPage, requireBuiltConsole } from '../../helpers/console';
import { seededFleetDatabase } from '../../helpers/seeded-fleet';
import { startServer, type RunningServer } from '../../helpers/server';
import { dismissNotices, FLEET } from '../reports/report-fixture';

const PATH = '/monitor/playback_track';

describe('track playback in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let plate: string;
  let end: number;

  beforeAll(async () => {
    server = await startServer({ staticDir: requireBuiltConsole(), database: await seededFleetDatabase(FLEET) });
    const db = server.services.db;
    const newest = await db.selectFrom('position').select((eb) => eb.fn.max('time').as('time')).executeTakeFirstOrThrow();
    end = Number(newest.time);
    // The truck with the most fixes in the last day: one that drove.
    const busiest = await db.selectFrom('position').innerJoin('truck', 'truck.id', 'position.truckId')
      .select(['truck.signCode', (eb) => eb.fn.countAll<number>().as('fixes')])
      .where('position.time', '>=', end - DAY_MS).groupBy('truck.signCode').orderBy('fixes', 'desc').executeTakeFirstOrThrow();
    plate = busiest.signCode;
    browser = await launchBrowser();
    ({ page } = await newUserPage(browser, server.url));
    await loginAs(page, server.url, 'admin');
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const view = () => page.locator('.view:not([hidden])');
  const map = () => view().getByRole('region', { name: '轨迹地图' });
  const chart = () => view().getByTestId('speed-chart');
  const chartTime = async () => Number(await chart().getAttribute('data-playback-time'));

  it('draws a day of the truck track with its marks and figures', async () => {
    await page.goto(`${server.url}${PATH}?plate=${encodeURIComponent(plate)}&from=${end - DAY_MS}&to=${end}`);
    await expect.poll(async () => Number(await map().getAttribute('data-fixes')), { timeout: 20_000 }).toBeGreaterThan(10);
    await chart().locator('canvas').waitFor();
    // The seeded fleet's pending fences and silent trucks are announced over the controls: read and put away.
    await dismissNotices(page);
    expect(await view().locator('[data-figure="distance"] dd').textContent()).toMatch(/^\d+\.\d km$/);
    expect(await view().locator('[data-figure="stops"] dd').textContent()).toMatch(/^\d+$/);
  });

  it('plays, the chart cursor following the truck, and pauses', async () => {
    const start = await chartTime();
    const truckAt = await map().getAttribute('data-truck');
    const cursorAt = () => chart().locator('.u-cursor-x').evaluate((element) => (element as HTMLElement).style.transform);
    const cursorBefore = await cursorAt();
    await view().getByRole('button', { name: '播放' }).click();
    await expect.poll(chartTime).toBeGreaterThan(start);
    await expect.poll(() => map().getAttribute('data-truck')).not.toBe(truckAt);
    await expect.poll(cursorAt).not.toBe(cursorBefore);
    expect(await view().getByTestId('playback-time').textContent()).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    await view().getByRole('button', { name: '暂停' }).click();
    const paused = await chartTime();
    await page.waitForTimeout(300);
    expect(await chartTime()).toBe(paused);
  });

  it('plays ×20 faster than ×1', async () => {
    const rate = async () => {
      const before = await chartTime();
      await view().getByRole('button', { name: '播放' }).click();
      await page.waitForTimeout(1000);
      await view().getByRole('button', { name: '暂停' }).click();
      return (await chartTime()) - before;
    };
    const slow = await rate();
    await view().getByRole('radio', { name: '×20' }).check();
    expect(await view().locator('article.playback').getAttribute('data-speed')).toBe('20');
    const fast = await rate();
    expect(fast).toBeGreaterThan(slow * 5);
  });

  it('follows the truck by default and lets it go', async () => {
    const follow = view().getByRole('checkbox', { name: '跟随车辆' });
    expect(await follow.isChecked()).toBe(true);
    await follow.uncheck();
    expect(await view().locator('article.playback').getAttribute('data-follow')).toBe('false');
    await follow.check();
    expect(await view().locator('article.playback').getAttribute('data-follow')).toBe('true');
  });

  it('seeks where the chart is clicked', async () => {
    const box = await chart().locator('.u-over').boundingBox();
    if (!box) throw new Error('no chart plot area');
    await page.mouse.click(box.x + box.width * 0.1, box.y + box.height / 2);
    const early = await chartTime();
    await page.mouse.click(box.x + box.width * 0.9, box.y + box.height / 2);
    await expect.poll(chartTime).toBeGreaterThan(early);
  });

  it('seeks from the keyboard on the slider', async () => {
    const before = await chartTime();
    await view().getByRole('slider', { name: '回放进度' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(chartTime).toBeGreaterThan(before);
  });

  it('refuses a 4-day range under the field, asking nothing', async () => {
    const asked: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.endsWith(TRACK_CALL_PATH)) asked.push(request.url());
    });
    await page.goto(`${server.url}${PATH}?plate=${encodeURIComponent(plate)}&from=${end - 4 * DAY_MS}&to=${end}`);
    await expect.poll(() => view().getByTestId('range-error').textContent()).toBe('轨迹回放查询时间不能超过3天');
    expect(await map().getAttribute('data-fixes')).toBe('0');
    await page.waitForTimeout(500);
    expect(asked).toEqual([]);
  });
});
