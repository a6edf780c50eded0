// `npm run bench:reports`: the report engine over a database of at least 1,000,000 events, built by the simulator's own
// backfill (SIM_TRUCKS trucks, 30 days). For every report: the first page (50 rows, last 30 days, all companies) p50 and
// p95 over the HTTP call, the total and summary time, and the query plan of the default query; then a 10,000-row
// export and the server's peak memory. Goals: first page under 50 ms, export under 2 s, no full scan of the events.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type RawBuilder } from 'kysely';
import { openDatabase } from '../../server/db/open';
import { countSql, sliceSql, type ReportContext } from '../../server/reports/report-query';
import { DAY_MS } from '../../src/domain/format/time';
import { REPORTS, reportCallPath } from '../../src/domain/screens/reports/registry';
import { TOTALS_SUFFIX, type ReportPage, type ReportTotals } from '../../src/domain/screens/reports/wire';
import type { Diagnostics } from '../../server/routes/diagnostics';
import { login } from '../helpers/api';
import { startServerProcess } from './server-process';

const TRUCKS = Number(process.env['BENCH_TRUCKS'] ?? 400);
const RUNS = Number(process.env['BENCH_RUNS'] ?? 15);
const FIRST_PAGE_GOAL_MS = 50;
const EXPORT_GOAL_MS = 2_000;
const MIN_EVENTS = 1_000_000;

const started = performance.now();
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fleet-bench-reports-'));
const dbPath = path.join(dir, 'fleet.db');
const builder = await startServerProcess({ SIM_TRUCKS: String(TRUCKS), SIM_BACKFILL_DAYS: '30', DB_PATH: dbPath });
console.log(`database with ${TRUCKS} trucks and 30 days of history built in ${((performance.now() - started) / 1000).toFixed(0)} s`);
await builder.stop();
// A fresh process on the built file: its peak memory is that of serving the reports, not of the backfill.
const server = await startServerProcess({ SIM_TRUCKS: String(TRUCKS), SIM_BACKFILL_DAYS: '30', DB_PATH: dbPath });
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
  for (const def of Object.values(REPORTS)) {
    const base = `${server.base}/truckmanage/api${reportCallPath(def)}`;
    const query = new URLSearchParams({ ...(def.source.type === 'live' ? {} : range), size: '50' });
    const times: number[] = [];
    for (let run = 0; run < RUNS; run += 1) times.push((await get<ReportPage>(`${base}?${query.toString()}`)).ms);
    const totals = await get<ReportTotals>(`${base}${TOTALS_SUFFIX}?${query.toString()}`);
    const total = totals.data.total;
    const defaultQuery = { page: 1, size: 50, ...(def.source.type === 'live' ? {} : { startTime: Number(range.startTime), endTime: Number(range.endTime) }) };
    const planOf = async (query: RawBuilder<unknown>) =>
      (await sql<{ detail: string }>`explain query plan ${query}`.execute(opened.db)).rows.map((row) => row.detail);
    const details = await planOf(sliceSql(ctx, def, defaultQuery, 0, 50));
    // The count (and the summary over the same rows) must not scan the events either.
    const countDetails = await planOf(countSql(ctx, def, defaultQuery));
    const fullScan = [...details, ...countDetails].some((detail) => /^SCAN e\b/.test(detail));
    const p50 = quantile(times, 0.5);
    const p95 = quantile(times, 0.95);
    if (p95 > FIRST_PAGE_GOAL_MS || fullScan) misses += 1;
    const usedIndex = details.filter((detail) => /USING (COVERING )?INDEX/.test(detail)).map((detail) => detail.replace(/^SEARCH /, '')).join('; ');
    console.log(`${def.path} | ${p50.toFixed(1)} / ${p95.toFixed(1)}${p95 > FIRST_PAGE_GOAL_MS ? ' MISS' : ''} | ${totals.ms.toFixed(1)} | ${total} | ${fullScan ? 'FULL SCAN of event' : usedIndex || details.join('; ')}`);
  }
  await opened.db.destroy();
  const afterReports = (await diagnostics()).peakMemoryBytes;

  // A 10,000-row export: the tank inventory over a range that holds just about that many rows.
  const tanks = Object.values(REPORTS).find((def) => def.path.endsWith('/tank_inventory'));
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
  console.log(misses === 0 ? 'every first page within the goal, every default query on an index' : `${misses} report(s) missed the first-page goal or scanned the events`);
} finally {
  await server.stop();
  fs.rmSync(dir, { recursive: true, force: true });
}
