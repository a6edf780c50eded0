// The thresholds held in memory for the alarm detection, kept fresh two ways: at once when this instance hears that a
// threshold row was saved (the hub's master-data notice, which crosses instances), and by a re-read every few seconds
// whatever it hears (a change missed during a bus outage, a server speaking only the spec's contract, a row written
// outside the entity calls). So a saved threshold acts from the next detection step, at the latest REFRESH_MS later.
import type { Db } from '../db/open';
import type { Notice } from '../live/hub';
import { readThresholds } from './threshold-read';
import { DEFAULT_SNAPSHOT, type ThresholdSnapshot } from './threshold-snapshot';

/** The latest a saved threshold takes to act when its change notice was missed. */
const THRESHOLD_REFRESH_MS = 5000;

const THRESHOLD_PATHS = '/setting/alarm_threshold/';

/** The hub's notices, as far as the cache needs them (server/live/hub.ts's onNotice). */
export interface ThresholdChanges {
  onNotice?(listener: (notice: Notice) => void): () => void;
}

interface ThresholdCacheOptions {
  /** Where saved rows are heard of; without it only the periodic re-read refreshes. */
  readonly changes?: ThresholdChanges;
  /** Real time between re-reads; 0: none (the caller refreshes, as tests do). */
  readonly refreshMs?: number;
  readonly onError?: (error: unknown) => void;
}

export interface ThresholdCache {
  /** The latest snapshot read; the defaults until the first read is done. */
  readonly snapshot: () => ThresholdSnapshot;
  /** Resolves once the first read is done. */
  readonly ready: Promise<void>;
  /** Reads the tables again; the returned promise resolves once the snapshot is the tables' state after the call began. */
  refresh(): Promise<void>;
  close(): void;
}

export function openThresholdCache(db: Db, options: ThresholdCacheOptions = {}): ThresholdCache {
  let current: ThresholdSnapshot = DEFAULT_SNAPSHOT;
  let closed = false;
  // Reads may overlap (a notice during a periodic read): only a read started later than the kept one replaces it.
  let started = 0;
  let applied = 0;
  const onError = options.onError ?? ((error: unknown) => console.error('reading the alarm thresholds failed', error));

  async function refresh(): Promise<void> {
    const mine = ++started;
    const snapshot = await readThresholds(db);
    if (mine > applied && !closed) {
      applied = mine;
      current = snapshot;
    }
  }
  const quietly = () => void refresh().catch(onError);

  const ready = refresh();
  // A failed first read leaves the defaults in force; awaiting `ready` still throws it.
  ready.catch(() => undefined);
  const stopListening = options.changes?.onNotice?.((notice) => {
    if (notice.kind === 'entityChanged' && notice.path.startsWith(THRESHOLD_PATHS)) quietly();
  });
  const refreshMs = options.refreshMs ?? THRESHOLD_REFRESH_MS;
  const timer = refreshMs > 0 ? setInterval(quietly, refreshMs) : undefined;
  timer?.unref();

  return {
    snapshot: () => current,
    ready,
    refresh,
    close() {
      closed = true;
      if (timer) clearInterval(timer);
      stopListening?.();
    },
  };
}
