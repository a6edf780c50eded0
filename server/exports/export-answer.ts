// The answer of an export call (a report's, a master-data list's): the export waits its turn in the queue, a worker
// builds it, and its bytes stream out as they are written. The answer's headers go out when the worker starts the
// file, so a refusal found while reading the rows (too many) is still the usual envelope. The worker writes no faster
// than the answer's stream takes the bytes. A client that goes away leaves the queue, or stops its build, writing
// included, which frees its place.
import { PassThrough } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { XLSX_TYPE } from '../../domain/screens/entities/transfer';
import type { Envelope } from '../../domain/wire/envelope';
import { authOf } from '../auth/guard';
import { failText } from '../envelope';
import { contentDisposition } from '../http/xlsx-attachment';
import type { Services } from '../services';
import type { ExportJob } from './export-jobs';
import type { JobEvents } from './export-pool';
import { ExportQueueFull, type ExportSlot } from './export-queue';

interface ExportCall {
  readonly job: ExportJob;
  readonly fileName: string;
  /** The console's ticket for the status call (GET /export/queue), when it sent one. */
  readonly ticket: string | undefined;
  /** What the log says of a failure besides the error: which report or list. */
  readonly logContext: Readonly<Record<string, string>>;
}

/** The closed connection's "reason": nothing is answered to it. */
class ClientGone extends Error {}

export async function answerQueuedExport(services: Services, request: FastifyRequest, reply: FastifyReply, call: ExportCall): Promise<unknown> {
  const { exports } = services;
  // The console ignores a failed export (spec); the log and the diagnostics count are where it shows.
  const countFailure = (error: unknown) => {
    exports.failed += 1;
    request.log.error({ err: error, ...call.logContext }, 'export failed');
  };
  const gone = new AbortController();
  const onClose = () => {
    if (!reply.raw.writableFinished) gone.abort(new ClientGone('the client closed the connection'));
  };
  reply.raw.once('close', onClose);

  let slot: ExportSlot;
  try {
    slot = await exports.queue.enter(authOf(request).user.id, gone.signal, call.ticket);
  } catch (error) {
    if (error instanceof ExportQueueFull) {
      return error.scope === 'all'
        ? failText(request, 429, 'server.exportQueueFull')
        : failText(request, 429, 'server.exportUserQueueFull', { max: error.bound });
    }
    if (error instanceof ClientGone) return reply.hijack();
    throw error;
  }

  return new Promise<unknown>((resolve, reject) => {
    const stream = new PassThrough();
    let answered = false;
    let started = false;
    const answer = (value: unknown) => {
      answered = true;
      resolve(value);
    };
    const events: JobEvents = {
      refused: (refusal) => answer(failText(request, refusal.resultCode, refusal.key, refusal.values) satisfies Envelope<null>),
      start: () => {
        started = true;
        answer(reply
          .header('content-type', XLSX_TYPE)
          .header('content-disposition', contentDisposition(call.fileName))
          .send(stream));
      },
      // A slow client holds the worker back (export-outlet.ts) rather than the file piling up here.
      bytes: (chunk) => (stream.write(chunk) ? Promise.resolve() : new Promise<void>((resolve) => stream.once('drain', resolve))),
      done: () => {
        // A build stopped because its client went away ends a file cut short: nothing may finish it as if whole.
        if (started) {
          if (gone.signal.aborted) stream.destroy();
          else stream.end();
        }
        // Cancelled before a byte: the connection is closed, there is no one to answer.
        else if (!answered) answer(reply.hijack());
      },
      failed: (error) => {
        countFailure(error);
        // Before the headers, the server's usual 500; after them, a broken download.
        if (started) stream.destroy(error);
        else if (!answered) {
          answered = true;
          reject(error);
        }
      },
    };
    // The place is given back however the build ends, a worker that could not even start included (pool.run throws):
    // a place lost is lost for good, and with `atOnce` of them lost every later export waits forever.
    void (async () => {
      try {
        await exports.pool.run(call.job, events, gone.signal);
      } catch (error) {
        events.failed(error instanceof Error ? error : new Error(String(error)));
      } finally {
        reply.raw.off('close', onClose);
        slot.release();
      }
    })();
  });
}
