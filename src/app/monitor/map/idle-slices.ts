// Work that would hold the main thread for long (hundreds of base-map labels and shapes) done in short slices between
// frames, so a map that is loading never blocks input or drawing for more than a few milliseconds at a time.

/** One slice's time: well under the 50 ms that counts as a long task, leaving the frame room to draw. */
const SLICE_MS = 8;

export interface Slices {
  /** Stops the slices still to run (the map was destroyed). */
  cancel(): void;
}

type Later = (run: () => void) => () => void;

/** The next idle moment where the browser has one (within a frame's wait at most), else the next macrotask. */
const nextIdle: Later = (run) => {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(run, { timeout: 100 });
    return () => cancelIdleCallback(handle);
  }
  const handle = setTimeout(run, 0);
  return () => clearTimeout(handle);
};

/** Calls `each` on every item in order, a slice at a time; `done` after the last. */
export function inSlices<T>(items: readonly T[], each: (item: T) => void, done?: () => void, later: Later = nextIdle): Slices {
  let next = 0;
  let stop: (() => void) | undefined;
  let cancelled = false;
  const slice = (): void => {
    stop = undefined;
    const until = performance.now() + SLICE_MS;
    while (next < items.length && !cancelled) {
      each(items[next] as T);
      next += 1;
      if (performance.now() >= until) break;
    }
    if (cancelled) return;
    if (next < items.length) stop = later(slice);
    else done?.();
  };
  stop = later(slice);
  return {
    cancel() {
      cancelled = true;
      stop?.();
    },
  };
}
