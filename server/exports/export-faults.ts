// Test-only export jobs: a worker that crashes, runs out of memory or cannot start, and a file far larger than a
// socket's buffers. A pool takes them only when created with `faults: true` (tests; the server never sets it), and a
// worker builds them only when that pool started it; no route posts them.
import { randomBytes } from 'node:crypto';
import type { ReportRow } from '../../src/domain/screens/reports/wire';
import { textSafeWorkbookWriter } from '../http/xlsx-text';
import { writeRows, type SheetColumn } from '../reports/xlsx-sheet';
import type { BuiltExport } from './export-jobs';

export interface FaultJob {
  readonly kind: 'fault';
  /**
   * crash: an uncaught exception in the worker; memory: the worker's heap grows without end; unstartable: no worker
   * can be started for it; large: `rows` rows of 16 KB of random text each (about 12 KB each once compressed).
   */
  readonly fault: 'crash' | 'memory' | 'unstartable' | 'large';
  readonly rows?: number;
}

const LARGE_COLUMNS: readonly SheetColumn[] = [
  { column: { key: 'text', labelKey: 'report.export', format: 'text', value: { from: 'computed', field: 'text', type: 'text' } }, header: 'text' },
];

/** Builds a fault job inside the worker; `crash` and `memory` never return. */
export function buildFaultExport(job: FaultJob): Promise<BuiltExport> {
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
    case 'large': {
      const rows: ReportRow[] = Array.from({ length: job.rows ?? 1 }, (_, id) => ({ id, text: randomBytes(12 * 1024).toString('base64') }));
      return Promise.resolve({ kind: 'sheet', write: (stream, pace) => writeRows(textSafeWorkbookWriter(stream), LARGE_COLUMNS, rows, 'en', pace) });
    }
  }
}
