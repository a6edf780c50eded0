// The set of handled alarm seqs behind each socket and each instance's bus: out-of-order arrivals, floors, bounded memory.
import { describe, expect, it } from 'vitest';
import { SeqWindow } from '../../../server/live/seq-window';

describe('SeqWindow', () => {
  it('takes a seq below the highest handled one once, and refuses every repeat', () => {
    const window = new SeqWindow();
    expect([5, 3, 5, 4, 3].map((seq) => window.add(seq))).toEqual([true, true, false, true, false]);
    expect(window.highest).toBe(5);
  });

  it('counts everything at or below its floor (a client\'s lastSeq) as handled', () => {
    const window = new SeqWindow(10);
    expect([9, 10, 11].map((seq) => window.add(seq))).toEqual([false, false, true]);
    window.raiseFloor(20);
    expect([15, 20, 21].map((seq) => window.add(seq))).toEqual([false, false, true]);
    expect(window.highest).toBe(21);
  });

  it('keeps at most twice its size: a seq older than the last `keep` handled ones counts as handled', () => {
    const window = new SeqWindow(0, 4);
    for (let seq = 1; seq <= 9; seq += 1) window.add(seq);
    // Nine above a floor of 0 is more than 2 × 4: the floor rose to 5, keeping 6..9.
    expect(window.add(5)).toBe(false);
    expect(window.has(6)).toBe(true);
    expect(window.add(10)).toBe(true);
    expect(window.has(4)).toBe(true);
  });
});
