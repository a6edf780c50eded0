// The send list's live batching, pure: ids gathered for 250 ms into one read (a throttle, so a stream that never pauses
// is still read), and a batch patched into the loaded blocks or, when it adds or drops loaded rows, sent to the server.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { idBatcher, SEND_LIST_PATH, sendIdsOf } from '../../../src/app/screens/send-message/id-batcher';
import { SendRowCache } from '../../../src/app/screens/send-message/send-row-cache';
import { sendRow } from './send-server';

describe('idBatcher', () => {
  afterEach(() => vi.useRealTimers());

  it('reads a burst of notices once, 250 ms after its first, each id once', () => {
    vi.useFakeTimers();
    const flushed: number[][] = [];
    const batcher = idBatcher((ids) => flushed.push(ids));
    batcher.add([1, 2]);
    vi.advanceTimersByTime(100);
    batcher.add([2, 3]);
    vi.advanceTimersByTime(149);
    expect(flushed).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(flushed).toEqual([[1, 2, 3]]);
  });

  it('keeps reading every 250 ms while changes never pause, and nothing after dispose', () => {
    vi.useFakeTimers();
    const flushed: number[][] = [];
    const batcher = idBatcher((ids) => flushed.push(ids));
    for (let tick = 0; tick < 10; tick++) {
      batcher.add([tick]);
      vi.advanceTimersByTime(100);
    }
    // Reads at 250, 550 and 850 ms: each batch opens with the first id after the last read.
    expect(flushed.length).toBe(3);
    batcher.add([99]);
    batcher.dispose();
    vi.advanceTimersByTime(1000);
    expect(flushed.flat()).not.toContain(99);
  });

  it("takes the ids of the send list's notices only", () => {
    expect(sendIdsOf([
      { path: SEND_LIST_PATH, key: '12' },
      { path: '/setting/base_data/station', key: '13' },
      { path: SEND_LIST_PATH, key: 'x' },
    ], SEND_LIST_PATH)).toEqual([12]);
  });
});

describe('SendRowCache', () => {
  const loaded = () => {
    const cache = new SendRowCache();
    // Newest first: ids 6…1 in two blocks of three.
    cache.store(0, 3, [sendRow(6), sendRow(5), sendRow(4)]);
    cache.store(3, 3, [sendRow(3), sendRow(2), sendRow(1)]);
    return cache;
  };

  it('patches loaded rows in place, so the next ask of their blocks answers them as read', () => {
    const cache = loaded();
    expect(cache.patch([5, 2], [sendRow(5, { status: 'sending', step: 1 }), sendRow(2, { status: 'sent' })])).toEqual({ patched: 2, reshaped: false });
    expect(cache.block(0, 3)?.map((row) => row.status)).toEqual(['notSent', 'sending', 'notSent']);
    expect(cache.block(3, 3)?.map((row) => row.status)).toEqual(['notSent', 'sent', 'notSent']);
  });

  it('reshapes for a new send among the loaded rows and for a row that left the filters', () => {
    expect(loaded().patch([7], [sendRow(7)]).reshaped).toBe(true);
    expect(loaded().patch([4], []).reshaped).toBe(true);
  });

  it('ignores a send older than every loaded row and one the filters never kept', () => {
    const cache = new SendRowCache();
    cache.store(0, 3, [sendRow(6), sendRow(5), sendRow(4)]);
    expect(cache.patch([2, 9], [sendRow(2, { status: 'sent' })])).toEqual({ patched: 0, reshaped: false });
  });

  it('answers no block after a clear or for another block size', () => {
    const cache = loaded();
    expect(cache.block(0, 100)).toBeUndefined();
    cache.clear();
    expect(cache.block(0, 3)).toBeUndefined();
  });
});
