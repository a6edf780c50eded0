// The real server, built as startServer builds it, whose export pool takes the test-only fault jobs
// (server/exports/export-faults.ts), with one more call that posts one: POST /__test/fault-export, the job as JSON,
// answered as every export is (server/exports/export-answer.ts: the queue, a worker, the streamed workbook). It counts
// the bytes its workers posted, passing every event on to the answer as it is.
import { buildApp } from '../../../server/app';
import { createServices } from '../../../server/create-services';
import { answerQueuedExport } from '../../../server/exports/export-answer';
import type { FaultJob } from '../../../server/exports/export-faults';
import type { ExportLimits } from '../../../server/exports/export-queue';
import { createExportService } from '../../../server/exports/export-service';
import type { Services } from '../../../server/services';
import { freshDatabase } from '../../helpers/test-database';

export const FAULT_EXPORT_PATH = '/__test/fault-export';

export interface FaultExportServer {
  readonly services: Services;
  /** e.g. http://127.0.0.1:41234 */
  readonly url: string;
  /** Bytes the export workers have posted to the answers so far. */
  postedBytes(): number;
  close(): Promise<void>;
}

export async function startFaultExportServer(limits: ExportLimits): Promise<FaultExportServer> {
  const database = await freshDatabase();
  const created = await createServices({ database: database.target, exportLimits: limits });
  const exports = createExportService(database.target, limits, { faults: true });
  let posted = 0;
  const run = exports.pool.run.bind(exports.pool);
  exports.pool.run = (job, events, signal) => run(job, { ...events, bytes: (chunk) => {
    posted += chunk.length;
    return events.bytes(chunk);
  } }, signal);
  const services: Services = { ...created.services, exports };
  const app = await buildApp({ services });
  app.post<{ Body: { readonly job: FaultJob } }>(FAULT_EXPORT_PATH, { config: { access: 'shell' } }, (request, reply) =>
    answerQueuedExport(services, request, reply, { job: request.body.job, fileName: 'fault.xlsx', ticket: undefined, logContext: { fault: request.body.job.fault } }));
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    services,
    url,
    postedBytes: () => posted,
    async close() {
      await app.close();
      await services.exports.pool.close();
      await created.close();
      await database.drop();
    },
  };
}
