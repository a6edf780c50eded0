// The video shot (docs/video.md): as the admin, real_video of an online truck whose camera has 3 channels,
// in 4 panes: three playing their live streams (each past its first seconds), the fourth saying 无信号 and why.
import type { Page } from 'playwright-core';
import { entityCallPath, type EntityRow } from '../domain/screens/entities/wire';
import { VIDEO_CALL_PATHS, type CameraAnswer } from '../domain/video/video-wire';
import type { TruckStatusRow } from '../domain/wire/truck-row';
import type { ManualShot } from '../server/manuals/shots';
import type { Recipe, ShotContext } from './manual-shots';
import { dismissLiveNotices, openBySearch } from './manual-shot-steps';

type VideoShot = Extract<ManualShot, 'video'>;

const VIEWPORT = { width: 1440, height: 900 } as const;
const CAMERA_SETUP = '/setting/device_parameter/camera_setup';
const TRUCK_LIST = '/setting/base_data/truck';

/**
 * An online truck the seed left without a camera, given a 3-channel one through camera setup as an operator would (the
 * truck is named by its plate).
 */
async function truckWithCamera(ctx: ShotContext): Promise<string> {
  const trucks = (await ctx.api<readonly TruckStatusRow[]>('admin', 'GET', '/onlineTruck')).data ?? [];
  let truck: TruckStatusRow | undefined;
  for (const row of trucks) {
    if (row.status === 0 || row.truckId === undefined) continue;
    const camera = await ctx.api<CameraAnswer>('admin', 'GET', VIDEO_CALL_PATHS.camera, { query: { truckId: row.truckId } });
    if (camera.resultCode !== 200) throw new Error(`the video calls answered ${camera.resultCode}`);
    if (camera.data?.totalChannels === 0) {
      truck = row;
      break;
    }
  }
  if (!truck) throw new Error('no online truck without a camera in the shot fleet');
  const saved = await ctx.api('admin', 'POST', entityCallPath(CAMERA_SETUP), {
    form: { companyCode: await companyOf(ctx, truck.signCode), truckId: truck.signCode, terminalPhone: '13800138000', totalChannels: 3, dualIp: '10.0.0.8:6605', recording: '1', realtimeVideo: '1', hdLine: 1 },
  });
  if (saved.resultCode !== 200) throw new Error(`camera setup refused: ${saved.message}`);
  return truck.signCode;
}

/** The truck's company, from the truck master data searched by plate. */
async function companyOf(ctx: ShotContext, plate: string): Promise<string> {
  const list = await ctx.api<{ readonly rows: readonly EntityRow[] }>(
    'admin', 'GET', entityCallPath(TRUCK_LIST), { query: { page: 1, size: 20, signCode: plate } },
  );
  const company = list.data?.rows.find((one) => one.values['signCode'] === plate)?.values['companyCode'];
  if (typeof company !== 'string') throw new Error(`truck ${plate} not found in the truck list (${list.resultCode} ${list.message})`);
  return company;
}

export const VIDEO_RECIPES = {
  video: async (ctx) => {
    const plate = await truckWithCamera(ctx);
    const page: Page = await ctx.pageOf('admin');
    await page.setViewportSize(VIEWPORT);
    await dismissLiveNotices(page, ctx.t('notice.dismiss'));
    await openBySearch(page, ctx.t('route.monitor.real_video'));
    await page.goto(`${ctx.base}/monitor/real_video?plate=${encodeURIComponent(plate)}&layout=4`);
    // A new page load: the poll notices come again.
    await dismissLiveNotices(page, ctx.t('notice.dismiss'));
    await page.waitForFunction(() => {
      const videos = [...document.querySelectorAll<HTMLVideoElement>('.view:not([hidden]) .video-pane[data-state="playing"] video')];
      return videos.length === 3 && videos.every((video) => video.currentTime > 2);
    }, undefined, { timeout: 30_000 });
    await page.locator('.view:not([hidden]) .video-pane[data-reason="noChannel"]').waitFor();
    return page.screenshot();
  },
} satisfies Record<VideoShot, Recipe>;
