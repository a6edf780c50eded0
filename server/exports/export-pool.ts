// The export worker threads (export-worker.ts) on the server's side: started when an export needs one, one job at a
// time each, kept a while for the next export and then closed (its database connection first); a worker that dies
// fails its job and is replaced by the next start. Each has a bounded heap, so one runaway export fails alone instead
// of taking the server's memory. The queue (export-queue.ts) bounds how many jobs run, so the pool needs no bound of
// its own.
import { Worker } from 'node:worker_threads';
import type { DatabaseTarget } from '../db/target';
import type { ExportJob, ExportRefusal, FromWorker, ToWorker } from './export-jobs';

/** An idle worker is ended after this long: it holds a database connection and some tens of MB. */
const IDLE_MS = 60_000;

/**
 * A worker's old-generation heap, in MB. An export of 10,000 rows of 14 columns (the tank inventory) succeeds from
 * about 36 MB on (measured, docs/api.md Exports); with 128, several times that, longer texts still fit and garbage
 * collection does not slow the build, and two workers at once add at most a few hundred MB to the server. Past it the
 * worker alone is ended (ERR_WORKER_OUT_OF_MEMORY) and its export fails.
 */
export const EXPORT_WORKER_HEAP_MB = 128;

/** A worker asked to close gets this long to end its job and close its database connection before it is terminated. */
const CLOSE_GRACE_MS = 5_000;

/** What a job's messages become, on the server's side. */
export interface JobEvents {
  refused(refusal: ExportRefusal): void;
  start(): void;
  /** Resolves once the answer can take more: until then the worker holds back beyond a few chunks (export-outlet.ts). */
  bytes(chunk: Buffer): Promise<void>;
  /** The job is over: after `start`, every byte was given; without it, the client went away before anything was written. */
  done(): void;
  failed(error: Error): void;
}

export interface ExportPoolOptions {
  /** Takes the test-only fault jobs (export-faults.ts); tests set it, the server never does. */
  readonly faults?: boolean;
  /** Each worker's old-generation heap in MB; EXPORT_WORKER_HEAP_MB unless measuring what an export needs. */
  readonly heapMb?: number;
  /** How long a closing worker may take before it is terminated; CLOSE_GRACE_MS unless a test's machine is slow. */
  readonly closeGraceMs?: number;
}

interface PoolWorker {
  readonly worker: Worker;
  job: { readonly id: number; readonly events: JobEvents; readonly over: () => void } | undefined;
  idle: NodeJS.Timeout | undefined;
  /** Resolves when the thread has exited. */
  readonly exited: Promise<void>;
}

const WORKER_BOOT = new URL('./ts-worker.mjs', import.meta.url);
const WORKER_MODULE = new URL('./export-worker.ts', import.meta.url).href;

export class ExportPool {
  private readonly workers = new Set<PoolWorker>();
  private nextId = 1;

  constructor(private readonly database: DatabaseTarget, private readonly options: ExportPoolOptions = {}) {}

  /**
   * Builds the job on a free worker; `events` follow it. Resolves once the worker is free again (done or failed), which
   * is when the job's queue slot is released. An aborted `signal` asks the worker to write nothing more; one aborted
   * already (the client left as its turn came) starts nothing and ends the job at once.
   */
  run(job: ExportJob, events: JobEvents, signal: AbortSignal): Promise<void> {
    if (job.kind === 'fault' && this.options.faults !== true) throw new Error('a test fault job was given to a pool not made for tests');
    if (signal.aborted) {
      events.done();
      return Promise.resolve();
    }
    // The test fault of a worker that cannot start: Node's own constructor refuses it, synchronously.
    const unstartable = job.kind === 'fault' && job.fault === 'unstartable';
    const entry = unstartable ? this.spawn(['--test-fault-unstartable']) : ([...this.workers].find((candidate) => candidate.job === undefined) ?? this.spawn());
    if (entry.idle) clearTimeout(entry.idle);
    entry.idle = undefined;
    const id = this.nextId;
    this.nextId += 1;
    return new Promise<void>((resolve) => {
      const cancel = () => entry.worker.postMessage({ id, cancel: true } satisfies ToWorker);
      signal.addEventListener('abort', cancel, { once: true });
      entry.job = {
        id,
        events,
        over: () => {
          signal.removeEventListener('abort', cancel);
          entry.job = undefined;
          resolve();
        },
      };
      entry.worker.postMessage({ id, job } satisfies ToWorker);
    });
  }

  /** Ends every worker, each once it closed its database connection; a job still running fails (and stops writing). */
  async close(): Promise<void> {
    await Promise.all([...this.workers].map((entry) => {
      this.fail(entry, new Error('the server is closing'));
      return this.retire(entry);
    }));
  }

  /** Worker threads alive now (diagnostics, tests). */
  size(): number {
    return this.workers.size;
  }

  private spawn(execArgv?: string[]): PoolWorker {
    const worker = new Worker(WORKER_BOOT, {
      execArgv,
      resourceLimits: { maxOldGenerationSizeMb: this.options.heapMb ?? EXPORT_WORKER_HEAP_MB },
      workerData: { module: WORKER_MODULE, database: this.database, faults: this.options.faults === true },
    });
    // An idle worker does not keep the process alive; a running job's request does.
    worker.unref();
    const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
    const entry: PoolWorker = { worker, job: undefined, idle: undefined, exited };
    this.workers.add(entry);
    worker.on('message', (message: FromWorker) => this.receive(entry, message));
    // A worker that threw (or ran out of its heap) reports 'error', and only in a later tick 'exit'. Failing its job
    // frees the job's place at once, and the next export would be given this dying worker: it leaves the pool first.
    worker.on('error', (error) => {
      this.drop(entry);
      this.fail(entry, error);
    });
    worker.on('exit', (code) => {
      this.drop(entry);
      this.fail(entry, new Error(`the export worker stopped (exit code ${code})`));
    });
    return entry;
  }

  private receive(entry: PoolWorker, message: FromWorker): void {
    // Its database connection is closed: nothing of the worker's is left to end but the thread.
    if (message.kind === 'closed') {
      void entry.worker.terminate();
      return;
    }
    const job = entry.job;
    if (!job || job.id !== message.id) return;
    switch (message.kind) {
      case 'refused':
        job.events.refused(message.refusal);
        return;
      case 'start':
        job.events.start();
        return;
      case 'bytes': {
        const { id } = job;
        const taken = message.bytes.byteLength;
        void job.events.bytes(Buffer.from(message.bytes.buffer, message.bytes.byteOffset, taken)).then(() => {
          if (entry.job?.id === id) entry.worker.postMessage({ id, taken } satisfies ToWorker);
        });
        return;
      }
      case 'done':
        job.over();
        job.events.done();
        this.rest(entry);
        return;
      case 'failed':
        job.over();
        job.events.failed(new Error(message.message));
        this.rest(entry);
        return;
    }
  }

  private fail(entry: PoolWorker, error: Error): void {
    const job = entry.job;
    if (!job) return;
    job.over();
    job.events.failed(error);
  }

  /** Takes the worker out of the pool, so that no job is given to it; true when it was still in. */
  private leave(entry: PoolWorker): boolean {
    if (!this.workers.delete(entry)) return false;
    if (entry.idle) clearTimeout(entry.idle);
    entry.idle = undefined;
    return true;
  }

  /** A worker that died: out of the pool, and its thread ended (it can close nothing of its own any more). */
  private drop(entry: PoolWorker): void {
    if (this.leave(entry)) void entry.worker.terminate();
  }

  /**
   * Asks the worker to close: it ends its job and its database connection, says `closed` and is terminated then
   * (receive). One that does not answer in time is terminated anyway. Resolves when the thread has exited.
   */
  private retire(entry: PoolWorker): Promise<void> {
    if (!this.leave(entry)) return entry.exited;
    entry.worker.postMessage({ close: true } satisfies ToWorker);
    const late = setTimeout(() => void entry.worker.terminate(), this.options.closeGraceMs ?? CLOSE_GRACE_MS);
    late.unref();
    return entry.exited.finally(() => clearTimeout(late));
  }

  private rest(entry: PoolWorker): void {
    if (!this.workers.has(entry)) return;
    entry.idle = setTimeout(() => void this.retire(entry), IDLE_MS);
    entry.idle.unref();
  }
}
