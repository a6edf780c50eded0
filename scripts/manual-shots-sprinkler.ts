// The water-truck statistics shot (docs/reports.md "Water-truck screens"): as the garden user, the last 7
// days of spraying per sprinkler and day, with the summary row and the volume chart drawn.
import type { Page } from 'playwright-core';
import type { ManualShot } from '../server/manuals/shots';
import type { Recipe } from './manual-shots';
import { dismissLiveNotices, openBySearch } from './manual-shot-steps';

type SprinklerShot = Extract<ManualShot, 'sprinkler-statistics'>;

/** The chart above a page of rows, every column in view. */
const VIEWPORT = { width: 1440, height: 900 } as const;

export const SPRINKLER_RECIPES = {
  'sprinkler-statistics': async (ctx) => {
    const page: Page = await ctx.pageOf('garden');
    await page.setViewportSize(VIEWPORT);
    await dismissLiveNotices(page, ctx.t('notice.dismiss'));
    await openBySearch(page, ctx.t('route.monitor.sprinkler_statistics'));
    const view = page.locator('.view:not([hidden])');
    await view.locator('[data-testid="report-grid"] .ag-row:not(.ag-row-pinned) .ag-cell[col-id="sprayVolume"]:not(:empty)').first().waitFor();
    await view.locator('.ag-row-pinned .ag-cell[col-id="sprayVolume"]:not(:empty)').waitFor();
    await view.locator('.report__chart canvas').first().waitFor();
    // uPlot draws on the next frame after its canvas is in place.
    await page.waitForTimeout(500);
    return page.screenshot();
  },
} satisfies Record<SprinklerShot, Recipe>;
