// One export's bytes on their way out of the export worker: the stream exceljs writes into, which posts them to the
// server in chunks and holds the writer while too many are posted that the answer has not taken (a slow client makes
// the worker wait instead of the file piling up in memory), and which is destroyed once the job is cancelled: the
// zip's pipe into it stops, and so does the compression feeding it.
import { Writable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { WritePace } from './export-jobs';

/** Bytes gathered before they are posted: fewer, larger messages than exceljs's many small writes. */
export const CHUNK_BYTES = 64 * 1024;

/**
 * Bytes posted and not yet taken by the answer beyond which the writer waits: a few chunks, so that one is on its way
 * while the answer sends another, and the worker never runs more than this ahead of the client.
 */
export const WINDOW_BYTES = 4 * CHUNK_BYTES;

/** What the pace rejects with once the job is cancelled: the writer stops where it is. */
class ExportCancelled extends Error {
  constructor() {
    super('the export was cancelled: its client went away');
    this.name = 'ExportCancelled';
  }
}

export class ExportOutlet {
  readonly stream: Writable;
  private gathered: Buffer[] = [];
  private gatheredBytes = 0;
  private untaken = 0;
  private cancelled = false;
  /** The stream's write callback, held while the window is full: the writer's pipe waits for it. */
  private held: (() => void) | undefined;
  private readonly waiting = new Set<() => void>();
  private stopNow: () => void = () => undefined;
  private readonly stop = new Promise<void>((resolve) => {
    this.stopNow = resolve;
  });

  constructor(private readonly post: (bytes: Uint8Array<ArrayBuffer>) => void) {
    this.stream = new Writable({
      write: (chunk: Buffer, _encoding, done) => {
        this.gathered.push(chunk);
        this.gatheredBytes += chunk.length;
        if (this.gatheredBytes >= CHUNK_BYTES) this.flush();
        if (this.untaken < WINDOW_BYTES) done();
        else this.held = done;
      },
      final: (done) => {
        this.flush();
        done();
      },
    });
  }

  /**
   * Resolves when the job is cancelled. The writer's promise may then never settle (its stream is gone before the zip
   * is finished), so the worker races it against this one.
   */
  get stopped(): Promise<void> {
    return this.stop;
  }

  /** The answer took so many of the posted bytes. */
  taken(bytes: number): void {
    this.untaken -= bytes;
    if (this.untaken < WINDOW_BYTES) this.wake();
  }

  /** The client went away: nothing more is posted, the stream is destroyed, and the writer's next pace rejects. */
  cancel(): void {
    if (this.cancelled) return;
    this.cancelled = true;
    this.gathered = [];
    this.gatheredBytes = 0;
    // Destroyed, the stream takes no more writes: the zip's pipe into it ends, and with it the compression of the rest.
    // A held write is never called back; it belongs to that pipe.
    this.held = undefined;
    this.stream.destroy();
    this.stopNow();
    this.wake();
  }

  /**
   * Between batches of rows: a turn of the event loop (where `taken` and a cancel arrive, and the zip's compression
   * moves on), then waits while the window is full, so exceljs does not pile rows up that cannot be sent.
   */
  readonly pace: WritePace = async () => {
    await nextTurn();
    while (!this.cancelled && (this.held !== undefined || this.untaken >= WINDOW_BYTES)) {
      await new Promise<void>((resolve) => this.waiting.add(resolve));
    }
    if (this.cancelled) throw new ExportCancelled();
  };

  private flush(): void {
    if (this.gatheredBytes === 0) return;
    const bytes = new Uint8Array(Buffer.concat(this.gathered, this.gatheredBytes));
    this.untaken += bytes.byteLength;
    this.gathered = [];
    this.gatheredBytes = 0;
    this.post(bytes);
  }

  /** Lets the held write go on (which may fill the window again), then the paces re-check. */
  private wake(): void {
    const held = this.held;
    this.held = undefined;
    held?.();
    const waiting = [...this.waiting];
    this.waiting.clear();
    for (const resolve of waiting) resolve();
  }
}
