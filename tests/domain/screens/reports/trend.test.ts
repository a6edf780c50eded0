// Trend ranges: past day and last 7 days ending now, which one a range is, and every line chart able to use them.
import { describe, expect, it } from 'vitest';
import { DAY_MS, HOUR_MS } from '../../../../domain/format/time';
import type { ReportDef } from '../../../../domain/screens/reports/definition';
import { presetRange, queryProblem } from '../../../../domain/screens/reports/query';
import { REPORTS } from '../../../../domain/screens/reports/registry';
import { activeTrendRange, TREND_RANGES, trendRange } from '../../../../domain/screens/reports/trend';

// Vitest runs in Asia/Shanghai: local days are China's.
const NOW = new Date(2026, 10, 23, 15, 30).getTime();

describe('trend ranges', () => {
  it('makes the past day the 24 hours before now', () => {
    expect(trendRange('pastDay', NOW)).toEqual({ startTime: NOW - DAY_MS, endTime: NOW });
  });

  it('makes the last 7 days the query bar preset: from midnight six days ago to now', () => {
    expect(trendRange('last7Days', NOW)).toEqual({ startTime: new Date(2026, 10, 17).getTime(), endTime: NOW });
    expect(trendRange('last7Days', NOW)).toEqual(presetRange('last7Days', NOW));
  });

  it('knows a range set by a quick range again, whenever it is read', () => {
    for (const range of TREND_RANGES) {
      const { startTime, endTime } = trendRange(range, NOW);
      expect(activeTrendRange(startTime, endTime)).toBe(range);
    }
  });

  it('names no quick range for another range or an unreadable one', () => {
    expect(activeTrendRange(NOW - 2 * DAY_MS, NOW)).toBeUndefined();
    expect(activeTrendRange(NOW - DAY_MS - HOUR_MS, NOW)).toBeUndefined();
    expect(activeTrendRange(Number.NaN, NOW)).toBeUndefined();
  });
});

describe('line charts', () => {
  const defs: ReportDef[] = Object.values(REPORTS);
  const lineReports = defs.filter((def) => def.chart?.kind === 'line');

  it('exist, for the trend screens', () => {
    expect(lineReports.map((def) => def.path)).toEqual(
      expect.arrayContaining(['/cargo_monitor/event_report/level_trend', '/cargo_monitor/event_report/temp_humidity']),
    );
  });

  it.each(lineReports.map((def) => [def.path, def] as const))('%s offers a plate and accepts both quick ranges', (_path, def) => {
    expect(def.filters.some((filter) => filter.type === 'plate')).toBe(true);
    for (const range of TREND_RANGES) {
      expect(queryProblem(def, { page: 1, size: 1000, sort: def.chart?.x, order: 'desc', ...trendRange(range, NOW) })).toBeUndefined();
    }
  });
});
