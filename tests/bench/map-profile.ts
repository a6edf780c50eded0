// `npx tsx tests/bench/map-profile.ts`: what the live map's long tasks are made of. Not a benchmark: the same fleet and
// page as bench:map's track_map section, with a Chromium trace (timeline and the JS sampling profiler) taken from
// navigation over PROFILE_SECONDS of updates; each main-thread task over 50 ms is printed with the trace events and the
// JS functions (self time) that filled it. PROFILE_PLAY=1 profiles playback_track instead: one dense truck's 3 days
// (map-playback.ts writes them), the trace started once the track is drawn, over PROFILE_SECONDS of ×20 play.
import fs from 'node:fs';
import path from 'node:path';
import type { CDPSession } from 'playwright-core';
import { SourceMapConsumer } from 'source-map-js';
import { launchBrowser } from '../helpers/browser';
import { DIST_DIR, loginAs, newUserPage } from '../helpers/console';
import os from 'node:os';
import { writeDenseTrack } from './map-playback';
import { startServerProcess } from './server-process';

const TRUCKS = Number(process.env['BENCH_TRUCKS'] ?? 10_000);
const SECONDS = Number(process.env['PROFILE_SECONDS'] ?? 65);
const PATH = process.env['PROFILE_PATH'] ?? '/monitor/track_map';
const PLAY = process.env['PROFILE_PLAY'] === '1';
const TASK_MS = Number(process.env['PROFILE_TASK_MS'] ?? 50);

interface TraceEvent {
  readonly name: string;
  readonly ph: string;
  readonly ts: number;
  readonly dur?: number;
  readonly pid: number;
  readonly tid: number;
  readonly id?: string;
  readonly args?: { readonly name?: string; readonly data?: Record<string, unknown> };
}

interface ProfileNode {
  readonly id: number;
  readonly callFrame: { readonly functionName: string; readonly url?: string; readonly lineNumber?: number; readonly columnNumber?: number };
  readonly parent?: number;
}

async function readTrace(cdp: CDPSession): Promise<TraceEvent[]> {
  const done = new Promise<string>((resolve) => cdp.once('Tracing.tracingComplete', (event) => resolve(String(event.stream))));
  await cdp.send('Tracing.end');
  const handle = await done;
  let text = '';
  for (;;) {
    const chunk = await cdp.send('IO.read', { handle, size: 1 << 20 });
    text += chunk.base64Encoded ? Buffer.from(chunk.data, 'base64').toString() : chunk.data;
    if (chunk.eof) break;
  }
  await cdp.send('IO.close', { handle });
  const parsed = JSON.parse(text) as { traceEvents?: TraceEvent[] } | TraceEvent[];
  return Array.isArray(parsed) ? parsed : parsed.traceEvents ?? [];
}

/** JS samples of one thread, as [time µs, function label]. */
function samplesOf(events: readonly TraceEvent[], pid: number, tid: number): [number, string][] {
  const nodes = new Map<number, ProfileNode>();
  const out: [number, string][] = [];
  const profiles = new Map<string, number>();
  for (const event of events) {
    if (event.pid !== pid || event.tid !== tid) continue;
    if (event.name === 'Profile') profiles.set(String(event.id), Number(event.args?.data?.['startTime']));
  }
  const clocks = new Map(profiles);
  for (const event of events) {
    if (event.name !== 'ProfileChunk' || event.pid !== pid) continue;
    const key = String(event.id);
    if (!clocks.has(key)) continue;
    const data = event.args?.data as { cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] }; timeDeltas?: number[] } | undefined;
    for (const node of data?.cpuProfile?.nodes ?? []) nodes.set(node.id, node);
    let clock = clocks.get(key) ?? 0;
    const samples = data?.cpuProfile?.samples ?? [];
    const deltas = data?.timeDeltas ?? [];
    samples.forEach((id, i) => {
      clock += deltas[i] ?? 0;
      const frame = nodes.get(id)?.callFrame;
      const label = frame ? original(frame) : String(id);
      out.push([clock, label]);
    });
    clocks.set(key, clock);
  }
  return out;
}

const maps = new Map<string, SourceMapConsumer | null>();

/** The source file and line of a bundled frame (the dist's source maps), else the bundle's file name. */
function original(frame: ProfileNode['callFrame']): string {
  const file = (frame.url ?? '').split('/').pop() ?? '';
  if (!file.endsWith('.js')) return frame.functionName || '(native)';
  if (!maps.has(file)) {
    const mapFile = path.join(DIST_DIR, 'assets', `${file}.map`);
    maps.set(file, fs.existsSync(mapFile) ? new SourceMapConsumer(JSON.parse(fs.readFileSync(mapFile, 'utf8'))) : null);
  }
  const found = maps.get(file)?.originalPositionFor({ line: (frame.lineNumber ?? 0) + 1, column: frame.columnNumber ?? 0 });
  if (!found?.source) return `${frame.functionName || '(anon)'} ${file}`;
  return `${found.name ?? frame.functionName ?? '(anon)'} ${found.source.split('/').slice(-2).join('/')}:${found.line}`;
}

function top(weights: Map<string, number>, count: number, unit: (value: number) => string): string {
  return [...weights].sort((a, b) => b[1] - a[1]).slice(0, count).map(([name, value]) => `${name} ${unit(value)}`).join('; ');
}

if (!fs.existsSync(`${DIST_DIR}/index.html`)) throw new Error(`no built console in ${DIST_DIR}`);
const dbDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fleet-profile-'));
const dbPath = path.join(dbDir, 'fleet.db');
const server = await startServerProcess({ STATIC_DIR: DIST_DIR, SIM_TRUCKS: String(TRUCKS), SIM_BACKFILL_DAYS: '0', SIM_TRACK_DAYS: '0', DB_PATH: dbPath });
const browser = await launchBrowser();
try {
  const { page } = await newUserPage(browser, server.base);
  await loginAs(page, server.base, 'admin');
  const cdp = await page.context().newCDPSession(page);
  if (PLAY) {
    const end = Date.now();
    const truck = writeDenseTrack(dbPath, end, 30);
    await page.goto(`${server.base}/monitor/playback_track?plate=${encodeURIComponent(truck.signCode)}&from=${end - 3 * 86_400_000}&to=${end}`);
    await page.waitForFunction(() => Number(document.querySelector<HTMLElement>('.playback__map')?.dataset['fixes']) > 0, undefined, { timeout: 120_000 });
    await page.waitForTimeout(1000);
  }
  await cdp.send('Tracing.start', {
    transferMode: 'ReturnAsStream',
    traceConfig: { includedCategories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8', 'v8.execute', 'disabled-by-default-v8.cpu_profiler', 'blink.user_timing'] },
  });
  if (PLAY) {
    await page.locator('.playback__speeds input[value="20"]').check();
    await page.locator('.playback__play').click();
  } else await page.goto(`${server.base}${PATH}`);
  await page.waitForTimeout(SECONDS * 1000);
  const events = await readTrace(cdp);
  const mains = new Set(events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
  const navStart = events.find((e) => e.name === 'navigationStart' || e.name === 'NavigationStartToLoad')?.ts ?? events[0]?.ts ?? 0;
  for (const thread of mains) {
    const [pid = 0, tid = 0] = thread.split(':').map(Number);
    const own = events.filter((e) => e.pid === pid && e.tid === tid && e.ph === 'X');
    const tasks = own.filter((e) => (e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask') && (e.dur ?? 0) > TASK_MS * 1000);
    if (tasks.length === 0) continue;
    const samples = samplesOf(events, pid, tid);
    console.log(`thread ${thread}: ${tasks.length} tasks over ${TASK_MS} ms`);
    for (const task of tasks) {
      const end = task.ts + (task.dur ?? 0);
      const inside = own.filter((e) => e !== task && e.ts >= task.ts && e.ts < end);
      const byName = new Map<string, number>();
      for (const e of inside) byName.set(e.name, (byName.get(e.name) ?? 0) + (e.dur ?? 0));
      const self = new Map<string, number>();
      for (const [at, label] of samples) if (at >= task.ts && at < end) self.set(label, (self.get(label) ?? 0) + 1);
      console.log(`- at ${((task.ts - navStart) / 1000).toFixed(0)} ms, ${((task.dur ?? 0) / 1000).toFixed(0)} ms`);
      console.log(`    events: ${top(byName, 8, (us) => `${(us / 1000).toFixed(1)}`)}`);
      console.log(`    js self (samples): ${top(self, 10, (n) => String(n))}`);
    }
  }
} finally {
  await browser.close();
  await server.stop();
  fs.rmSync(dbDir, { recursive: true, force: true });
}
