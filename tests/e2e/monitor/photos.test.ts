// view_photos in Chromium over the seeded 30-day fleet: as admin, a day of one truck's snapshots opened from a link
// (`?plate=`), the thumbnails rendered by the server's ffmpeg and loaded, the viewer opened and stepped with the arrow
// keys, Escape back to the grid; and a range without events says 没有可查看的照片.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { DAY_MS } from '../../../domain/format/time';
import { PHOTO_CALL_PATHS } from '../../../domain/photos/photo-wire';
import { PHOTO_TRIGGERS, TRIGGER_EVENT_KINDS, maskChannels, triggerOfKind } from '../../../domain/photos/photo-triggers';
import { DEFAULT_MASKS } from '../../../server/photos/camera-masks';
import { launchBrowser } from '../../helpers/browser';
import { loginAs, newUserPage, requireBuiltConsole } from '../../helpers/console';
import { seededFleetDatabase } from '../../helpers/seeded-fleet';
import { startServer, type RunningServer } from '../../helpers/server';
import { FLEET } from '../reports/report-fixture';

const PATH = '/monitor/view_photos';
const PHOTO_KINDS = PHOTO_TRIGGERS.filter((trigger) => DEFAULT_MASKS[trigger] !== 0).flatMap((trigger) => [...TRIGGER_EVENT_KINDS[trigger]]);

describe('view_photos in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let plate: string;
  let expected: number;
  let end: number;

  beforeAll(async () => {
    server = await startServer({ staticDir: requireBuiltConsole(), database: await seededFleetDatabase(FLEET) });
    const db = server.services.db;
    const newest = await db.selectFrom('event').select((eb) => eb.fn.max('startTime').as('time')).executeTakeFirstOrThrow();
    end = Number(newest.time);
    // The truck whose events took the most photos in the last day (the default masks: no stop photos).
    const busiest = await db.selectFrom('event').innerJoin('truck', 'truck.id', 'event.truckId')
      .select(['truck.id', 'truck.signCode', (eb) => eb.fn.countAll<number>().as('events')])
      .where('event.kind', 'in', PHOTO_KINDS).where('event.startTime', '>=', end - DAY_MS)
      .groupBy(['truck.id', 'truck.signCode']).orderBy('events', 'desc').executeTakeFirstOrThrow();
    plate = busiest.signCode;
    const events = await db.selectFrom('event').select('kind').where('truckId', '=', busiest.id).where('kind', 'in', PHOTO_KINDS)
      .where('startTime', '>=', end - DAY_MS).where('startTime', '<=', end).execute();
    expected = events.reduce((sum, event) => {
      const trigger = triggerOfKind(event.kind);
      return sum + (trigger ? maskChannels(DEFAULT_MASKS[trigger]).length : 0);
    }, 0);
    browser = await launchBrowser();
    ({ page } = await newUserPage(browser, server.url));
    await loginAs(page, server.url, 'admin');
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const view = () => page.locator('.view:not([hidden])');
  const naturalWidth = (img: Locator) => img.evaluate((element) => (element as HTMLImageElement).naturalWidth);

  it('shows a truck day of snapshots from a link, the thumbnails loaded', async () => {
    await page.goto(`${server.url}${PATH}?plate=${encodeURIComponent(plate)}&from=${end - DAY_MS}&to=${end}`);
    const grid = view().getByRole('list', { name: '照片列表' });
    await expect.poll(() => grid.locator('li').count(), { timeout: 15_000 }).toBe(expected);
    expect(expected).toBeGreaterThan(0);
    expect(await view().getByRole('status').first().textContent()).toBe(`共 ${expected} 张照片`);
    const first = grid.locator('li img').first();
    await expect.poll(() => naturalWidth(first), { timeout: 15_000 }).toBe(320);
  });

  it('opens the viewer, steps with the arrow keys and closes on Escape', async () => {
    const grid = view().getByRole('list', { name: '照片列表' });
    const ids = await grid.locator('li').evaluateAll((items) => items.map((item) => item.getAttribute('data-photo')));
    await grid.locator('li button').first().click();
    const stage = page.getByRole('dialog').locator('.photos__stage');
    await expect.poll(() => stage.getAttribute('data-photo')).toBe(ids[0]);
    await expect.poll(() => naturalWidth(stage.locator('img')), { timeout: 15_000 }).toBe(960);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => stage.getAttribute('data-photo')).toBe(ids[1] ?? ids[0]);
    await expect.poll(() => naturalWidth(stage.locator('img')), { timeout: 15_000 }).toBe(960);
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => stage.getAttribute('data-photo')).toBe(ids[0]);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    // Focus goes back in the frame after the viewer closes.
    await expect.poll(() => page.evaluate(() => document.activeElement?.closest('li')?.getAttribute('data-photo'))).toBe(ids[0]);
  });

  it('refuses a 4-day range under the field without asking the server', async () => {
    const asked: string[] = [];
    const listen = (request: { url(): string }) => {
      if (new URL(request.url()).pathname.endsWith(PHOTO_CALL_PATHS.list)) asked.push(request.url());
    };
    page.on('request', listen);
    await page.goto(`${server.url}${PATH}?plate=${encodeURIComponent(plate)}&from=${end - 4 * DAY_MS}&to=${end}`);
    await expect.poll(() => view().getByTestId('range-error').textContent()).toBe('照片查询时间不能超过3天');
    await page.waitForTimeout(300);
    page.off('request', listen);
    expect(asked).toEqual([]);
    expect(await view().locator('.photos__grid').count()).toBe(0);
  });

  it('says 没有可查看的照片 for a range without events', async () => {
    await page.goto(`${server.url}${PATH}?plate=${encodeURIComponent(plate)}&from=1000&to=2000`);
    await expect.poll(() => view().locator('.photos__empty').textContent()).toBe('没有可查看的照片');
  });
});
