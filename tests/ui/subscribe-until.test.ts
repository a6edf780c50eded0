// A worker subscription held by an effect: nothing after the cleanup, and a late subscription ended as it lands.
import { describe, expect, it, vi } from 'vitest';
import { subscribeUntilCleanup, type Subscribe } from '../../src/app/live/subscribe-until';

/** A subscribe whose answer the test releases, with the listener it was given. */
function heldSubscribe() {
  const off = vi.fn(async () => undefined);
  let listener: ((value: number) => void) | undefined;
  let land: (() => void) | undefined;
  const subscribe: Subscribe<number> = (given) => {
    listener = given;
    return new Promise((resolve) => (land = () => resolve(off)));
  };
  return { subscribe, off, emit: (value: number) => listener?.(value), land: () => land?.() };
}

describe('subscribeUntilCleanup', () => {
  it('passes values on until the cleanup, then ends the subscription', async () => {
    const held = heldSubscribe();
    const seen: number[] = [];
    const cleanup = subscribeUntilCleanup(held.subscribe, (value) => void seen.push(value));
    held.emit(1);
    held.land();
    await Promise.resolve();
    held.emit(2);
    cleanup();
    held.emit(3);
    expect(seen).toEqual([1, 2]);
    expect(held.off).toHaveBeenCalledTimes(1);
  });

  it('ends a subscription that lands after the cleanup, and passes nothing on', async () => {
    const held = heldSubscribe();
    const seen: number[] = [];
    const cleanup = subscribeUntilCleanup(held.subscribe, (value) => void seen.push(value));
    cleanup();
    held.emit(1);
    expect(held.off).not.toHaveBeenCalled();
    held.land();
    await vi.waitFor(() => expect(held.off).toHaveBeenCalledTimes(1));
    expect(seen).toEqual([]);
  });
});
