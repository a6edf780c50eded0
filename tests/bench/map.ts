// `npm run bench:map`: the map screens in Chromium over a large simulated fleet, the real server in its own
// process (BENCH_TRUCKS, 10,000 by default; the console's status socket asks for updates every 30 s, the spec's
// frequency). Each section measures one screen and answers table rows; the table is printed at the end. Sections run in
// turn on the same server and browser: track_map (map-track.ts), then playback_track over one dense truck's 3 days
// (map-playback.ts), then the overview on /dashboard with 1,000 open alarms (map-overview.ts). BENCH_SECTIONS (a comma list of section names) runs only those.
// A measurement: a goal missed is printed as MISS and the run still exits 0; it exits 1 only if a section failed.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { launchBrowser } from '../helpers/browser';
import { DIST_DIR } from '../helpers/console';
import { overviewSection } from './map-overview';
import { playbackSection } from './map-playback';
import { trackMapSection, type BenchRow, type SectionContext } from './map-track';
import { startServerProcess } from './server-process';

const TRUCKS = Number(process.env['BENCH_TRUCKS'] ?? 10_000);
const UPDATE_SECONDS = Number(process.env['BENCH_UPDATE_SECONDS'] ?? 60);

interface Section {
  readonly name: string;
  readonly run: (context: SectionContext) => Promise<BenchRow[]>;
}

// The server's database where this process can write to it too (the playback section adds a dense truck's fixes).
const dbDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fleet-bench-map-'));
const DB_PATH = path.join(dbDir, 'fleet.db');

const ALL_SECTIONS: readonly Section[] = [
  { name: 'track_map', run: (context) => trackMapSection(context, { updateSeconds: UPDATE_SECONDS }) },
  { name: 'playback_track', run: (context) => playbackSection(context, { dbPath: DB_PATH }) },
  { name: 'overview', run: (context) => overviewSection(context, { dbPath: DB_PATH, updateSeconds: UPDATE_SECONDS }) },
];
const chosen = process.env['BENCH_SECTIONS']?.split(',').map((name) => name.trim());
const SECTIONS = ALL_SECTIONS.filter((section) => !chosen || chosen.includes(section.name));

if (!fs.existsSync(path.join(DIST_DIR, 'index.html'))) {
  console.error(`no built console in ${DIST_DIR}: run npm run build (or set CONSOLE_DIST)`);
  process.exit(1);
}

function printTable(results: readonly { readonly section: string; readonly rows: readonly BenchRow[] }[]): void {
  const lines = results.flatMap(({ section, rows }) => rows.map((row) => [section, row.measure, row.value, row.goal ?? '', row.met === undefined ? '' : row.met ? 'PASS' : 'MISS']));
  const header = ['screen', 'measure', 'figure', 'goal', ''];
  const widths = header.map((title, column) => Math.max(title.length, ...lines.map((line) => (line[column] ?? '').length)));
  const format = (line: readonly string[]) => line.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  ').trimEnd();
  console.log(format(header));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const line of lines) console.log(format(line));
}

const seeding = performance.now();
const server = await startServerProcess({ STATIC_DIR: DIST_DIR, SIM_TRUCKS: String(TRUCKS), SIM_BACKFILL_DAYS: '0', SIM_TRACK_DAYS: '0', DB_PATH });
console.log(`server with ${TRUCKS} simulated trucks up in ${((performance.now() - seeding) / 1000).toFixed(1)} s`);
const browser = await launchBrowser();
const results: { section: string; rows: BenchRow[] }[] = [];
let failed = false;
try {
  for (const section of SECTIONS) {
    const started = performance.now();
    try {
      results.push({ section: section.name, rows: await section.run({ browser, base: server.base, trucks: TRUCKS }) });
    } catch (error) {
      failed = true;
      console.error(`${section.name} failed: ${error instanceof Error ? error.stack : String(error)}`);
    }
    console.log(`${section.name}: ${((performance.now() - started) / 1000).toFixed(0)} s`);
  }
} finally {
  await browser.close();
  await server.stop();
  fs.rmSync(dbDir, { recursive: true, force: true });
}
printTable(results);
process.exit(failed ? 1 : 0);
