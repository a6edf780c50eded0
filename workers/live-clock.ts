// The worker's clock: link timers (XState accepts it as its clock), replay pacing and tab sweeps; tests pass a simulated one.

export interface LiveClock {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(id: unknown): void;
  now(): number;
}

/** Real time. Handles are numbers of its own, so clearTimeout needs no knowledge of the host's timer type. */
export function realClock(): LiveClock {
  let last = 0;
  const timers = new Map<number, ReturnType<typeof setTimeout>>();
  return {
    setTimeout(fn, ms) {
      last += 1;
      const id = last;
      timers.set(id, setTimeout(() => {
        timers.delete(id);
        fn();
      }, ms));
      return id;
    },
    clearTimeout(id) {
      if (typeof id !== 'number') return;
      clearTimeout(timers.get(id));
      timers.delete(id);
    },
    now: () => Date.now(),
  };
}
