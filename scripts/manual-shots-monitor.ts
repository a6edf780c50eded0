// The monitor board's shots (issue 16): the live map with every truck placed and the liquid-level tanks, as the admin
// over the screenshot server's moving fleet.
import type { Page } from 'playwright-core';
import type { ManualShot } from '../server/manuals/shots';
import type { Recipe, ShotContext } from './manual-shots';
import { openBySearch } from './manual-shot-steps';

export type MonitorShot = Extract<ManualShot, 'track-map' | 'liquid-level'>;

/** Wide enough for the map beside its truck list, and the tank cards three abreast. */
const VIEWPORT = { width: 1440, height: 900 } as const;

async function adminOn(ctx: ShotContext, route: 'track_map' | 'liquid_level'): Promise<Page> {
  const page = await ctx.pageOf('admin');
  await page.setViewportSize(VIEWPORT);
  await openBySearch(page, ctx.t(`route.monitor.${route}`));
  return page;
}

const view = (page: Page) => page.locator('.view:not([hidden])');

export const MONITOR_RECIPES = {
  'track-map': async (ctx) => {
    const page = await adminOn(ctx, 'track_map');
    await view(page).locator('.track-map__summary', { hasText: /\d/ }).waitFor();
    // A truck chosen from the list: the map zooms to it and its status row shows beside the map.
    await view(page).locator('.track-map__plate').first().click();
    await view(page).locator('.track-map__card').waitFor();
    await page.waitForFunction(() => Number(document.querySelector('.view:not([hidden]) .track-map__map')?.getAttribute('data-trucks')) > 0);
    return page.screenshot();
  },

  'liquid-level': async (ctx) => {
    const page = await adminOn(ctx, 'liquid_level');
    await view(page).getByRole('checkbox').check();
    await view(page).locator('.level-card figure').first().waitFor();
    return page.screenshot();
  },
} satisfies Record<MonitorShot, Recipe>;
