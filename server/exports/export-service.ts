// The server's exports as the services hold them: the bounded queue, the worker threads that build them, and the count
// of those that failed (diagnostics).
import type { DatabaseTarget } from '../db/target';
import { ExportPool, type ExportPoolOptions } from './export-pool';
import { EXPORT_LIMITS, ExportQueue, type ExportLimits } from './export-queue';

export interface ExportService {
  /** Exports that failed on the server (the console ignores them, per spec; operators see this). */
  failed: number;
  readonly queue: ExportQueue;
  readonly pool: ExportPool;
}

export function createExportService(database: DatabaseTarget, limits: ExportLimits = EXPORT_LIMITS, poolOptions: ExportPoolOptions = {}): ExportService {
  return { failed: 0, queue: new ExportQueue(limits), pool: new ExportPool(database, poolOptions) };
}
