// The export worker thread: its own connection to the server's database, and one job at a time, read, written as an
// .xlsx and posted back in chunks no faster than the answer takes them (export-outlet.ts). Everything an export costs
// (the synchronous SQLite reads, computed rows, the width fit, exceljs's writing) happens here, off the server's event
// loop. A cancelled job stops writing; on `close` the worker ends its job and closes its own database connection
// before the pool terminates it.
import os from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
// A thread of its own: the sheets' headers and cells are written in the job's language.
import '../../domain/locale-texts';
import { setDisplayZone } from '../../domain/format/zone';
import { connectDatabase } from '../db/open';
import type { DatabaseTarget } from '../db/target';
import { buildEntityExport } from '../entities/entity-export-sheet';
import { buildReportExport } from '../reports/report-export-sheet';
import { buildFaultExport } from './export-faults';
import type { BuiltExport, ExportJob, FromWorker, ToWorker, WorkerDb } from './export-jobs';
import { ExportOutlet } from './export-outlet';

const port = parentPort;
if (!port) throw new Error('export-worker.ts runs as a worker thread');
// Linux keeps a nice value per thread, so this lowers this worker's alone: when it and the event loop both want a core,
// the event loop (every other user's calls) comes first. Elsewhere it would lower the whole server, so it is not done.
if (process.platform === 'linux') os.setPriority(os.constants.priority.PRIORITY_BELOW_NORMAL);
const { database, faults } = workerData as { readonly database: DatabaseTarget; readonly faults: boolean };
const { db } = connectDatabase(database, { warn: (message) => console.warn(message) });
const workerDb: WorkerDb = { db, kind: database.kind };
/** The job being built (the pool gives a worker one at a time): whether its client went away, and its bytes' outlet. */
interface ActiveJob {
  readonly id: number;
  cancelled: boolean;
  outlet: ExportOutlet | undefined;
}
let active: ActiveJob | undefined;
/** The last job's run, which `close` lets end before it closes the connection. */
let running: Promise<void> = Promise.resolve();

const post = (message: FromWorker, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

function build(job: ExportJob): Promise<BuiltExport> {
  switch (job.kind) {
    case 'report':
      return buildReportExport(workerDb, job);
    case 'entity':
      return buildEntityExport(workerDb, job);
    case 'fault':
      if (!faults) throw new Error('a test fault reached a worker not started for tests');
      return buildFaultExport(job, workerDb);
  }
}

async function run(id: number, job: ExportJob): Promise<void> {
  const current: ActiveJob = { id, cancelled: false, outlet: undefined };
  active = current;
  // This thread builds one job at a time: its cells read their times in the zone the caller's console shows.
  if (job.kind !== 'fault') setDisplayZone(job.zone);
  try {
    const built = await build(job);
    if (built.kind === 'refused') {
      post({ id, kind: 'refused', refusal: built.refusal });
    } else if (!current.cancelled) {
      // A client that went away while its rows were read gets nothing written.
      const outlet = new ExportOutlet((bytes) => post({ id, kind: 'bytes', bytes }, [bytes.buffer]));
      current.outlet = outlet;
      post({ id, kind: 'start' });
      // Cancelled, the writer stops at its next pace, or never settles when its stream went in the middle of the zip.
      await Promise.race([built.write(outlet.stream, outlet.pace), outlet.stopped]);
    }
    post({ id, kind: 'done' });
  } catch (error) {
    // A cancelled job's writer stops by its pace's rejection: the job is over, not failed.
    if (current.cancelled) post({ id, kind: 'done' });
    else post({ id, kind: 'failed', message: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  } finally {
    active = undefined;
  }
}

function cancel(job: ActiveJob): void {
  job.cancelled = true;
  job.outlet?.cancel();
}

/** Ends the job in hand (cancelled), closes the database connection (SQLite handle, PostgreSQL pool), then says so. */
async function close(): Promise<void> {
  if (active) cancel(active);
  await running;
  try {
    await db.destroy();
  } finally {
    post({ kind: 'closed' });
  }
}

port.on('message', (message: ToWorker) => {
  if ('close' in message) void close();
  else if ('job' in message) running = run(message.id, message.job);
  else if (active?.id !== message.id) return;
  else if ('taken' in message) active.outlet?.taken(message.taken);
  else cancel(active);
});
