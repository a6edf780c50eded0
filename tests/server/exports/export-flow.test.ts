// An export's bytes between its worker and its answer, with real worker threads, on both databases: the worker runs
// no more than a few chunks ahead of what the answer took, a slow reader still gets the whole file, a client gone
// mid-write stops the writing, and one gone before its turn starts nothing. The large files are the pool's test-only
// fault job (server/exports/export-faults.ts): 16 KB of random text a row, about 12 KB once compressed.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CARGO_REPORTS } from '../../../domain/screens/reports/cargo';
import { REPORT_PAGE } from '../../../domain/screens/reports/query';
import { openDatabase } from '../../../server/db/open';
import { CHUNK_BYTES, WINDOW_BYTES } from '../../../server/exports/export-outlet';
import { ExportPool, type JobEvents } from '../../../server/exports/export-pool';
import { freshDatabase, type TestDatabase } from '../../helpers/test-database';
import { xlsxCells } from './xlsx-cells';

/** At most this many bytes are posted beyond what the answer took: the window, and the chunk that crossed it. */
const MOST_AHEAD = WINDOW_BYTES + 2 * CHUNK_BYTES;

/** A reader of a job's bytes that takes each chunk when `take` says, keeping count of what it was given and took. */
function reader(take: (chunk: Buffer) => Promise<void>) {
  const seen = { given: 0, taken: 0, mostAhead: 0, chunks: [] as Buffer[], started: false, done: false, failed: undefined as Error | undefined };
  const events: JobEvents = {
    refused: (refusal) => {
      throw new Error(`refused: ${refusal.key}`);
    },
    start: () => {
      seen.started = true;
    },
    bytes: async (chunk) => {
      seen.chunks.push(chunk);
      seen.given += chunk.length;
      seen.mostAhead = Math.max(seen.mostAhead, seen.given - seen.taken);
      await take(chunk);
      seen.taken += chunk.length;
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

describe("an export's bytes on their way to its answer", () => {
  let database: TestDatabase;
  let pool: ExportPool;

  beforeAll(async () => {
    database = await freshDatabase();
    await (await openDatabase(database.target)).db.destroy();
  });
  afterEach(async () => pool.close());
  afterAll(async () => database.drop());

  it('hold the worker at a few chunks while the answer takes none, and a client gone then ends the job with the file cut short', async () => {
    pool = new ExportPool(database.target, { faults: true });
    const gone = new AbortController();
    // A reader that takes nothing; the client goes away once the worker could have posted its window.
    const stalled = reader(async () => {
      if (stalled.seen.given >= WINDOW_BYTES) gone.abort();
      await new Promise<never>(() => undefined);
    });
    // About 5 MB once written.
    await pool.run({ kind: 'fault', fault: 'large', rows: 400 }, stalled.events, gone.signal);
    // Every byte posted before the cancel reached the worker came before its `done`: this is all it wrote.
    expect([stalled.seen.started, stalled.seen.done, stalled.seen.failed]).toEqual([true, true, undefined]);
    expect(stalled.seen.given).toBeLessThanOrEqual(MOST_AHEAD);
  }, 60_000);

  it('give a reader that takes them slowly the whole file, never more than a few chunks ahead of it', async () => {
    pool = new ExportPool(database.target, { faults: true });
    // Each chunk is taken a turn of the event loop after it came.
    const slow = reader(() => new Promise((resolve) => setImmediate(resolve)));
    await pool.run({ kind: 'fault', fault: 'large', rows: 200 }, slow.events, new AbortController().signal);
    expect([slow.seen.done, slow.seen.failed]).toEqual([true, undefined]);
    expect(slow.seen.mostAhead).toBeLessThanOrEqual(MOST_AHEAD);
    const cells = await xlsxCells(new Uint8Array(Buffer.concat(slow.seen.chunks)));
    expect(cells).toHaveLength(1 + 200);
  }, 60_000);

  it('start nothing for an export whose client went away as its turn came', async () => {
    pool = new ExportPool(database.target);
    const gone = new AbortController();
    gone.abort();
    const late = reader(async () => undefined);
    const ATG = CARGO_REPORTS['/cargo_monitor/event_report/atg_unload'];
    const now = Date.now();
    await pool.run(
      {
        kind: 'report', path: ATG.path, tab: undefined, query: { page: 1, size: REPORT_PAGE.maxSize, startTime: now - 86_400_000, endTime: now },
        fields: ['signCode'], headers: ['车牌号'], lang: 'zh', zone: 'Asia/Shanghai', companyCodes: [], now, maxRows: 10_000,
      },
      late.events,
      gone.signal,
    );
    expect([late.seen.started, late.seen.given, late.seen.done, late.seen.failed]).toEqual([false, 0, true, undefined]);
    expect(pool.size()).toBe(0);
  }, 60_000);
});
