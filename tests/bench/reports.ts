// `npm run bench:reports`: the report engine over a database of at least 1,000,000 events, built by the simulator's own
// backfill (SIM_TRUCKS trucks, 30 days, GPS fixes and heartbeats for all 30). For every report and tab: the first page
// (50 rows, last 30 days, all companies) p50 and p95 over the HTTP call, the total and summary time, and the query plan
// of the default query; then fence mileage over 30 days of one company, a 10,000-row export and the server's peak
// memory. Goals: first page under 50 ms, fence mileage under 500 ms, export under 2 s, no full scan of the events.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type RawBuilder } from 'kysely';
import { openDatabase } from '../../server/db/open';
import { countSql, sliceSql, type ReportContext } from '../../server/reports/report-query';
import { DAY_MS } from '../../domain/format/time';
import { rangeFilterOf } from '../../domain/screens/reports/query';
import { REPORT_DEFS, reportCallPath, reportFor, reportId } from '../../domain/screens/reports/registry';
import { TOTALS_SUFFIX, type ReportPage, type ReportTotals } from '../../domain/screens/reports/wire';
import type { Diagnostics } from '../../server/routes/diagnostics';
import { login } from '../helpers/api';
import { startServerProcess } from './server-process';

const TRUCKS = Number(process.env['BENCH_TRUCKS'] ?? 400);
const RUNS = Number(process.env['BENCH_RUNS'] ?? 15);
const FIRST_PAGE_GOAL_MS = 50;
const FENCE_MILEAGE_GOAL_MS = 500;
const FENCE_MILEAGE_PATH = '/driving_monitor/data_analysis/fency_mileage';
const EXPORT_GOAL_MS = 2_000;
const MIN_EVENTS = 1_000_000;

/**
 * Every company's timeouts changed every three days of the month (the threshold history, docs/thresholds.md), so the
 * alarm lists and the counts of alarms 4 and 7 look up a real history for each row rather than an empty one.
 */
async function withThresholdChanges(file: string): Promise<void> {
  const opened = await openDatabase({ kind: 'sqlite', path: file });
  const codes = (await opened.db.selectFrom('company').select('code').execute()).map((company) => company.code);
  const from = Date.now() - 30 * DAY_MS;
  await opened.db
    .insertInto('alarmThresholdHistory')
    .values(codes.flatMap((companyCode, c) => Array.from({ length: 10 }, (_, k) => ({
      companyCode, effectiveFrom: from + k * 3 * DAY_MS + c, parkingTimeoutMin: 10 + ((k + c) % 4) * 5, offlineTimeoutMin: ((k + c) % 3) * 15, overspeedKmh: 80,
    }))))
    .execute();
  await opened.db.destroy();
}

const started = performance.now();
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fleet-bench-reports-'));
const dbPath = path.join(dir, 'fleet.db');
const HISTORY = { SIM_TRUCKS: String(TRUCKS), SIM_BACKFILL_DAYS: '30', SIM_TRACK_DAYS: '30', DB_PATH: dbPath };
const builder = await startServerProcess(HISTORY);
console.log(`database with ${TRUCKS} trucks and 30 days of history built in ${((performance.now() - started) / 1000).toFixed(0)} s`);
await builder.stop();
await withThresholdChanges(dbPath);
// A fresh process on the built file: its peak memory is that of serving the reports, not of the backfill.
const server = await startServerProcess(HISTORY);
try {
  const admin = await login(server.base, 'admin');
  const headers = { 'header-id': admin.token };
  const diagnostics = async () =>
    ((await (await fetch(`${server.base}/truckmanage/api/diagnostics`, { headers })).json()) as { data: Diagnostics }).data;
  // The server stores the grouped reports' days in the background after it starts: measured once they are in.
  const storing = performance.now();
  while (!(await diagnostics()).reportDays.ready) await new Promise((resolve) => setTimeout(resolve, 100));
  console.log(`grouped reports' days stored ${((performance.now() - storing) / 1000).toFixed(1)} s after the server answered (${(await diagnostics()).reportDays.days} days)`);
  const { rows } = await diagnostics();
  console.log(`events: ${rows.event.toLocaleString('en')}${rows.event < MIN_EVENTS ? ` — under the ${MIN_EVENTS.toLocaleString('en')} asked for (raise BENCH_TRUCKS)` : ''}`);

  const now = Date.now();
  const range = { startTime: String(now - 30 * DAY_MS), endTime: String(now) };
  const get = async <T>(url: string): Promise<{ ms: number; data: T }> => {
    const t0 = performance.now();
    const response = await fetch(url, { headers });
    const answer = (await response.json()) as { resultCode: number; message: string; data: T };
    if (answer.resultCode !== 200) throw new Error(`${url}: ${answer.message}`);
    return { ms: performance.now() - t0, data: answer.data };
  };
  const quantile = (values: number[], q: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(q * values.length))] ?? NaN;

  // Query plans straight from the database file: the server's own SQL for each default query.
  const opened = await openDatabase({ kind: 'sqlite', path: dbPath });
  const companyCodes = (await opened.db.selectFrom('company').select('code').execute()).map((company) => company.code);
  const ctx: ReportContext = { db: opened.db, kind: 'sqlite', companyCodes, now };

  console.log('report | first page p50 / p95 ms | total+summary ms | rows | plan');
  let misses = 0;
  for (const def of REPORT_DEFS) {
    const base = `${server.base}/truckmanage/api${reportCallPath(def)}`;
    const ranged = rangeFilterOf(def) !== undefined;
    const query = new URLSearchParams({ ...(ranged ? range : {}), size: '50' });
    const times: number[] = [];
    for (let run = 0; run < RUNS; run += 1) times.push((await get<ReportPage>(`${base}?${query.toString()}`)).ms);
    const totals = await get<ReportTotals>(`${base}${TOTALS_SUFFIX}?${query.toString()}`);
    const total = totals.data.total;
    const p50 = quantile(times, 0.5);
    const p95 = quantile(times, 0.95);
    const missed = p95 > FIRST_PAGE_GOAL_MS;
    const timing = `${reportId(def)} | ${p50.toFixed(1)} / ${p95.toFixed(1)}${missed ? ' MISS' : ''} | ${totals.ms.toFixed(1)} | ${total}`;
    if (def.source.type === 'computed') {
      // Rows a server function computes have no one query to plan.
      if (missed) misses += 1;
      console.log(`${timing} | computed on the server`);
      continue;
    }
    const defaultQuery = { page: 1, size: 50, ...(ranged ? { startTime: Number(range.startTime), endTime: Number(range.endTime) } : {}) };
    const planOf = async (query: RawBuilder<unknown>) =>
      (await sql<{ detail: string }>`explain query plan ${query}`.execute(opened.db)).rows.map((row) => row.detail);
    const details = await planOf(sliceSql(ctx, def, defaultQuery, 0, 50));
    // The count (and the summary over the same rows) must not scan the events either.
    const countDetails = await planOf(countSql(ctx, def, defaultQuery));
    const fullScan = [...details, ...countDetails].some((detail) => /^SCAN e\b/.test(detail));
    if (missed || fullScan) misses += 1;
    const usedIndex = details.filter((detail) => /USING (COVERING )?INDEX/.test(detail)).map((detail) => detail.replace(/^SEARCH /, '')).join('; ');
    console.log(`${timing} | ${fullScan ? 'FULL SCAN of the table' : usedIndex || details.join('; ')}`);
  }

  // Fence mileage of one company (the one with the most trucks) over 30 days of fixes, by truck and by fence.
  const busiest = await opened.db
    .selectFrom('truck')
    .select(['companyCode', (eb) => eb.fn.countAll<number>().as('trucks')])
    .groupBy('companyCode')
    .orderBy('trucks', 'desc')
    .executeTakeFirstOrThrow();
  const fixes = await opened.db
    .selectFrom('position as p')
    .innerJoin('truck as t', 't.id', 'p.truckId')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('t.companyCode', '=', busiest.companyCode)
    .where('p.time', '>=', Number(range.startTime))
    .executeTakeFirstOrThrow();
  for (const tab of ['trucks', 'fences']) {
    const def = reportFor(FENCE_MILEAGE_PATH, tab);
    if (!def) throw new Error(`no ${tab} tab of fence mileage`);
    const query = new URLSearchParams({ ...range, size: '50', companyCodes: busiest.companyCode });
    const times: number[] = [];
    for (let run = 0; run < Math.min(RUNS, 5); run += 1) times.push((await get<ReportPage>(`${server.base}/truckmanage/api${reportCallPath(def)}?${query.toString()}`)).ms);
    const [p50, p95] = [quantile(times, 0.5), quantile(times, 0.95)];
    const missed = p95 > FENCE_MILEAGE_GOAL_MS;
    if (missed) misses += 1;
    console.log(`fence mileage by ${tab === 'trucks' ? 'truck' : 'fence'}, 30 days of company ${busiest.companyCode} (${Number(busiest.trucks)} trucks, ${Number(fixes.n).toLocaleString('en')} fixes): p50 ${p50.toFixed(0)} ms, p95 ${p95.toFixed(0)} ms${missed ? ` MISS (goal ${FENCE_MILEAGE_GOAL_MS} ms)` : ''}`);
  }
  await opened.db.destroy();
  const afterReports = (await diagnostics()).peakMemoryBytes;

  // A 10,000-row export: the tank inventory over a range that holds just about that many rows.
  const tanks = REPORT_DEFS.find((def) => def.path.endsWith('/tank_inventory'));
  if (tanks) {
    const exportBase = `${server.base}/truckmanage/api${reportCallPath(tanks)}`;
    let hours = 24;
    let count = 0;
    for (let i = 0; i < 12; i += 1) {
      const { data } = await get<ReportTotals>(`${exportBase}${TOTALS_SUFFIX}?${new URLSearchParams({ startTime: String(Math.round(now - hours * 3600_000)), endTime: String(now) }).toString()}`);
      count = data.total;
      if (count > 10_000) hours = hours * 0.8;
      else if (count < 9_000) hours = hours * 1.15;
      else break;
    }
    const fields = tanks.columns.map((column) => column.key);
    const t0 = performance.now();
    const response = await fetch(`${exportBase}/export`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ startTime: String(Math.round(now - hours * 3600_000)), endTime: String(now), headers: fields.join(','), fields: fields.join(','), language: 'zh', fileName: 'bench' }),
    });
    const bytes = (await response.arrayBuffer()).byteLength;
    const ms = performance.now() - t0;
    console.log(`export of ${count} rows × ${fields.length} columns: ${ms.toFixed(0)} ms, ${(bytes / 1024).toFixed(0)} KB${ms > EXPORT_GOAL_MS ? ` — over the ${EXPORT_GOAL_MS} ms goal` : ''}`);
  }
  const { peakMemoryBytes } = await diagnostics();
  const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
  // The operating system's own peak of the serving process, not a sample between calls.
  console.log(`server peak memory (RSS): ${mb(afterReports)} after the report calls, ${mb(peakMemoryBytes)} after the export`);
  console.log(misses === 0 ? 'every first page and fence mileage within the goal, every default query on an index' : `${misses} report(s) missed their goal or scanned a table`);
} finally {
  await server.stop();
  fs.rmSync(dir, { recursive: true, force: true });
}
