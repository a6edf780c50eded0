// The monitor board's shots: the live map with every truck placed, the liquid-level tanks and a day of one
// truck's track played back, as the admin over the screenshot server's fleet.
import type { Page } from 'playwright-core';
import { DAY_MS } from '../domain/format/time';
import { TRACK_CALL_PATH, type TrackAnswer } from '../domain/playback/track-wire';
import type { TruckStatusRow } from '../domain/wire/truck-row';
import type { LocaleKey } from '../domain/i18n';
import type { ManualShot } from '../server/manuals/shots';
import type { Recipe, ShotContext } from './manual-shots';
import { dismissLiveNotices, openBySearch } from './manual-shot-steps';

type MonitorShot = Extract<ManualShot, 'track-map' | 'liquid-level' | 'playback' | 'fence-approval'>;

/** Wide enough for the map beside its truck list, and the tank cards three abreast. */
const VIEWPORT = { width: 1440, height: 900 } as const;

async function adminOn(ctx: ShotContext, title: LocaleKey): Promise<Page> {
  const page = await ctx.pageOf('admin');
  await page.setViewportSize(VIEWPORT);
  await dismissLiveNotices(page, ctx.t('notice.dismiss'));
  await openBySearch(page, ctx.t(title));
  return page;
}

const view = (page: Page) => page.locator('.view:not([hidden])');

export const MONITOR_RECIPES = {
  'track-map': async (ctx) => {
    const page = await adminOn(ctx, 'route.monitor.track_map');
    await view(page).locator('.track-map__summary', { hasText: /\d/ }).waitFor();
    // A truck chosen from the list: the map zooms to it and its status row shows beside the map.
    await view(page).locator('.track-map__plate').first().click();
    await view(page).locator('.track-map__card').waitFor();
    await page.waitForFunction(() => Number(document.querySelector('.view:not([hidden]) .track-map__map')?.getAttribute('data-trucks')) > 0);
    return page.screenshot();
  },

  'liquid-level': async (ctx) => {
    const page = await adminOn(ctx, 'route.monitor.liquid_level');
    await view(page).getByRole('checkbox').check();
    await view(page).locator('.level-card figure').first().waitFor();
    return page.screenshot();
  },

  // A history shot: the truck of the last day's longest track, played for a while at ×20 and paused.
  playback: async (ctx) => {
    const to = Date.now();
    const from = to - DAY_MS;
    const trucks = (await ctx.api<readonly TruckStatusRow[]>('admin', 'GET', '/onlineTruck')).data ?? [];
    let best: { readonly plate: string; readonly fixes: number } | undefined;
    for (const truck of trucks.slice(0, 20)) {
      if (truck.truckId === undefined) continue;
      const track = await ctx.api<TrackAnswer>('admin', 'GET', TRACK_CALL_PATH, { query: { truckId: truck.truckId, startTime: from, endTime: to } });
      const fixes = track.data?.fixes.time.length ?? 0;
      if (!best || fixes > best.fixes) best = { plate: truck.signCode, fixes };
    }
    if (!best || best.fixes < 20) throw new Error('no truck drove in the last day of the shot fleet');
    const page = await adminOn(ctx, 'route.monitor.playback_track');
    await page.goto(`${ctx.base}/monitor/playback_track?plate=${encodeURIComponent(best.plate)}&from=${from}&to=${to}`);
    // A new page load: the poll notices come again.
    await dismissLiveNotices(page, ctx.t('notice.dismiss'));
    await page.waitForFunction(() => Number(document.querySelector('.view:not([hidden]) .playback__map')?.getAttribute('data-fixes')) > 0);
    await view(page).getByRole('radio', { name: '×20' }).check();
    await view(page).getByRole('button', { name: ctx.t('playback.play') }).click();
    await page.waitForTimeout(2500);
    await view(page).getByRole('button', { name: ctx.t('playback.pause') }).click();
    return page.screenshot();
  },

  // The seeded fleet's fences waiting for approval, the first one shown on the map.
  'fence-approval': async (ctx) => {
    const page = await adminOn(ctx, 'route.setting.base_data.enclosure_approval');
    await view(page).locator('.fences__pick').first().click();
    await view(page).locator('.leaflet-overlay-pane canvas').first().waitFor();
    await page.waitForTimeout(500);
    return page.screenshot();
  },
} satisfies Record<MonitorShot, Recipe>;
