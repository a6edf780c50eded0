// Trend charts (params spec §9: trend ranges past day and last 7 days): one truck's readings over a quick range,
// the newest ones when there are more than a chart draws.
import { DAY_MS } from '../../format/time';
import { presetRange, REPORT_PAGE } from './query';

export const TREND_RANGES = ['pastDay', 'last7Days'] as const;
type TrendRange = (typeof TREND_RANGES)[number];

/** A trend draws at most this many rows (five pages of the largest size), the newest of the range. */
export const TREND_MAX_ROWS = 5 * REPORT_PAGE.maxSize;

/** The range as [start, end] in epoch ms, ending now: the past 24 h, or the query bar's "last 7 days" preset. */
export function trendRange(range: TrendRange, now: number): { readonly startTime: number; readonly endTime: number } {
  switch (range) {
    case 'pastDay':
      return { startTime: now - DAY_MS, endTime: now };
    case 'last7Days':
      return presetRange('last7Days', now);
  }
}

/** Which quick range a report's range is, judged from its own end (so it stays pressed after a reload); else none. */
export function activeTrendRange(startTime: number, endTime: number): TrendRange | undefined {
  if (!Number.isFinite(startTime) || !Number.isFinite(endTime)) return undefined;
  return TREND_RANGES.find((range) => trendRange(range, endTime).startTime === startTime);
}
