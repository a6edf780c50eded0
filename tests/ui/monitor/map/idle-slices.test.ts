// inSlices (src/app/monitor/map/idle-slices.ts): the base map's parts are added a slice at a time, in order, each slice
// short, and none after the map is gone.
import { describe, expect, it } from 'vitest';
import { inSlices } from '../../../../src/app/monitor/map/idle-slices';

/** A `later` the test runs by hand: each call queues the next slice. */
function manualLater(): { readonly later: (run: () => void) => () => void; runNext(): boolean; pending(): number } {
  const queue: (() => void)[] = [];
  return {
    later(run) {
      queue.push(run);
      return () => {
        const at = queue.indexOf(run);
        if (at >= 0) queue.splice(at, 1);
      };
    },
    runNext() {
      const run = queue.shift();
      run?.();
      return run !== undefined;
    },
    pending: () => queue.length,
  };
}

function busy(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) { /* a part that takes this long to make */ }
}

describe('inSlices', () => {
  it('does nothing in the calling task and every item in order afterwards, then says it is done', () => {
    const slices = manualLater();
    const seen: number[] = [];
    let done = false;
    inSlices([1, 2, 3, 4], (item) => seen.push(item), () => { done = true; }, slices.later);
    expect(seen).toEqual([]);
    while (slices.runNext()) { /* run each slice */ }
    expect(seen).toEqual([1, 2, 3, 4]);
    expect(done).toBe(true);
  });

  it('stops a slice once its time is used, leaving the rest for later slices', () => {
    const slices = manualLater();
    const seen: number[] = [];
    inSlices(Array.from({ length: 10 }, (_, index) => index), (item) => { busy(3); seen.push(item); }, undefined, slices.later);
    slices.runNext();
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.length).toBeLessThan(10);
    expect(slices.pending()).toBe(1);
    let rounds = 1;
    while (slices.runNext()) rounds += 1;
    expect(seen).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(rounds).toBeGreaterThan(1);
  });

  it('adds nothing more once cancelled (the map was destroyed)', () => {
    const slices = manualLater();
    const seen: number[] = [];
    let done = false;
    const running = inSlices(Array.from({ length: 10 }, (_, index) => index), (item) => { busy(3); seen.push(item); }, () => { done = true; }, slices.later);
    slices.runNext();
    const before = seen.length;
    running.cancel();
    expect(slices.pending()).toBe(0);
    expect(seen.length).toBe(before);
    expect(done).toBe(false);
  });

  it('runs on its own through the browser idle callbacks (or timers) when no scheduler is given', async () => {
    const seen: string[] = [];
    await new Promise<void>((resolve) => { inSlices(['a', 'b'], (item) => seen.push(item), resolve); });
    expect(seen).toEqual(['a', 'b']);
  });
});
