// Test-only export jobs: a worker that crashes, runs out of memory or cannot start, a read that keeps the database
// busy, and a file far larger than a socket's buffers. A pool takes them only when created with `faults: true` (tests; the server never sets it), and a
// worker builds them only when that pool started it; no route posts them.
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { ReportRow } from '../../domain/screens/reports/wire';
import { textSafeWorkbookWriter } from '../http/xlsx-text';
import { writeRows, type SheetColumn } from '../reports/xlsx-sheet';
import type { BuiltExport, WorkerDb } from './export-jobs';

export interface FaultJob {
  readonly kind: 'fault';
  /**
   * crash: an uncaught exception in the worker; memory: the worker's heap grows without end; unstartable: no worker
   * can be started for it; slow-read: a read that keeps the database busy for about two seconds, then a sheet of one
   * row; large: `rows` rows of 16 KB of random text each (about 12 KB each once compressed).
   */
  readonly fault: 'crash' | 'memory' | 'unstartable' | 'slow-read' | 'large';
  readonly rows?: number;
}

const LARGE_COLUMNS: readonly SheetColumn[] = [
  { column: { key: 'text', labelKey: 'report.export', format: 'text', value: { from: 'computed', field: 'text', type: 'text' } }, header: 'text' },
];

/** A sheet of `rows` rows of 16 KB of random text each. */
function largeSheet(rows: number): BuiltExport {
  const texts: ReportRow[] = Array.from({ length: rows }, (_, id) => ({ id, text: randomBytes(12 * 1024).toString('base64') }));
  return { kind: 'sheet', write: (stream, pace) => writeRows(textSafeWorkbookWriter(stream), LARGE_COLUMNS, texts, 'en', pace) };
}

/** Builds a fault job inside the worker; `crash` and `memory` never return. */
export async function buildFaultExport(job: FaultJob, { db, kind }: WorkerDb): Promise<BuiltExport> {
  switch (job.fault) {
    case 'crash':
      return new Promise<BuiltExport>(() => {
        setImmediate(() => {
          throw new Error('test fault: the export worker crashed');
        });
      });
    case 'memory': {
      const hoard: number[][] = [];
      for (;;) hoard.push(new Array<number>(1 << 20).fill(hoard.length));
    }
    case 'unstartable':
      throw new Error('test fault: an unstartable job reached a worker');
    case 'slow-read':
      // SQLite has no sleep: a count it takes its time over instead.
      if (kind === 'postgres') await sql`select pg_sleep(2)`.execute(db);
      else await sql`with recursive n(i) as (select 1 union all select i + 1 from n where i < 5000000) select count(*) from n`.execute(db);
      return largeSheet(1);
    case 'large':
      return largeSheet(job.rows ?? 1);
  }
}
