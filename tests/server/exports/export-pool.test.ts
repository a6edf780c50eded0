// The export worker pool with real worker threads, on both databases: a worker that crashes fails its own export only
// and the next export gets a new worker; a closing pool's workers close their own database connections. The faults
// are the pool's test-only jobs (server/exports/export-faults.ts).
import fs from 'node:fs';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CARGO_REPORTS } from '../../../domain/screens/reports/cargo';
import { REPORT_PAGE } from '../../../domain/screens/reports/query';
import { openDatabase } from '../../../server/db/open';
import type { ExportJob } from '../../../server/exports/export-jobs';
import { ExportPool, type JobEvents } from '../../../server/exports/export-pool';
import type { DatabaseTarget } from '../../../server/db/target';
import { freshDatabase, TEST_DB_KIND, type TestDatabase } from '../../helpers/test-database';
import { xlsxCells } from './xlsx-cells';

const ATG = CARGO_REPORTS['/cargo_monitor/event_report/atg_unload'];

/** A real report export: the atg unloads of the last day, none in an empty database, so a sheet of its two headers. */
const REPORT_JOB: ExportJob = {
  kind: 'report',
  path: ATG.path,
  tab: undefined,
  query: { page: 1, size: REPORT_PAGE.maxSize, startTime: Date.now() - 86_400_000, endTime: Date.now() },
  fields: ['signCode', 'startTime'],
  headers: ['车牌号', '开始时间'],
  lang: 'zh',
  zone: 'Asia/Shanghai',
  companyCodes: [],
  now: Date.now(),
  maxRows: 10_000,
};

/** What one job's events told, once its run is over. */
function watchJob() {
  const seen: { started: boolean; chunks: Buffer[]; done: boolean; failed: Error | undefined } = { started: false, chunks: [], done: false, failed: undefined };
  const events: JobEvents = {
    refused: (refusal) => {
      throw new Error(`refused: ${refusal.key}`);
    },
    start: () => {
      seen.started = true;
    },
    bytes: async (chunk) => {
      seen.chunks.push(chunk);
    },
    done: () => {
      seen.done = true;
    },
    failed: (error) => {
      seen.failed = error;
    },
  };
  return { seen, events, workbook: () => new Uint8Array(Buffer.concat(seen.chunks)) };
}

const stays = () => new AbortController().signal;

/**
 * Whether a connection to the database is open besides the asker's, as the database sees it: PostgreSQL's client
 * backends on it; for a SQLite file, its write-ahead log, which the last connection to close removes.
 */
async function connectedElsewhere(target: DatabaseTarget): Promise<boolean> {
  if (target.kind === 'sqlite') return fs.existsSync(`${target.path}-wal`);
  return (await otherBackends(target.url, '')) > 0;
}

/** PostgreSQL's client backends on the database besides the asker's, those in the given state only when one is named. */
async function otherBackends(url: string, state: '' | 'active'): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ readonly n: number }>(
      `select count(*)::int as n from pg_stat_activity
        where datname = current_database() and backend_type = 'client backend' and pid <> pg_backend_pid() and ($1 = '' or state = $1)`,
      [state],
    );
    return rows[0]?.n ?? 0;
  } finally {
    await client.end();
  }
}

describe('the export worker pool', () => {
  let database: TestDatabase;
  let pool: ExportPool | undefined;

  beforeAll(async () => {
    database = await freshDatabase();
    // Migrated, as the server's database is before any export (a fresh SQLite file is empty).
    await (await openDatabase(database.target)).db.destroy();
  });
  afterEach(async () => {
    await pool?.close();
    pool = undefined;
  });
  afterAll(async () => database.drop());

  it('fails only the export whose worker crashed: the next one, started as its place frees, gets a new worker', async () => {
    const faulty = new ExportPool(database.target, { faults: true });
    pool = faulty;
    const crashed = watchJob();
    const next = watchJob();
    // As the export answer does: the crashed export's end releases its place, and the next export is run at once.
    await faulty.run({ kind: 'fault', fault: 'crash' }, crashed.events, stays()).then(() => faulty.run(REPORT_JOB, next.events, stays()));
    expect(crashed.seen.failed?.message).toContain('test fault: the export worker crashed');
    expect(next.seen.failed).toBeUndefined();
    expect([next.seen.started, next.seen.done]).toEqual([true, true]);
    const cells = await xlsxCells(next.workbook());
    expect(cells.map((cell) => cell.text)).toEqual(['车牌号', '开始时间']);
  }, 60_000);

  it("closes each worker's own database connection before the worker is ended", async () => {
    const closing = new ExportPool(database.target);
    pool = closing;
    const built = watchJob();
    // A company of the caller's: the rows are asked of the database (none, for none has one).
    await closing.run({ ...REPORT_JOB, companyCodes: ['C-CLOSING'] }, built.events, stays());
    expect([built.seen.done, await connectedElsewhere(database.target)]).toEqual([true, true]);
    await closing.close();
    expect(await connectedElsewhere(database.target)).toBe(false);
  }, 60_000);

  it.runIf(TEST_DB_KIND === 'postgres')('lets a read in progress end before ending the worker, so no statement is left running on the database (PostgreSQL)', async () => {
    // A busy machine may take seconds to let the worker end its read: its grace is not what is tested here.
    const closing = new ExportPool(database.target, { faults: true, closeGraceMs: 50_000 });
    pool = closing;
    const slow = watchJob();
    const running = closing.run({ kind: 'fault', fault: 'slow-read' }, slow.events, stays());
    const url = database.target.kind === 'postgres' ? database.target.url : '';
    await expect.poll(() => otherBackends(url, 'active'), { timeout: 30_000 }).toBe(1);
    await closing.close();
    // A thread ended in the middle of the read would leave its statement running on the server, which notices a
    // client gone only when it answers.
    expect(await otherBackends(url, '')).toBe(0);
    await running;
    expect(slow.seen.failed?.message).toBe('the server is closing');
  }, 120_000);
});
