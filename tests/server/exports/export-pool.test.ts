// The export worker pool with real worker threads, on both databases: a worker that crashes fails its own export only
// and the next export gets a new worker. The faults are the pool's test-only jobs (server/exports/export-faults.ts).
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CARGO_REPORTS } from '../../../src/domain/screens/reports/cargo';
import { REPORT_PAGE } from '../../../src/domain/screens/reports/query';
import { openDatabase } from '../../../server/db/open';
import type { ExportJob } from '../../../server/exports/export-jobs';
import { ExportPool, type JobEvents } from '../../../server/exports/export-pool';
import { freshDatabase, type TestDatabase } from '../../helpers/test-database';
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
    bytes: (chunk) => {
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
});
