// The live map in Chromium over a seeded fleet the test moves: every truck the admin sees placed on the offline base
// map (clusters from afar, dots close in), the status filter and a plate found from the keyboard kept in the URL, the
// chosen truck's status row, and the counts following the fleet as it moves.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { translate } from '../../../domain/i18n';
import { TRUCK_STATUS_CODES, truckStatus } from '../../../domain/truck-status';
import type { SimServer } from '../../helpers/server';
import { movingFleet, type MovingFleet } from './moving-fleet';

const PATH = '/monitor/track_map';
const TRUCKS = 30;

describe('the live map in Chromium', () => {
  let fleet: MovingFleet;
  let server: SimServer;
  let page: Page;

  beforeAll(async () => {
    fleet = await movingFleet({ seed: 16, trucks: TRUCKS });
    ({ server, page } = fleet);
  });

  afterAll(async () => {
    await fleet?.close();
  });

  const view = () => page.locator('.view:not([hidden])');
  const map = () => view().getByRole('region', { name: '车辆地图' });
  const statusCounts = async () => {
    const stored = await server.services.db.selectFrom('truckLive').select('status').execute();
    return TRUCK_STATUS_CODES.map((code) => `${translate('zh', truckStatus(code).labelKey)} (${stored.filter((row) => row.status === code).length})`);
  };
  const shownCounts = () => view().locator('.track-map__statuses label').allTextContents();

  it('places every truck the admin sees on the offline base map, clustered from afar', async () => {
    await page.goto(`${server.url}${PATH}`);
    const placed = await server.services.db.selectFrom('truckLive').select('truckId').where('gpsTime', 'is not', null).execute();
    await expect.poll(() => view().locator('.track-map__summary').textContent()).toBe(`共 ${TRUCKS} 辆车，${placed.length} 辆有位置`);
    // The base map's districts are drawn as labels; the trucks as dots or clusters on the canvas.
    await map().locator('.map-district span', { hasText: '浦东新区' }).waitFor();
    await expect.poll(async () => Number(await map().getAttribute('data-trucks')) + Number(await map().getAttribute('data-clusters'))).toBeGreaterThan(0);
    expect(await shownCounts()).toEqual(await statusCounts());
  });

  it('keeps the status filter in the URL and lists only those trucks', async () => {
    const offline = view().locator('.track-map__statuses label', { hasText: '离线' }).locator('input');
    await offline.uncheck();
    await expect.poll(() => new URL(page.url()).searchParams.get('status')).toBe('1,2,3,4');
    const stored = await server.services.db.selectFrom('truckLive').select('status').where('status', '<>', 0).execute();
    await expect.poll(() => view().locator('.track-map__summary').textContent()).toMatch(new RegExp(`^共 ${stored.length} 辆车`));
    await page.reload();
    await expect.poll(() => view().locator('.track-map__statuses label', { hasText: '离线' }).locator('input').isChecked()).toBe(false);
    await view().locator('.track-map__statuses label', { hasText: '离线' }).locator('input').check();
    await expect.poll(() => new URL(page.url()).searchParams.get('status')).toBeNull();
  });

  it('finds a plate from the keyboard, zooms to it and shows its status row', async () => {
    const truck = await server.services.db.selectFrom('truck').innerJoin('truckLive', 'truckLive.truckId', 'truck.id')
      .select(['truck.signCode', 'truckLive.speed']).where('truckLive.gpsTime', 'is not', null).orderBy('truck.signCode').executeTakeFirstOrThrow();
    const search = view().getByRole('searchbox');
    await search.focus();
    await page.keyboard.type(truck.signCode.slice(-4));
    await page.keyboard.press('Enter');
    const card = view().getByRole('region', { name: truck.signCode });
    await card.waitFor();
    expect(await card.textContent()).toContain(`${truck.speed} km/h`);
    expect(new URL(page.url()).searchParams.get('plate')).toBe(truck.signCode.slice(-4));
    // Close in, the truck is drawn on its own.
    await expect.poll(async () => Number(await map().getAttribute('data-trucks'))).toBeGreaterThanOrEqual(1);
    // The card leads to the truck's playback, tanks, photos and live video (the admin's menu holds them all), each with
    // the plate in its query; the playback opens with the plate chosen.
    const hrefs = await card.getByRole('link').evaluateAll((links) => links.map((link) => [link.textContent, link.getAttribute('href')]));
    const withPlate = (path: string) => `${path}?plate=${encodeURIComponent(truck.signCode)}`;
    expect(hrefs).toEqual([
      ['轨迹回放', withPlate('/monitor/playback_track')], ['液位监控', withPlate('/monitor/liquid_level')],
      ['查看照片', withPlate('/monitor/view_photos')], ['实时视频', withPlate('/monitor/real_video')],
    ]);
    await card.getByRole('link', { name: '轨迹回放' }).click();
    await page.waitForURL((url) => url.pathname === '/monitor/playback_track' && url.searchParams.get('plate') === truck.signCode);
    await page.locator('.view:not([hidden]) h1', { hasText: '轨迹回放' }).waitFor();
    await page.goto(`${server.url}${PATH}`);
    await view().getByRole('searchbox').fill('');
  });

  it('follows the fleet as it moves: the counts by status are the server\'s after every step', async () => {
    for (let step = 1; step <= 3; step += 1) {
      await fleet.step(20);
      const expected = await statusCounts();
      await expect.poll(shownCounts, { timeout: 15_000 }).toEqual(expected);
    }
  });
});
