// The track_map section of `npm run bench:map`: the live map in Chromium over the whole fleet as admin. Measured: the
// time from navigation to the first markers drawn and to the whole fleet counted, the main thread's long tasks while
// loading and while the status socket's updates arrive, the animation frames while the map is dragged and wheel-zoomed
// from the city's view down to single trucks and back, and the first markers in a second tab (the worker already warm).
import type { Browser, Page } from 'playwright-core';
import { loginAs, newUserPage } from '../helpers/console';
import { installMapProbe, mapPage, percentile, type MapPage } from './map-frames';
import { installProbe, LONG_TASK_MS, type LongFrame, type LongTask } from './page-probe';

const PATH = '/monitor/track_map';
const LOAD_TIMEOUT_MS = 180_000;
/** A pan/zoom frame longer than this is a dropped frame at 60 Hz (one frame missed). */
const FRAME_BUDGET_MS = 1000 / 60;
/** Where the pan/zoom run turns back: past the map's last clustered zoom (15), every truck drawn on its own. */
const DEEPEST_ZOOM = 16;

export interface BenchRow {
  readonly measure: string;
  readonly value: string;
  /** The goal the measure is held to, when it has one. */
  readonly goal?: string;
  readonly met?: boolean;
}

export interface SectionContext {
  readonly browser: Browser;
  readonly base: string;
  readonly trucks: number;
}

interface TrackMapOptions {
  /**
   * How long the map stays open while the status socket sends its updates (BENCH_UPDATE_SECONDS, 60 by default: two of
   * the 30 s updates the console asks for).
   */
  readonly updateSeconds: number;
}

const ms = (value: number) => `${value.toFixed(0)} ms`;
const longest = (tasks: readonly LongTask[]) => Math.max(0, ...tasks.map((task) => task.duration));
const taskFigure = (tasks: readonly LongTask[]) => `${tasks.length} over ${LONG_TASK_MS} ms, longest ${ms(longest(tasks))}`;

/** Counts, in the page, each time what the map screen shows of the fleet changes (status counts, drawn markers). */
const WATCH_CHANGES = `(() => {
  window.mapChanges = [];
  let last = '';
  const signature = () => {
    const view = document.querySelector('.view:not([hidden]) .track-map');
    const map = view?.querySelector('.track-map__map');
    return (view?.querySelector('.track-map__statuses')?.textContent ?? '') + '|' + map?.dataset.trucks + '|' + map?.dataset.clusters;
  };
  last = signature();
  new MutationObserver(() => {
    const now = signature();
    if (now !== last) { last = now; window.mapChanges.push(performance.now()); }
  }).observe(document.querySelector('.view:not([hidden]) .track-map'), { childList: true, subtree: true, characterData: true, attributes: true });
})()`;

interface Box {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

async function longTasks(page: MapPage): Promise<LongTask[]> {
  return page.evaluate<LongTask[]>('window.longTasks');
}

/** Drags the map by (dx, dy) from its centre with the mouse, in small moves as a hand would. */
async function drag(page: Page, box: Box, dx: number, dy: number): Promise<void> {
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  await page.mouse.move(cx, cy);
  await page.mouse.down();
  await page.mouse.move(cx + dx, cy + dy, { steps: 20 });
  await page.mouse.up();
  await page.waitForTimeout(300);
}

/** One wheel notch of Leaflet's default 60 px per zoom level: one level in or out, then the zoom's animation. */
async function wheel(page: Page, box: Box, levels: 1 | -1): Promise<void> {
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.wheel(0, -60 * levels);
  await page.waitForTimeout(600);
}

export async function trackMapSection(context: SectionContext, options: TrackMapOptions): Promise<BenchRow[]> {
  const { browser, base, trucks } = context;
  const rows: BenchRow[] = [];
  const { context: browserContext, page } = await newUserPage(browser, base);
  await installProbe(browserContext, trucks);
  await installMapProbe(browserContext, trucks);
  await loginAs(page, base, 'admin');

  // Opening: a fresh document on the map's own path.
  await page.goto(`${base}${PATH}`);
  const inPage = await mapPage(page);
  const markersAt = await inPage.poll<number>('window.markersAt', LOAD_TIMEOUT_MS);
  const fleetAt = await inPage.poll<number>('window.fleetAt', LOAD_TIMEOUT_MS);
  // The last parts of the fleet are drawn in the frame after they are counted: a second's grace.
  await page.waitForTimeout(1000);
  const loadEnd = await inPage.evaluate<number>('performance.now()');
  const loading = (await longTasks(inPage)).filter((task) => task.start < loadEnd);
  rows.push({ measure: 'first markers drawn, after navigation', value: ms(markersAt) });
  rows.push({ measure: `all ${trucks} trucks counted, after navigation`, value: ms(fleetAt) });
  rows.push({ measure: 'long tasks while loading', value: taskFigure(loading), goal: `none over ${LONG_TASK_MS} ms`, met: loading.length === 0 });

  // Updates: the map stays open at the city's view while the status socket sends the fleet's changes.
  await inPage.evaluate(WATCH_CHANGES);
  const updatesStart = await inPage.evaluate<number>('performance.now()');
  await page.waitForTimeout(options.updateSeconds * 1000);
  const updatesEnd = await inPage.evaluate<number>('performance.now()');
  const updating = (await longTasks(inPage)).filter((task) => task.start >= updatesStart && task.start < updatesEnd);
  const changes = await inPage.evaluate<number[]>('window.mapChanges');
  rows.push({ measure: `screen changes seen in ${options.updateSeconds} s open`, value: `${changes.length} (${changes.map((at) => `${((at - updatesStart) / 1000).toFixed(0)} s`).join(', ')})` });
  rows.push({ measure: `long tasks during ${options.updateSeconds} s of updates`, value: taskFigure(updating), goal: `none over ${LONG_TASK_MS} ms`, met: updating.length === 0 });

  // Pan and zoom: drags at the city's view, wheel in level by level to single trucks with a drag at each level, back out.
  const box = await inPage.mapBox();
  const zoomOf = () => inPage.evaluate<string>(`document.querySelector('.view:not([hidden]) .track-map__map').dataset.trucks + ' trucks, ' + document.querySelector('.view:not([hidden]) .track-map__map').dataset.clusters + ' clusters'`);
  const zoomNow = async () => Number(await inPage.evaluate<string>(`document.querySelector('.view:not([hidden]) .track-map__map').dataset.zoom`));
  const startZoom = await zoomNow();
  if (!Number.isNaN(startZoom)) {
    // Centred on a truck (the list's first, which the map zooms to), so zooming in at the centre lands among trucks;
    // then back to the city's zoom, where the measured run starts.
    await inPage.evaluate(`document.querySelector('.view:not([hidden]) .track-map__plate').click()`);
    await inPage.poll<boolean>(`Number(document.querySelector('.view:not([hidden]) .track-map__map').dataset.zoom) >= ${DEEPEST_ZOOM} || undefined`, 10_000);
    for (let level = 0; level < 8 && (await zoomNow()) > startZoom; level += 1) await wheel(page, box, -1);
  }
  const panStart = await inPage.evaluate<number>('performance.now()');
  await inPage.startFrames();
  for (const [dx, dy] of [[200, 0], [-200, 120], [0, -120]] as const) await drag(page, box, dx, dy);
  // In to where every truck is drawn on its own (the map clusters up to zoom 15), a drag at each level, and back out.
  const drawnDeepest: string[] = [];
  // A console that does not say its zoom (an older build) gets four notches each way.
  const known = !Number.isNaN(startZoom);
  for (let level = 0; known ? level < 8 && (await zoomNow()) < DEEPEST_ZOOM : level < 4; level += 1) {
    await wheel(page, box, 1);
    // Out and back: the centre stays on the chosen truck, so the deepest level still has trucks to draw.
    const dx = level % 2 === 0 ? 150 : -150;
    await drag(page, box, dx, 60);
    await drag(page, box, -dx, -60);
  }
  drawnDeepest.push(`zoom ${startZoom} to ${await zoomNow()}: ${await zoomOf()}`);
  for (let level = 0; known ? level < 8 && (await zoomNow()) > startZoom : level < 4; level += 1) await wheel(page, box, -1);
  const gaps = await inPage.stopFrames();
  const panEnd = await inPage.evaluate<number>('performance.now()');
  const panning = (await longTasks(inPage)).filter((task) => task.start >= panStart && task.start < panEnd);
  const dropped = gaps.filter((gap) => gap > FRAME_BUDGET_MS * 1.5).length;
  rows.push({ measure: `pan/zoom frames (${gaps.length}; closest in: ${drawnDeepest.join('')})`, value: `p50 ${ms(percentile(gaps, 50))}, p95 ${ms(percentile(gaps, 95))}, worst ${ms(Math.max(0, ...gaps))}, ${dropped} over ${ms(FRAME_BUDGET_MS * 1.5)}` });
  rows.push({ measure: 'long tasks while panning and zooming', value: taskFigure(panning), goal: `none over ${LONG_TASK_MS} ms`, met: panning.length === 0 });
  const frames = await inPage.evaluate<LongFrame[]>('window.longFrames');
  for (const frame of frames.filter((one) => one.duration > LONG_TASK_MS).slice(-12)) {
    const scripts = frame.scripts.filter((script) => script.ms >= 5).map((script) => `${script.file || '(page)'} ${script.invoker} ${script.ms} ms`);
    console.log(`  long frame at ${ms(frame.start)}, ${ms(frame.duration)}: ${scripts.join('; ') || 'no script over 5 ms (style, layout, paint)'}`);
  }
  console.log(`  (loading ended ${ms(loadEnd)}, updates ${ms(updatesStart)}–${ms(updatesEnd)}, pan/zoom ${ms(panStart)}–${ms(panEnd)})`);
  await inPage.cdp.detach();

  // A second tab of the same browser: the shared worker already holds the fleet.
  const second = await browserContext.newPage();
  await second.goto(`${base}${PATH}`);
  const warm = await mapPage(second);
  const warmMarkers = await warm.poll<number>('window.markersAt', LOAD_TIMEOUT_MS);
  const warmFleet = await warm.poll<number>('window.fleetAt', LOAD_TIMEOUT_MS);
  await second.waitForTimeout(1000);
  const warmTasks = await longTasks(warm);
  rows.push({ measure: 'second tab: first markers / all counted', value: `${ms(warmMarkers)} / ${ms(warmFleet)}` });
  rows.push({ measure: 'second tab: long tasks while loading', value: taskFigure(warmTasks), goal: `none over ${LONG_TASK_MS} ms`, met: warmTasks.length === 0 });
  await warm.cdp.detach();
  await browserContext.close();
  return rows;
}
