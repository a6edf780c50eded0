// `npm run bench:exports`: 20 exports of about 10,000 rows each, posted at once by 20 users, while two other users keep
// calling (a report's first page, their privileges), each a call every PAUSE_MS after the last answer. Prints the other users' latency p50, p95,
// p99 and worst, alone and during the exports, and how long the exports took. Goal: the other users' p99 stays under
// 200 ms while the exports run. The server is the real one in its own process, on the simulator's history.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../server/db/open';
import { CARGO_REPORTS } from '../../domain/screens/reports/cargo';
import { reportCallPath } from '../../domain/screens/reports/registry';
import { TOTALS_SUFFIX, type ReportTotals } from '../../domain/screens/reports/wire';
import { API, call, login } from '../helpers/api';
import { startServerProcess } from './server-process';

const TRUCKS = Number(process.env['BENCH_TRUCKS'] ?? 80);
const EXPORTS = Number(process.env['BENCH_EXPORTS'] ?? 20);
const ROWS = 10_000;
const P99_GOAL_MS = 200;
/** The other users' calls alone, before any export, for comparison. */
const QUIET_CALLS = 100;
const EXPORTER_PASSWORD = 'admin123';
/** Between one answer and an other user's next call: busy users, not a load test of their own. */
const PAUSE_MS = 50;

const TANKS = CARGO_REPORTS['/cargo_monitor/event_report/tank_inventory'];
const ATG = CARGO_REPORTS['/cargo_monitor/event_report/atg_unload'];

const started = performance.now();
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fleet-bench-exports-'));
const dbPath = path.join(dir, 'fleet.db');
const HISTORY = { SIM_TRUCKS: String(TRUCKS), SIM_BACKFILL_DAYS: '30', DB_PATH: dbPath };
const builder = await startServerProcess(HISTORY);
await builder.stop();

// The exporters: copies of the administrator (its role and password) under their own names, one export each.
const exporters = Array.from({ length: EXPORTS }, (_, index) => `bench_export_${String(index + 1).padStart(2, '0')}`);
const opened = await openDatabase({ kind: 'sqlite', path: dbPath });
const admin = await opened.db.selectFrom('appUser').select(['roleId', 'companyCode', 'passwordHash', 'status', 'avatar']).where('userName', '=', 'admin').executeTakeFirstOrThrow();
await opened.db.insertInto('appUser').values(exporters.map((userName) => ({ ...admin, userName, realName: userName }))).execute();
await opened.db.destroy();
console.log(`database with ${TRUCKS} trucks and 30 days of history, ${EXPORTS} exporting users: ${((performance.now() - started) / 1000).toFixed(0)} s`);

const server = await startServerProcess(HISTORY);
const quantile = (values: readonly number[], q: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(q * values.length))] ?? NaN;
const figures = (values: readonly number[]) =>
  `p50 ${quantile(values, 0.5).toFixed(0)} ms, p95 ${quantile(values, 0.95).toFixed(0)} ms, p99 ${quantile(values, 0.99).toFixed(0)} ms, worst ${Math.max(...values).toFixed(0)} ms (${values.length} calls)`;
try {
  const base = server.base;
  const tokens = await Promise.all(exporters.map(async (userName) => {
    const answer = await call<{ 'header-id': string }>(base, 'POST', '/login', { form: { username: userName, password: EXPORTER_PASSWORD, ip: '', area: '' } });
    if (answer.resultCode !== 200) throw new Error(`login ${userName}: ${answer.message}`);
    return answer.data['header-id'];
  }));
  const others = await Promise.all(['operator', 'manager'].map((userName) => login(base, userName)));

  // A range of the tank inventory that holds just under 10,000 rows.
  const now = Date.now();
  let hours = 48;
  let rows = 0;
  for (let step = 0; step < 16; step += 1) {
    const range = new URLSearchParams({ startTime: String(Math.round(now - hours * 3600_000)), endTime: String(now) });
    const totals = await call<ReportTotals>(base, 'GET', `${reportCallPath(TANKS)}${TOTALS_SUFFIX}`, { token: tokens[0], query: Object.fromEntries(range) });
    rows = totals.data.total;
    if (rows > ROWS) hours *= 0.9;
    else if (rows < ROWS * 0.95) hours *= 1.05;
    else break;
  }
  const fields = TANKS.columns.map((column) => column.key);
  const form = new URLSearchParams({
    startTime: String(Math.round(now - hours * 3600_000)), endTime: String(now), headers: fields.join(','), fields: fields.join(','), language: 'zh', fileName: 'bench',
  });

  /** One other user's calls, one after another, until `until` says stop: a report's first page, then its privileges. */
  const otherCalls = async (token: string, until: () => boolean, max = Infinity): Promise<number[]> => {
    const times: number[] = [];
    const page = new URLSearchParams({ startTime: String(now - 86_400_000), endTime: String(now), size: '50' });
    for (let index = 0; !until() && index < max; index += 1) {
      const url = index % 2 === 0 ? `${base}${API}${reportCallPath(ATG)}?${page.toString()}` : `${base}${API}/userPri`;
      const t0 = performance.now();
      const response = await fetch(url, { headers: { 'header-id': token } });
      await response.arrayBuffer();
      times.push(performance.now() - t0);
      await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
    }
    return times;
  };

  const quiet = (await Promise.all(others.map((other) => otherCalls(other.token, () => false, QUIET_CALLS / 2)))).flat();
  console.log(`other users alone: ${figures(quiet)}`);

  let running = true;
  const during = Promise.all(others.map((other) => otherCalls(other.token, () => !running)));
  const t0 = performance.now();
  const results = await Promise.all(tokens.map(async (token) => {
    const response = await fetch(`${base}${API}${reportCallPath(TANKS)}/export`, {
      method: 'POST',
      headers: { 'header-id': token, 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
    });
    const bytes = (await response.arrayBuffer()).byteLength;
    return { ms: performance.now() - t0, bytes, ok: (response.headers.get('content-type') ?? '').includes('spreadsheetml') };
  }));
  running = false;
  const busy = (await during).flat();
  const times = results.map((result) => result.ms);
  const failed = results.filter((result) => !result.ok).length;
  console.log(`${EXPORTS} exports of ${rows} rows × ${fields.length} columns (${((results[0]?.bytes ?? 0) / 1024).toFixed(0)} KB each): first done in ${Math.min(...times).toFixed(0)} ms, all in ${Math.max(...times).toFixed(0)} ms${failed > 0 ? `, ${failed} FAILED` : ''}`);
  const p99 = quantile(busy, 0.99);
  console.log(`other users during the exports: ${figures(busy)}${p99 > P99_GOAL_MS ? ` — MISS: p99 over the ${P99_GOAL_MS} ms goal` : ` — p99 within the ${P99_GOAL_MS} ms goal`}`);
} finally {
  await server.stop();
  fs.rmSync(dir, { recursive: true, force: true });
}
