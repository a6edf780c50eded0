// `npm run bench:worker`: a 10,000-row status frame through the live pipeline, a 5 %-changed frame, IndexedDB writes, bundle.
import { EVERY_TYPE_LIST } from '../../domain/alarm-types';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { BehaviorSubject, Subject } from 'rxjs';
import { build } from 'vite';
import type { SocketHandlers } from '../../machines/socket-link.machine';
import type { AlarmTypeId } from '../../domain/alarm-types';
import type { TruckStatusRow } from '../../domain/wire/truck-row';
import type { InboundFrame } from '../../streams/frames';
import { livePipeline } from '../../streams/live-pipeline';
import { LiveDb } from '../../workers/db';
import { LiveCore } from '../../workers/live-core';
import { LiveStore } from '../../workers/live-store';
import { bigFleet, seededRandom } from '../helpers/live-frames';

const ROWS = 10_000;
const RUNS = 30;
const root = path.resolve(import.meta.dirname, '../..');
const fleet = bigFleet(ROWS, seededRandom(7));
/** Every 20th truck moves on: 5 % of the rows differ. */
const moved = fleet.map((row, i): TruckStatusRow => (i % 20 === 0 ? { ...row, speed: row.speed + 1, area: `${row.area}东` } : row));
const frames = {
  snapshot: JSON.stringify(fleet),
  movedFull: JSON.stringify(moved),
  movedDelta: JSON.stringify(moved.filter((_, i) => i % 20 === 0)),
};

const median = (values: number[]) => percentile(values, 50);
function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}
const ms = (value: number) => `${value.toFixed(1)} ms`;
const line = (label: string, times: number[]) =>
  `${label.padEnd(62)} median ${ms(median(times)).padStart(8)}   p95 ${ms(percentile(times, 95)).padStart(8)}`;

/** The pure pipeline: from the frame's text to the fleet state with its badge counts, synchronously. */
function pipelineTimes(prepare: string | undefined, measured: string, snapshot: boolean): number[] {
  const times: number[] = [];
  for (let run = 0; run < RUNS + 3; run += 1) {
    const input = new Subject<InboundFrame>();
    const pipeline = livePipeline(input, new BehaviorSubject<readonly AlarmTypeId[]>([]));
    let publishedAt = 0;
    pipeline.fleet$.subscribe((state) => (publishedAt = state.counts[0] >= 0 ? performance.now() : 0));
    if (prepare) input.next({ socket: 'truck', t: 0, text: prepare, snapshot: true });
    const started = performance.now();
    input.next({ socket: 'truck', t: 1, text: measured, snapshot });
    if (run >= 3) times.push(publishedAt - started);
    input.complete();
  }
  return times;
}

/** A worker core on fake-indexeddb whose truck socket the benchmark feeds directly. */
async function benchCore(): Promise<{ core: LiveCore; feed: (text: string) => number; done: () => Promise<void> }> {
  let socket: SocketHandlers | undefined;
  const db = new LiveDb('bench-core', { indexedDB: new IDBFactory(), IDBKeyRange });
  const core = new LiveCore({
    db, socketBase: 'ws://bench', mode: 'shared',
    socketFactory: (url, handlers) => {
      if (url.endsWith('/truck')) socket = handlers;
      queueMicrotask(() => handlers.opened());
      return { send: () => undefined, close: () => undefined };
    },
  });
  let publishedAt = 0;
  core.hub.subscribe(0, 'fleet.status', () => (publishedAt = performance.now()));
  await core.connect({ token: 't', userName: 'bench', userPri: [], typeIds: EVERY_TYPE_LIST });
  await new Promise((resolve) => setTimeout(resolve, 10));
  return {
    core,
    feed(text) {
      const started = performance.now();
      socket?.message(text);
      return publishedAt - started;
    },
    async done() {
      await core.close();
      db.close();
    },
  };
}

/** The worker core: socket text through the XState link, the pipeline and the hub to a `fleet.status` subscriber. */
async function coreTimes(): Promise<{ first: number[]; moved: number[] }> {
  const result: { first: number[]; moved: number[] } = { first: [], moved: [] };
  for (let run = 0; run < 8; run += 1) {
    const bench = await benchCore();
    result.first.push(bench.feed(frames.snapshot));
    await bench.core.idle();
    for (let round = 0; round < 4; round += 1) {
      result.moved.push(bench.feed(round % 2 === 0 ? frames.movedFull : frames.snapshot));
      await bench.core.idle();
    }
    await bench.done();
  }
  return result;
}

async function indexedDbRates(): Promise<{ fullMs: number; fullRate: number; changedMs: number }> {
  const db = new LiveDb('bench-store', { indexedDB: new IDBFactory(), IDBKeyRange });
  const store = new LiveStore(db);
  const input = new Subject<InboundFrame>();
  const pipeline = livePipeline(input, new BehaviorSubject<readonly AlarmTypeId[]>([]));
  pipeline.fleet$.subscribe((state) => store.writeFleet(state));
  let started = performance.now();
  input.next({ socket: 'truck', t: 0, text: frames.snapshot, snapshot: true });
  await store.idle();
  const fullMs = performance.now() - started;
  started = performance.now();
  input.next({ socket: 'truck', t: 1, text: frames.movedFull, snapshot: false });
  await store.idle();
  const changedMs = performance.now() - started;
  db.close();
  return { fullMs, fullRate: (ROWS / fullMs) * 1000, changedMs };
}

/** Builds the tab client (and with it the worker) as the console's build would, and weighs the worker. */
async function workerBundle(): Promise<{ file: string; bytes: number; gzip: number }> {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fleet-worker-bundle-'));
  await build({
    root, configFile: false, logLevel: 'silent',
    build: { outDir, write: true, lib: { entry: path.join(root, 'src/live/live-client.ts'), formats: ['es'], fileName: 'live-client' } },
  });
  const assets = path.join(outDir, 'assets');
  const file = fs.readdirSync(assets).find((name) => name.startsWith('live.worker'));
  if (!file) throw new Error('the worker was not bundled');
  const code = fs.readFileSync(path.join(assets, file));
  fs.rmSync(outDir, { recursive: true, force: true });
  return { file, bytes: code.length, gzip: gzipSync(code).length };
}

/** JSON.parse of the frame alone: the part of every figure below that no pipeline can avoid. */
function parseTimes(): number[] {
  const times: number[] = [];
  for (let run = 0; run < RUNS + 3; run += 1) {
    const started = performance.now();
    JSON.parse(frames.movedFull);
    if (run >= 3) times.push(performance.now() - started);
  }
  return times;
}

console.log(`Live worker benchmark: node ${process.version}, ${os.cpus().length} cores, load ${os.loadavg()[0]?.toFixed(1)}, ${RUNS} runs each; frame ${(frames.snapshot.length / 1e6).toFixed(1)} MB`);
console.log(line('JSON.parse of the 10,000-row frame alone (the floor)', parseTimes()));
const snapshot = pipelineTimes(undefined, frames.snapshot, true);
const movedFull = pipelineTimes(frames.snapshot, frames.movedFull, false);
const movedDelta = pipelineTimes(frames.snapshot, frames.movedDelta, false);
console.log(line('10,000-row snapshot: parse → normalise → merge → counts', snapshot));
console.log(line('10,000-row frame, 5 % changed (legacy full resend)', movedFull));
console.log(line('500-row change frame (our server: changed rows only)', movedDelta));
const core = await coreTimes();
console.log(line('worker core, socket text → fleet.status: first snapshot', core.first));
console.log(line('worker core, socket text → fleet.status: 10,000 rows, 5 % changed', core.moved));
const goal = median(snapshot) < 50 ? 'met' : 'MISSED';
console.log(`goal: 10,000-row frame published in under 50 ms (median): ${goal}`);
const idb = await indexedDbRates();
console.log('IndexedDB (node + fake-indexeddb, NOT Chromium; Chromium writes a few thousand rows/s):');
console.log(`  10,000 new rows in one bulk write: ${ms(idb.fullMs)} → ${Math.round(idb.fullRate).toLocaleString('en')} rows/s`);
console.log(`  5 % changed frame: ${moved.length / 20} rows written in ${ms(idb.changedMs)} (only the changed rows)`);
const bundle = await workerBundle();
console.log(`worker bundle ${bundle.file}: ${(bundle.bytes / 1024).toFixed(1)} KB, ${(bundle.gzip / 1024).toFixed(1)} KB gzipped`);
fs.mkdirSync(path.join(root, 'reports'), { recursive: true });
fs.writeFileSync(path.join(root, 'reports/bench-worker.json'), `${JSON.stringify({
  rows: ROWS, runs: RUNS,
  pipelineMs: { snapshot: { median: median(snapshot), p95: percentile(snapshot, 95) }, movedFull: { median: median(movedFull), p95: percentile(movedFull, 95) }, movedDelta: { median: median(movedDelta), p95: percentile(movedDelta, 95) } },
  coreMs: { first: median(core.first), moved: median(core.moved) },
  indexedDb: { engine: 'fake-indexeddb (node)', ...idb }, bundle,
}, null, 2)}\n`);
process.exit(0);
