// `npm run bench:settings`: master data at scale, on SQLite and then PostgreSQL (a throwaway cluster; skipped
// when PostgreSQL is not installed or BENCH_PG=0). A fleet of BENCH_TRUCKS trucks and BENCH_DRIVERS drivers; the real
// server in its own process, simulator running. Measured: the list's first page with a search and a sort (p50/p95 over
// BENCH_RUNS calls, goal under 50 ms, with the server's own SQL timed and planned on the database), a 1,000-row import
// from the screen's .xlsx template (upload to answer, goal under 2 s), other users' list calls while four users send
// import bombs at once (p99 goal under 200 ms, the server's memory under 100 MB more: settings-import-bombs.ts; and, as
// a figure, while they import 10,000-row files that are checked and refused), and the delay from a save to the
// entity-changed notice at a second user's socket and to that user's list holding the edit (goal under 2 s); and the
// server's peak memory. A measurement, not a test: a goal missed is printed as MISSED and the run still exits 0.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { DatabaseTarget } from '../../server/db/target';
import type { Diagnostics } from '../../server/routes/diagnostics';
import { postgresBinDir, startCluster, type PostgresCluster } from '../../scripts/cluster/local-postgres';
import { API, login } from '../helpers/api';
import { goalTable, met, quantile, type GoalLine } from './settings-figures';
import { buildFleet, fleetEnv } from './settings-fleet';
import { IMPORT_GOAL_MS, measureImport } from './settings-import';
import { BOMB_CALL_GOAL_MS, BOMB_GROWTH_GOAL_BYTES, growth, measureImportBombs, p, type Stretch } from './settings-import-bombs';
import { LIST_GOAL_MS, measureLists } from './settings-list';
import { LIVE_GOAL_MS, measureLive } from './settings-live';
import { startServerProcess } from './server-process';

const TRUCKS = Number(process.env['BENCH_TRUCKS'] ?? 10_000);
const DRIVERS = Number(process.env['BENCH_DRIVERS'] ?? 20_000);
const RUNS = Number(process.env['BENCH_RUNS'] ?? 30);
const IMPORT_ROWS = Number(process.env['BENCH_IMPORT_ROWS'] ?? 1_000);
const IMPORT_RUNS = Number(process.env['BENCH_IMPORT_RUNS'] ?? 3);
const EDITS = Number(process.env['BENCH_EDITS'] ?? 50);
const WITH_PG = process.env['BENCH_PG'] !== '0';
/** BENCH_SIM=0 serves without the simulator: the master-data calls alone, no simulated fleet writing beside them. */
const SIM: Record<string, string> = process.env['BENCH_SIM'] === '0' ? { SIM: '0' } : {};

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const ms = (value: number) => value.toFixed(1);

async function benchDatabase(label: string, target: DatabaseTarget): Promise<GoalLine[]> {
  console.log(`\n== ${label} ==`);
  // The figures' tails move with whatever else this machine runs: said beside them.
  console.log(`machine: ${os.cpus().length} cores, load average ${os.loadavg()[0]?.toFixed(1) ?? '?'} (1 min); simulator ${SIM['SIM'] === '0' ? 'off (BENCH_SIM=0)' : 'running'}`);
  const built = await buildFleet(TRUCKS, DRIVERS, target);
  console.log(`fleet of ${TRUCKS.toLocaleString('en')} trucks and ${DRIVERS.toLocaleString('en')} drivers built in ${built.seconds.toFixed(0)} s`);
  // A fresh process on the built database: its peak memory is that of serving, not of seeding.
  const server = await startServerProcess({ ...fleetEnv(TRUCKS, target), ...SIM });
  const lines: GoalLine[] = [];
  try {
    const { token } = await login(server.base, 'admin');
    const diagnostics = async () =>
      ((await (await fetch(`${server.base}${API}/diagnostics`, { headers: { 'header-id': token } })).json()) as { data: Diagnostics }).data;

    console.log(`list first page (50 rows), ${RUNS} calls each | rows matching | p50 / p95 ms | the server's SQL on the database: median ms and plan`);
    for (const figure of await measureLists(server.base, target, RUNS)) {
      const line: GoalLine = { database: label, measure: `list: ${figure.name}`, ms: figure.p95, goalMs: LIST_GOAL_MS, detail: `p50 ${ms(figure.p50)} ms, ${figure.total} rows` };
      lines.push(line);
      console.log(`${figure.name} | ${figure.total} | ${ms(figure.p50)} / ${ms(figure.p95)}${met(line) ? '' : ' MISSED'}`);
      for (const query of figure.queries) console.log(`    ${query.what} ${ms(query.ms)} ms: ${query.plan}`);
    }
    const afterLists = (await diagnostics()).peakMemoryBytes;

    const imported = await measureImport(server.base, IMPORT_ROWS, IMPORT_RUNS);
    const importLine: GoalLine = {
      database: label, measure: `import: ${IMPORT_ROWS} ${imported.screen} rows (.xlsx, upload to answer)`, ms: Math.max(...imported.accepted), goalMs: IMPORT_GOAL_MS,
      detail: `slowest of ${imported.accepted.length}; ${(imported.bytes / 1024).toFixed(0)} KB${imported.note ? `; ${imported.note}` : ''}`,
    };
    lines.push(importLine, {
      database: label, measure: `import: ${IMPORT_ROWS} ${imported.screen} rows, last row a stored plate (refused)`, ms: imported.refused, goalMs: IMPORT_GOAL_MS, detail: 'nothing inserted',
    });
    console.log(`import of ${IMPORT_ROWS} ${imported.screen} rows: ${imported.accepted.map((value) => value.toFixed(0)).join(', ')} ms; refused for its last row: ${imported.refused.toFixed(0)} ms${imported.note ? ` (${imported.note})` : ''}`);

    const figure = await measureImportBombs(server.base, server.pid);
    const { bombs, checked, quiet } = figure;
    const memory = (stretch: Stretch) => `${mb(stretch.rssBefore)} → peak ${mb(stretch.rssPeak)}, +${mb(growth(stretch))}`;
    lines.push(
      {
        database: label, measure: 'other users\' truck list while 4 users send import bombs (p99)', ms: quantile(bombs.calls, 0.99), goalMs: BOMB_CALL_GOAL_MS,
        detail: `p50 ${p(bombs.calls, 0.5)} ms over ${bombs.calls.length} calls; quiet p50 ${p(quiet.calls, 0.5)} / p99 ${p(quiet.calls, 0.99)} ms`,
      },
      {
        database: label, measure: 'server RSS while import bombs are refused', ms: 0, goalMs: Number.POSITIVE_INFINITY,
        detail: `${memory(bombs)}${growth(bombs) < BOMB_GROWTH_GOAL_BYTES ? '' : ' MISSED (goal under 100 MB)'}; ${bombs.refused}/${bombs.uploads} refused in ${bombs.seconds.toFixed(0)} s; the same time with no upload ${memory(quiet)}`,
      },
      {
        database: label, measure: 'other users\' truck list while 4 users import 10,000-row files, checked and refused', ms: 0, goalMs: Number.POSITIVE_INFINITY,
        detail: `p50 ${p(checked.calls, 0.5)} / p99 ${p(checked.calls, 0.99)} ms over ${checked.calls.length} calls; server RSS ${memory(checked)}; ${checked.refused}/${checked.uploads} refused in ${checked.seconds.toFixed(0)} s`,
      },
    );
    console.log(`import bombs (${bombs.uploads} uploads from 4 users at once, ${bombs.refused} refused, ${bombs.seconds.toFixed(0)} s): other user's truck list p50 ${p(bombs.calls, 0.5)} / p99 ${p(bombs.calls, 0.99)} ms over ${bombs.calls.length} calls (quiet ${p(quiet.calls, 0.5)} / ${p(quiet.calls, 0.99)} ms); server RSS ${memory(bombs)} (with no upload ${memory(quiet)})`);
    console.log(`4 users importing 10,000-row files, checked and refused (${checked.seconds.toFixed(0)} s): truck list p50 ${p(checked.calls, 0.5)} / p99 ${p(checked.calls, 0.99)} ms; server RSS ${memory(checked)}`);
    if (bombs.refused !== bombs.uploads || checked.refused !== checked.uploads) throw new Error('an import bomb or a refused file was imported');

    const live = await measureLive(server.base, EDITS);
    lines.push(
      // The server tells the sockets before it answers the saver, so answer → notice is 0 whenever the notice comes
      // first: judged instead from the save's sending, which holds the save's own work as well.
      {
        database: label, measure: `live: ${EDITS} truck edits, save sent → notice at 2nd user`, ms: quantile(live.sentToNotice, 0.95), goalMs: LIVE_GOAL_MS,
        detail: `p50 ${ms(quantile(live.sentToNotice, 0.5))} ms; before the save's answer ${live.noticeFirst}/${EDITS}; answer → notice p95 ${ms(quantile(live.notice, 0.95))} ms`,
      },
      { database: label, measure: 'live: save answer → 2nd user\'s list fetched again with the edit', ms: quantile(live.refetched, 0.95), goalMs: LIVE_GOAL_MS, detail: `p50 ${ms(quantile(live.refetched, 0.5))} ms` },
    );
    console.log(`live sync over ${EDITS} edits: notice p50 ${ms(quantile(live.notice, 0.5))} / p95 ${ms(quantile(live.notice, 0.95))} ms (${live.noticeFirst} before the saver's answer); save sent → notice p50 ${ms(quantile(live.sentToNotice, 0.5))} / p95 ${ms(quantile(live.sentToNotice, 0.95))} ms; list again p50 ${ms(quantile(live.refetched, 0.5))} / p95 ${ms(quantile(live.refetched, 0.95))} ms`);

    const { memoryBytes, peakMemoryBytes: peakSinceBombs } = await diagnostics();
    // The bombs' measure reset the process's peak: the one before counts too.
    const peakMemoryBytes = Math.max(peakSinceBombs, figure.peakBefore);
    // The operating system's own peak of the serving process, not a sample between calls.
    console.log(`server peak memory (RSS): ${mb(afterLists)} after the list calls, ${mb(peakMemoryBytes)} at the end (now ${mb(memoryBytes)})`);
    lines.push({ database: label, measure: 'server peak RSS', ms: 0, goalMs: Number.POSITIVE_INFINITY, detail: mb(peakMemoryBytes) });
  } finally {
    await server.stop();
  }
  return lines;
}

const started = performance.now();
const lines: GoalLine[] = [];
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fleet-bench-settings-'));
try {
  lines.push(...(await benchDatabase('SQLite', { kind: 'sqlite', path: path.join(dir, 'fleet.db') })));
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
if (WITH_PG && postgresBinDir() !== undefined) {
  let cluster: PostgresCluster | undefined;
  try {
    cluster = await startCluster();
    await cluster.createDatabase('fleet_bench_settings');
    lines.push(...(await benchDatabase('PostgreSQL', { kind: 'postgres', url: cluster.url('fleet_bench_settings') })));
  } finally {
    await cluster?.destroy();
  }
} else {
  console.log(`\nPostgreSQL skipped (${WITH_PG ? 'not installed: scripts/ensure-postgres.sh' : 'BENCH_PG=0'})`);
}

console.log('');
for (const line of goalTable(lines.filter((line) => Number.isFinite(line.goalMs)))) console.log(line);
for (const line of lines.filter((line) => !Number.isFinite(line.goalMs))) console.log(`${line.database}: ${line.measure} ${line.detail}`);
const missed = lines.filter((line) => !met(line));
console.log(missed.length === 0 ? 'every goal met' : `${missed.length} goal(s) missed: ${missed.map((line) => `${line.database} ${line.measure}`).join('; ')}`);
console.log(`benchmark took ${((performance.now() - started) / 1000).toFixed(0)} s`);
