// An export whose worker's memory runs away, with real worker threads, on both databases: its worker is ended at its
// bounded heap, long before it could take the server's memory, only that export fails, and the next one is built. Its
// own file, so that the process's peak memory measured here is this test's (the test pool starts a process per file).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../server/db/open';
import { ExportPool, EXPORT_WORKER_HEAP_MB, type JobEvents } from '../../../server/exports/export-pool';
import { freshDatabase, type TestDatabase } from '../../helpers/test-database';
import { xlsxCells } from './xlsx-cells';

const MB = 1024 * 1024;

/** What one job's events told. */
function watchJob() {
  const seen: { chunks: Buffer[]; done: boolean; failed: Error | undefined } = { chunks: [], done: false, failed: undefined };
  const events: JobEvents = {
    refused: (refusal) => {
      throw new Error(`refused: ${refusal.key}`);
    },
    start: () => undefined,
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
  return { seen, events };
}

describe('an export worker whose memory runs away', () => {
  let database: TestDatabase;
  let pool: ExportPool;

  beforeAll(async () => {
    database = await freshDatabase();
    await (await openDatabase(database.target)).db.destroy();
    pool = new ExportPool(database.target, { faults: true });
  });
  afterAll(async () => {
    await pool.close();
    await database.drop();
  });

  it('is ended at its bounded heap, far below what the server has, and the next export is built', async () => {
    const before = process.memoryUsage().rss;
    const runaway = watchJob();
    await pool.run({ kind: 'fault', fault: 'memory' }, runaway.events, new AbortController().signal);
    expect(runaway.seen.failed?.message).toMatch(/memory limit/);
    // The process's peak: the worker's heap is the process's memory. Unbounded, it grows to V8's default heap limit
    // (gigabytes); bounded, by its heap and the young generation's spaces beyond it.
    const peak = process.resourceUsage().maxRSS * 1024;
    expect((peak - before) / MB).toBeLessThan(EXPORT_WORKER_HEAP_MB * 3);
    const next = watchJob();
    await pool.run({ kind: 'fault', fault: 'large', rows: 1 }, next.events, new AbortController().signal);
    expect([next.seen.failed, next.seen.done]).toEqual([undefined, true]);
    expect((await xlsxCells(new Uint8Array(Buffer.concat(next.seen.chunks)))).map((cell) => cell.text.length)).toEqual([4, 16 * 1024]);
  }, 60_000);
});
