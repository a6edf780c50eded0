// Sends change in bursts (1,000 trucks answering within seconds): the ids a live notice named are gathered for a short
// while and read in one call, so the list patches once per batch rather than once per send.

/** How long ids gather after the first of a batch: a burst of notices is one read, a steady stream one read per period. */
const SEND_BATCH_MS = 250;

interface IdBatcher {
  add(ids: Iterable<number>): void;
  /** Drops what is gathered and stops the timer: the screen closed. */
  dispose(): void;
}

interface BatchTimers {
  readonly set: (run: () => void, ms: number) => unknown;
  readonly clear: (handle: unknown) => void;
}

const REAL_TIMERS: BatchTimers = {
  set: (run, ms) => setTimeout(run, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/**
 * Calls `flush` with the ids gathered since the batch's first, `delayMs` after it. A throttle, not a debounce: a stream
 * of changes that never pauses is still read every `delayMs`.
 */
export function idBatcher(flush: (ids: number[]) => void, delayMs = SEND_BATCH_MS, timers: BatchTimers = REAL_TIMERS): IdBatcher {
  let gathered = new Set<number>();
  let timer: unknown;
  return {
    add(ids) {
      for (const id of ids) gathered.add(id);
      if (timer !== undefined || gathered.size === 0) return;
      timer = timers.set(() => {
        timer = undefined;
        const batch = [...gathered];
        gathered = new Set();
        flush(batch);
      }, delayMs);
    },
    dispose() {
      if (timer !== undefined) timers.clear(timer);
      timer = undefined;
      gathered = new Set();
    },
  };
}

/** The ids of sends a batch of entity-changed notices names (keys are the sends' ids as text). */
export function sendIdsOf(changes: readonly { readonly path: string; readonly key: string }[], path: string): number[] {
  const ids: number[] = [];
  for (const change of changes) {
    if (change.path !== path) continue;
    const id = Number(change.key);
    if (Number.isSafeInteger(id) && id > 0) ids.push(id);
  }
  return ids;
}

/** The path the server announces a changed send under (server/sends/send-notices.ts). */
export const SEND_LIST_PATH = '/setting/device_parameter/send_message';

