// What an export asks the export worker to build, as plain data that crosses to the worker thread, what the worker
// answers, and the builder of each kind (a report, a master-data list) run inside the worker.
import type { Writable } from 'node:stream';
import type { Lang, LocaleKey, LocaleValues } from '../../domain/i18n';
import type { ReportQuery } from '../../domain/screens/reports/query';
import type { Db } from '../db/open';
import type { DbKind } from '../db/target';
import type { EntityListQuery } from '../entities/entity-list';
import type { FaultJob } from './export-faults';

/** What every export names: the posted columns and headers, the language and zone, and the caller's companies (userPri). */
interface SheetJob {
  readonly fields: readonly string[];
  readonly headers: readonly string[];
  readonly lang: Lang;
  /** The zone the caller's console shows times in: the file's times read the same. */
  readonly zone: string;
  readonly companyCodes: readonly string[];
}

export interface ReportJob extends SheetJob {
  readonly kind: 'report';
  readonly path: string;
  /** Another tab of the route's screen; none for the route's own. */
  readonly tab: string | undefined;
  readonly query: ReportQuery;
  /** The request's moment: what "now" means to the report (the current day's rows). */
  readonly now: number;
  readonly maxRows: number;
}

export interface EntityJob extends SheetJob {
  readonly kind: 'entity';
  readonly path: string;
  readonly query: EntityListQuery;
  readonly superMan: boolean;
}

/** A report, a master-data list, or (tests only, export-faults.ts) a fault. */
export type ExportJob = ReportJob | EntityJob | FaultJob;

/** A refusal found while building (too many rows): answered as the envelope, in the caller's language, by the server. */
export interface ExportRefusal {
  readonly resultCode: number;
  readonly key: LocaleKey;
  readonly values?: LocaleValues;
}

/**
 * Awaited by a sheet's writer between batches of rows: waits while the answer's reader is behind, and rejects once
 * the client has gone (the export stops writing). It always yields to the worker's event loop, where the answer's
 * `taken` and a cancel arrive.
 */
export type WritePace = () => Promise<void>;

/** A job's rows, read: either refused, or a sheet to write. */
export type BuiltExport =
  | { readonly kind: 'refused'; readonly refusal: ExportRefusal }
  | { readonly kind: 'sheet'; write(stream: Writable, pace: WritePace): Promise<void> };

/** The database as the worker holds it. */
export interface WorkerDb {
  readonly db: Db;
  readonly kind: DbKind;
}

/**
 * Messages to the worker: a job to build; `taken`, so many of the job's posted bytes the answer has taken (the worker
 * posts more only while few enough are untaken); the cancel of a job whose client went away; and `close`, after which
 * the worker ends its job, closes its database connection and says `closed`.
 */
export type ToWorker =
  | { readonly id: number; readonly job: ExportJob }
  | { readonly id: number; readonly taken: number }
  | { readonly id: number; readonly cancel: true }
  | { readonly close: true };

/**
 * Messages from the worker, per job: `refused`, or `start` and `bytes`…, or neither (cancelled); then `done` (also
 * after a cancel, with the file cut short). `failed` may come at any point instead of `done`. After `done` or `failed`
 * the worker is free. `closed` answers `close`: the worker's database connection is closed, it may be terminated.
 */
export type FromWorker =
  | { readonly id: number; readonly kind: 'refused'; readonly refusal: ExportRefusal }
  | { readonly id: number; readonly kind: 'start' }
  | { readonly id: number; readonly kind: 'bytes'; readonly bytes: Uint8Array }
  | { readonly id: number; readonly kind: 'done' }
  | { readonly id: number; readonly kind: 'failed'; readonly message: string }
  | { readonly kind: 'closed' };
