// The playback section of `npm run bench:map`: playback_track in Chromium over one dense truck's 3 days (the longest
// range the screen allows). The bench's server seeds no history (10,000 trucks' 3 days would take minutes), so this
// section writes the truck's fixes itself into the server's SQLite file: a fix every BENCH_FIX_SECONDS (30 s, a real
// device's rate; the simulator's own history is a fix every 3 minutes), driving across the city by day and parked at
// night. Measured: the track's load, from the GET /track request to the track drawn (goal under 1 s) and from
// navigation; then ×20 play for PLAY_SECONDS, its animation frames (a frame over two 60 Hz frames is dropped) and the
// main thread's long tasks.
import Database from 'better-sqlite3';
import { installProbe, LONG_TASK_MS, type LongTask } from './page-probe';
import { mapPage, percentile } from './map-frames';
import { loginAs, newUserPage } from '../helpers/console';
import type { BenchRow, SectionContext } from './map-track';

const PATH = '/monitor/playback_track';
const DAY_MS = 24 * 3600 * 1000;
const LOAD_GOAL_MS = 1000;
const FRAME_MS = 1000 / 60;
const PLAY_SECONDS = Number(process.env['PLAY_SECONDS'] ?? 10);
const FIX_SECONDS = Number(process.env['BENCH_FIX_SECONDS'] ?? 30);

interface PlaybackOptions {
  /** The server's SQLite file, written before the page opens. */
  readonly dbPath: string;
}

const ms = (value: number) => `${value.toFixed(0)} ms`;

/** Times the track's request and its drawing, from inside the page (no Playwright script in it). */
const PLAYBACK_PROBE = `
  const watchTrack = new MutationObserver(() => {
    const map = document.querySelector('.view:not([hidden]) .playback__map') ?? document.querySelector('.playback__map');
    if (!map || window.trackShownAt !== undefined || !(Number(map.dataset.fixes) > 0)) return;
    window.trackShownAt = performance.now();
    // Drawn: the frame after the fixes reached the map has been painted.
    requestAnimationFrame(() => setTimeout(() => { window.trackDrawnAt = performance.now(); }, 0));
    watchTrack.disconnect();
  });
  watchTrack.observe(document, { subtree: true, attributes: true, attributeFilter: ['data-fixes'] });
`;

/** Three days of one truck at `stepSeconds`: a day's shifts driving across the city with short stops, parked at night. */
export function writeDenseTrack(dbPath: string, end: number, stepSeconds: number): { truckId: number; signCode: string; fixes: number } {
  const db = new Database(dbPath);
  db.pragma('busy_timeout = 10000');
  try {
    const truck = db.prepare('select id, sign_code as signCode from truck order by id limit 1').get() as { id: number; signCode: string };
    const start = end - 3 * DAY_MS;
    db.prepare('delete from position where truck_id = ? and time >= ? and time <= ?').run(truck.id, start, end);
    const insert = db.prepare('insert into position (truck_id, time, lat, lng, speed, heading, area) values (?, ?, ?, ?, ?, ?, ?)');
    let lat = 31.23;
    let lng = 121.47;
    let heading = 45;
    let seed = 16;
    const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
    let fixes = 0;
    db.transaction(() => {
      for (let time = start; time <= end; time += stepSeconds * 1000) {
        const hour = new Date(time).getUTCHours() + 8;
        const working = hour % 24 >= 6 && hour % 24 < 20;
        const stopped = !working || random() < 0.15;
        const speed = stopped ? 0 : 20 + random() * 40;
        heading = (heading + (random() - 0.5) * 40 + 360) % 360;
        // Turned back toward the centre when near the city's edge.
        if (Math.abs(lat - 31.23) > 0.15 || Math.abs(lng - 121.47) > 0.2) heading = (Math.atan2(121.47 - lng, 31.23 - lat) * 180) / Math.PI;
        const km = (speed * stepSeconds) / 3600;
        lat += (Math.cos((heading * Math.PI) / 180) * km) / 111;
        lng += (Math.sin((heading * Math.PI) / 180) * km) / 95;
        insert.run(truck.id, time, Number(lat.toFixed(6)), Number(lng.toFixed(6)), Math.round(speed * 10) / 10, Math.round((heading + 360) % 360), '');
        fixes += 1;
      }
    })();
    return { truckId: truck.id, signCode: truck.signCode, fixes };
  } finally {
    db.close();
  }
}

export async function playbackSection(context: SectionContext, options: PlaybackOptions): Promise<BenchRow[]> {
  const { browser, base, trucks } = context;
  const end = Date.now();
  const start = end - 3 * DAY_MS;
  const truck = writeDenseTrack(options.dbPath, end, FIX_SECONDS);
  const { context: browserContext, page } = await newUserPage(browser, base);
  await installProbe(browserContext, trucks);
  await browserContext.addInitScript({ content: PLAYBACK_PROBE });
  await loginAs(page, base, 'admin');
  await page.goto(`${base}${PATH}?plate=${encodeURIComponent(truck.signCode)}&from=${start}&to=${end}`);
  const inPage = await mapPage(page);
  const drawnAt = await inPage.poll<number>('window.trackDrawnAt', 120_000);
  const requestAt = await inPage.evaluate<number>(`performance.getEntriesByType('resource').find((entry) => entry.name.includes('/track?'))?.startTime ?? -1`);
  const fixesShown = Number(await inPage.evaluate<string>(`document.querySelector('.playback__map').dataset.fixes`));
  const loading = await inPage.evaluate<LongTask[]>('window.longTasks');
  const loadMs = drawnAt - requestAt;
  const rows: BenchRow[] = [
    { measure: `track of 3 days (${fixesShown} fixes, one every ${FIX_SECONDS} s): request to drawn`, value: ms(loadMs), goal: `under ${LOAD_GOAL_MS} ms`, met: requestAt >= 0 && loadMs < LOAD_GOAL_MS },
    { measure: 'track drawn, after navigation (the fleet read first, for the plate)', value: ms(drawnAt) },
    { measure: 'long tasks while loading the track', value: `${loading.filter((task) => task.start >= requestAt).length} over ${LONG_TASK_MS} ms, longest ${ms(Math.max(0, ...loading.filter((task) => task.start >= requestAt).map((task) => task.duration)))}` },
  ];
  if (fixesShown !== truck.fixes) console.log(`  playback: ${truck.fixes} fixes written, ${fixesShown} shown (the simulator's own fixes of the range included)`);

  // ×20, then play: the clock advances by the real time between frames, so dropped frames show as long gaps.
  await inPage.evaluate(`document.querySelector('.playback__speeds input[value="20"]').click()`);
  await inPage.poll<boolean>(`document.querySelector('.playback')?.dataset.speed === '20' || undefined`, 5000);
  const playStart = await inPage.evaluate<number>('performance.now()');
  const timeBefore = await inPage.evaluate<string>(`document.querySelector('.playback__time').textContent`);
  await inPage.startFrames();
  await inPage.evaluate(`document.querySelector('.playback__play').click()`);
  await page.waitForTimeout(PLAY_SECONDS * 1000);
  const gaps = await inPage.stopFrames();
  const playEnd = await inPage.evaluate<number>('performance.now()');
  const timeAfter = await inPage.evaluate<string>(`document.querySelector('.playback__time').textContent`);
  const playing = (await inPage.evaluate<LongTask[]>('window.longTasks')).filter((task) => task.start >= playStart && task.start < playEnd);
  const dropped = gaps.filter((gap) => gap > 2 * FRAME_MS).length;
  rows.push({
    measure: `×20 play for ${PLAY_SECONDS} s (${timeBefore} → ${timeAfter}): frames ${gaps.length}`,
    value: `p50 ${ms(percentile(gaps, 50))}, p95 ${ms(percentile(gaps, 95))}, worst ${ms(Math.max(0, ...gaps))}, ${dropped} dropped (over ${ms(2 * FRAME_MS)})`,
    goal: 'none dropped',
    met: dropped === 0,
  });
  rows.push({
    measure: '×20 play: long tasks',
    value: `${playing.length} over ${LONG_TASK_MS} ms, longest ${ms(Math.max(0, ...playing.map((task) => task.duration)))}`,
    goal: `none over ${LONG_TASK_MS} ms`,
    met: playing.length === 0,
  });
  await inPage.cdp.detach();
  await browserContext.close();
  return rows;
}
