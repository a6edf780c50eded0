// The keep-alive's period: a third of the server's idle limit, at most 5 minutes, 5 minutes when the server says none.
import { describe, expect, it } from 'vitest';
import { inputWindowMs, keepAlivePeriodMs } from '../../../domain/shell/keep-alive';

describe('keep-alive period', () => {
  it.each([
    [30 * 60_000, 5 * 60_000],
    [12 * 60_000, 4 * 60_000],
    [60_000, 20_000],
    [3_000, 1_000],
    [600, 1_000],
  ])('runs every third of an idle limit of %i ms, at most 5 minutes and at least 1 s: %i ms', (idle, period) => {
    expect(keepAlivePeriodMs(idle)).toBe(period);
  });

  it.each([undefined, 0, -5, Number.NaN, Number.POSITIVE_INFINITY])('runs every 5 minutes when the server advertises no limit (%s)', (idle) => {
    expect(keepAlivePeriodMs(idle)).toBe(300_000);
  });

  it('counts input from the last period, and from at least the last minute the tabs report it in', () => {
    expect(inputWindowMs(300_000)).toBe(300_000);
    expect(inputWindowMs(1_000)).toBe(60_000);
  });
});
