import { describe, expect, it } from 'vitest';
import { checkPlaybackRange, checkStartBeforeEnd } from '../../../domain/validation/query-range';

// Tests run in Asia/Shanghai (vitest.config.ts); `local` builds a wall-clock instant there.
const local = (y: number, mo: number, d: number, h = 0, mi = 0, s = 0) => new Date(y, mo - 1, d, h, mi, s).getTime();
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('checkStartBeforeEnd', () => {
  const t = local(2024, 5, 1, 8);
  it.each([
    [t, t, undefined],
    [t, t + 1, undefined],
    [t + 1, t, 'validation.startAfterEnd'],
    [Number.NaN, t, 'validation.required'],
    [t, Number.NaN, 'validation.required'],
  ])('(%d, %d) → %s', (start, end, expected) => {
    expect(checkStartBeforeEnd(start, end)).toBe(expected);
  });
});

describe('checkPlaybackRange', () => {
  const start = local(2024, 5, 1, 8);
  it.each([
    ['one hour', start + HOUR, undefined],
    ['exactly 3 days', start + 3 * DAY, undefined],
    ['3 days and 1 ms', start + 3 * DAY + 1, 'validation.playbackRange'],
    ['4 days', start + 4 * DAY, 'validation.playbackRange'],
    ['an end before the start', start - 1, 'validation.startAfterEnd'],
  ])('%s → %s', (_case, end, expected) => {
    expect(checkPlaybackRange(start, end)).toBe(expected);
  });
});
