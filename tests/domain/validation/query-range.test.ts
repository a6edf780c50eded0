import { describe, expect, it } from 'vitest';
import {
  checkExportRows,
  checkPlaybackRange,
  checkSpeedRange,
  checkStartBeforeEnd,
} from '../../../src/domain/validation/query-range';

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

describe('checkSpeedRange (3 calendar months)', () => {
  it.each([
    ['Jan 15 → Apr 15, same time', local(2024, 1, 15, 9), local(2024, 4, 15, 9), undefined],
    ['Jan 15 → Apr 15, 1 s later', local(2024, 1, 15, 9), local(2024, 4, 15, 9, 0, 1), 'validation.speedRange'],
    ['Jan 31 → Apr 30, month-end clamp', local(2024, 1, 31, 10), local(2024, 4, 30, 10), undefined],
    ['Jan 31 → May 1', local(2024, 1, 31, 10), local(2024, 5, 1, 0), 'validation.speedRange'],
    ['Nov 30 → Feb 29 in a leap year', local(2023, 11, 30), local(2024, 2, 29), undefined],
    ['Nov 30 → Mar 1', local(2023, 11, 30), local(2024, 3, 1), 'validation.speedRange'],
    ['Dec 1 → Mar 1 across the year', local(2023, 12, 1), local(2024, 3, 1), undefined],
    ['Jan 1 → Apr 1 is more than 90 days yet allowed', local(2024, 1, 1), local(2024, 4, 1), undefined],
    ['end before start', local(2024, 2, 1), local(2024, 1, 1), 'validation.startAfterEnd'],
  ])('%s → %s', (_case, start, end, expected) => {
    expect(checkSpeedRange(start, end)).toBe(expected);
  });
});

describe('checkExportRows', () => {
  it.each([
    [0, undefined],
    [9_999, undefined],
    [10_000, undefined],
    [10_001, 'validation.exportTooMany'],
    [250_000, 'validation.exportTooMany'],
  ])('%i rows → %s', (rows, expected) => {
    expect(checkExportRows(rows)).toBe(expected);
  });
});
