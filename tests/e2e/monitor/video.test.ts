// The video screens in Chromium over a seeded fleet with camera rows: real_video's panes play the truck's live channels
// (the video element's currentTime advances) and a channel the camera lacks says 无信号 with why; an offline truck's
// panes say so; history_video lists a truck's recordings (from its fixes) and plays the one chosen, seeking within it. Playing needs the
// content policy to admit MSE's blob: media (media-src 'self' blob:, server/http/security-headers.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { MINUTE_MS } from '../../../domain/format/time';
import { TRUCK_STATUS } from '../../../domain/truck-status';
import type { Db } from '../../../server/db/open';
import { launchBrowser } from '../../helpers/browser';
import { loginAs, newUserPage, requireBuiltConsole } from '../../helpers/console';
import { startSimServer, type SimServer } from '../../helpers/server';

async function addCamera(db: Db, truckId: number, channels: number): Promise<void> {
  const truck = await db.selectFrom('truck').select('companyCode').where('id', '=', truckId).executeTakeFirstOrThrow();
  await db.deleteFrom('truckCamera').where('truckId', '=', truckId).execute();
  await db.insertInto('truckCamera').values({
    companyCode: truck.companyCode, truckId, terminalPhone: '13800000000', totalChannels: channels, dualIp: '10.0.0.1:6605', recording: 1, realtimeVideo: 1, hdLine: 1,
  }).execute();
}

describe('the video screens in Chromium', () => {
  let server: SimServer;
  let browser: Browser;
  let page: Page;
  let online: string;
  let offline: string;
  /** 10:00 China time yesterday: a drive of 8 minutes with a fix a minute. */
  const drive = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate() - 1, 2, 0);

  beforeAll(async () => {
    server = await startSimServer({ staticDir: requireBuiltConsole(), seed: 16, trucks: 12 });
    const db = server.services.db;
    const trucks = await db.selectFrom('truck').select(['id', 'signCode']).orderBy('id').limit(2).execute();
    const [first, second] = trucks;
    if (!first || !second) throw new Error('no trucks');
    online = first.signCode;
    offline = second.signCode;
    await addCamera(db, first.id, 2);
    await addCamera(db, second.id, 4);
    await db.updateTable('truckLive').set({ status: TRUCK_STATUS.empty }).where('truckId', '=', first.id).execute();
    await db.updateTable('truckLive').set({ status: TRUCK_STATUS.offline }).where('truckId', '=', second.id).execute();
    await db.insertInto('position').values(Array.from({ length: 9 }, (_, i) => ({
      truckId: first.id, time: drive + i * MINUTE_MS, lat: 31.2, lng: 121.5, speed: 30, heading: 90, area: '',
    }))).execute();
    browser = await launchBrowser();
    ({ page } = await newUserPage(browser, server.url));
    await loginAs(page, server.url, 'admin');
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const view = () => page.locator('.view:not([hidden])');
  const pane = (name: string) => view().getByRole('figure', { name });
  const currentTime = (name: string) => pane(name).locator('video').evaluate((video: HTMLVideoElement) => video.currentTime);

  it('plays a truck\'s live channels, and says 无信号 on a channel its camera lacks', async () => {
    await page.goto(`${server.url}/monitor/real_video?plate=${encodeURIComponent(online)}&layout=4`);
    const first = `${online} 通道1`;
    await expect.poll(() => pane(first).getAttribute('data-state'), { timeout: 15_000 }).toBe('playing');
    await expect.poll(() => currentTime(first), { timeout: 15_000 }).toBeGreaterThan(0.5);
    const before = await currentTime(first);
    await expect.poll(() => currentTime(first), { timeout: 10_000 }).toBeGreaterThan(before + 1);
    await expect.poll(() => pane(`${online} 通道2`).getAttribute('data-state'), { timeout: 15_000 }).toBe('playing');
    const third = pane(`${online} 通道3`);
    await expect.poll(() => third.getAttribute('data-reason')).toBe('noChannel');
    expect(await third.getByRole('status').textContent()).toContain('无信号该车没有此通道');
  });

  it('says 无信号 on every pane of an offline truck', async () => {
    await page.goto(`${server.url}/monitor/real_video?plate=${encodeURIComponent(offline)}`);
    await expect.poll(() => view().locator('.video-pane[data-reason="offline"]').count(), { timeout: 10_000 }).toBe(4);
    expect(await pane(`${offline} 通道1`).getByRole('status').textContent()).toContain('车辆离线');
  });

  it('lists a truck\'s recordings and plays the one chosen', async () => {
    const query = `plate=${encodeURIComponent(online)}&channel=1&from=${drive - 60 * MINUTE_MS}&to=${drive + 60 * MINUTE_MS}`;
    await page.goto(`${server.url}/monitor/history_video?${query}`);
    const list = view().getByRole('list', { name: '录像列表' });
    await expect.poll(() => list.getByRole('button').count(), { timeout: 10_000 }).toBe(3);
    await list.getByRole('button').nth(1).click();
    const name = `${online} 通道1`;
    await expect.poll(() => pane(name).getAttribute('data-state'), { timeout: 15_000 }).toBe('playing');
    await expect.poll(() => currentTime(name), { timeout: 15_000 }).toBeGreaterThan(1);
    // Seeking: the recording is 3 minutes; two minutes in, it plays on from there.
    await pane(name).locator('video').evaluate((video: HTMLVideoElement) => void (video.currentTime = 120));
    await expect.poll(() => currentTime(name), { timeout: 10_000 }).toBeGreaterThan(121);
  });
});

describe('the video screens against a legacy backend in Chromium', () => {
  let server: SimServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    server = await startSimServer({ staticDir: requireBuiltConsole(), contract: 'legacy', seed: 16, trucks: 6 });
    browser = await launchBrowser();
    ({ page } = await newUserPage(browser, server.url));
    await loginAs(page, server.url, 'admin');
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('says the backend offers no video, on the page and in every pane', async () => {
    const plate = (await server.services.db.selectFrom('truck').select('signCode').orderBy('id').executeTakeFirstOrThrow()).signCode;
    await page.goto(`${server.url}/monitor/real_video?plate=${encodeURIComponent(plate)}&layout=4`);
    const view = page.locator('.view:not([hidden])');
    await expect.poll(() => view.locator('.video__not-offered').textContent(), { timeout: 10_000 }).toBe('当前后台不提供视频功能（请通过视频软件插件观看）');
    await expect.poll(() => view.locator('.video-pane[data-reason="notOffered"]').count()).toBe(4);
  });
});
