// The export download of spec params §7: POST the form, receive the binary file, save it under the file name. Failures
// are silent to the user as the spec says; they are counted and logged so an operator can still find them. While the
// answer has not begun, an export asks our server where it waits (a ticket posted with the form, GET /export/queue;
// docs/api.md, Exports); a backend without that call answers 404 and the export goes on as the spec has it.
import { API_BASE } from '../../workers/backend-address';
import { EXPORT_QUEUE_PATH, EXPORT_TICKET_FIELD, isExportQueueState } from '../../domain/wire/export-queue';
import { isMissingAnswer } from '../../domain/wire/answer';
import { HEADER_ID_KEY, requestAnswer } from './http';

export type ExportProgress =
  /** Waiting in the server's export queue with `ahead` exports before it. */
  | { readonly kind: 'queued'; readonly ahead: number }
  /** Out of the queue: the server reads the rows and starts the file. */
  | { readonly kind: 'building' }
  | {
      readonly kind: 'receiving';
      readonly receivedBytes: number;
      /** From Content-Length when the server sent one; streamed workbooks have none. */
      readonly totalBytes: number | undefined;
    };

/** The first question after the form went, and then between questions: a queued export moves about once a second. */
const EXPORT_QUEUE_POLL_MS = { first: 500, every: 1_000 } as const;

let failures = 0;

/** How many exports failed in this tab (shown in the diagnostics). */
export function exportFailureCount(): number {
  return failures;
}

function fail(reason: unknown): false {
  failures += 1;
  console.warn('export failed', reason);
  return false;
}

/** Saves a blob as a download under `fileName`. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has taken the blob by the next task; keeping the URL longer only holds the memory.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** A ticket no other export of this user will bring: 128 random bits (getRandomValues works on plain HTTP too). */
function newTicket(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * Asks where the ticket's export waits until `stop` is called, telling `onProgress`; gives up quietly on a backend
 * without the call (404) or when the question itself fails: the download goes on either way.
 */
function watchQueue(ticket: string, onProgress: (progress: ExportProgress) => void): { stop(): void } {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const ask = async () => {
    const answer = await requestAnswer<unknown>('GET', EXPORT_QUEUE_PATH, { query: { ticket } });
    if (stopped) return;
    if (isMissingAnswer(answer) || answer.kind === 'transport') return;
    if (answer.kind === 'data' && isExportQueueState(answer.data)) {
      if (answer.data.state === 'queued') onProgress({ kind: 'queued', ahead: answer.data.ahead });
      else if (answer.data.state === 'running') onProgress({ kind: 'building' });
      // 'none' is no failure and changes nothing shown (the bar, or the last place known): the form has not arrived
      // yet, the export has just left the queue, or, with several instances behind a round-robin proxy, an instance
      // that does not hold it answered (each instance has its own queue).
    }
    timer = setTimeout(() => void ask(), EXPORT_QUEUE_POLL_MS.every);
  };
  timer = setTimeout(() => void ask(), EXPORT_QUEUE_POLL_MS.first);
  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}

interface DownloadOptions {
  /** The call waits in the server's export queue (an export; not a template): post a ticket and follow its place. */
  readonly queued?: boolean;
}

/** Posts the export form and saves the answer; resolves false (silently) when anything failed. */
export async function downloadExport(
  path: string,
  form: Readonly<Record<string, string>>,
  fileName: string,
  onProgress: (progress: ExportProgress) => void,
  options: DownloadOptions = { queued: true },
): Promise<boolean> {
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded;charset=UTF-8' };
  const headerId = localStorage.getItem(HEADER_ID_KEY);
  if (headerId) headers[HEADER_ID_KEY] = headerId;
  const ticket = options.queued === true ? newTicket() : undefined;
  const body = new URLSearchParams(ticket === undefined ? form : { ...form, [EXPORT_TICKET_FIELD]: ticket });
  const watch = ticket === undefined ? undefined : watchQueue(ticket, onProgress);
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, { method: 'POST', headers, body, credentials: 'include' });
  } catch (error) {
    return fail(error);
  } finally {
    // The answer has begun (or failed): the export is out of the queue.
    watch?.stop();
  }
  const type = response.headers.get('content-type') ?? '';
  // A refused export answers an envelope (JSON), not a workbook.
  if (!response.ok || !type.includes('spreadsheetml') || !response.body) return fail(`status ${response.status} ${type}`);
  const length = Number(response.headers.get('content-length'));
  const totalBytes = Number.isFinite(length) && length > 0 ? length : undefined;
  const reader = response.body.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let receivedBytes = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(new Uint8Array(value));
      receivedBytes += value.byteLength;
      onProgress({ kind: 'receiving', receivedBytes, totalBytes });
    }
  } catch (error) {
    return fail(error);
  }
  saveBlob(new Blob(chunks, { type }), fileName);
  return true;
}
