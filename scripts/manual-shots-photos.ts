// The view_photos shot (docs/photos.md): as the admin, the last day's snapshots of the truck whose events
// took the most, every thumbnail rendered by the server's ffmpeg and loaded.
import type { Page } from 'playwright-core';
import { DAY_MS } from '../domain/format/time';
import { PHOTO_CALL_PATHS, type PhotoListAnswer } from '../domain/photos/photo-wire';
import type { TruckStatusRow } from '../domain/wire/truck-row';
import type { ManualShot } from '../server/manuals/shots';
import type { Recipe, ShotContext } from './manual-shots';
import { dismissLiveNotices, openBySearch } from './manual-shot-steps';

type PhotoShot = Extract<ManualShot, 'photos'>;

/** Five thumbnails abreast under the filters. */
const VIEWPORT = { width: 1440, height: 900 } as const;

async function busiestPlate(ctx: ShotContext, from: number, to: number): Promise<string> {
  const trucks = (await ctx.api<readonly TruckStatusRow[]>('admin', 'GET', '/onlineTruck')).data ?? [];
  let best: { readonly plate: string; readonly photos: number } | undefined;
  for (const truck of trucks.slice(0, 30)) {
    const list = await ctx.api<PhotoListAnswer>('admin', 'GET', PHOTO_CALL_PATHS.list, { query: { plate: truck.signCode, startTime: from, endTime: to } });
    const photos = list.data?.total ?? 0;
    if (!best || photos > best.photos) best = { plate: truck.signCode, photos };
  }
  if (!best || best.photos === 0) throw new Error('no truck of the shot fleet took photos in the last day');
  return best.plate;
}

export const PHOTO_RECIPES = {
  photos: async (ctx) => {
    const to = Date.now();
    const from = to - DAY_MS;
    const plate = await busiestPlate(ctx, from, to);
    const page: Page = await ctx.pageOf('admin');
    await page.setViewportSize(VIEWPORT);
    await dismissLiveNotices(page, ctx.t('notice.dismiss'));
    await openBySearch(page, ctx.t('route.monitor.view_photos'));
    await page.goto(`${ctx.base}/monitor/view_photos?plate=${encodeURIComponent(plate)}&from=${from}&to=${to}`);
    // A new page load: the poll notices come again.
    await dismissLiveNotices(page, ctx.t('notice.dismiss'));
    await page.locator('.view:not([hidden]) .photos__grid li').first().waitFor();
    // Every thumbnail in sight loaded (lazy ones below the fold are not asked for).
    await page.waitForFunction(() => [...document.querySelectorAll<HTMLImageElement>('.view:not([hidden]) .photos__grid img')]
      .filter((img) => img.getBoundingClientRect().top < window.innerHeight)
      .every((img) => img.complete && img.naturalWidth > 0), undefined, { timeout: 30_000 });
    return page.screenshot();
  },
} satisfies Record<PhotoShot, Recipe>;
