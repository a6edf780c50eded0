// Report queries: the limits both sides check, the range presets, and the URL form of the filters and links.
import { describe, expect, it } from 'vitest';
import { DAY_MS } from '../../../../src/domain/format/time';
import { CARGO_REPORTS } from '../../../../src/domain/screens/reports/cargo';
import { presetRange, queryProblem } from '../../../../src/domain/screens/reports/query';
import { defaultFilters, drillDownUrl, filtersSearch, readFilters } from '../../../../src/domain/screens/reports/url-query';

const flow = CARGO_REPORTS['/cargo_monitor/event_report/switch_cover_flow'];
const truckLoss = CARGO_REPORTS['/cargo_monitor/data_analysis/truck_loss'];
// Vitest runs in Asia/Shanghai: local days are China's.
const NOW = new Date(2026, 10, 23, 15, 30).getTime();

describe('report query limits', () => {
  it('accepts a plain query', () => {
    expect(queryProblem(flow, { page: 1, size: 100, startTime: NOW - DAY_MS, endTime: NOW })).toBeUndefined();
  });

  it.each([
    [{ page: 1, size: 1001 }, 'report.error.pageSize'],
    [{ page: 1, size: 0 }, 'report.error.pageSize'],
    [{ page: 1, size: 10, sort: 'nope' }, 'report.error.unknownSort'],
    [{ page: 1, size: 10, sort: 'area' }, 'report.error.unknownSort'],
    [{ page: 1, size: 10, startTime: 5, endTime: 4 }, 'report.error.endBeforeStart'],
    [{ page: 1, size: 10, startTime: 0, endTime: 93 * DAY_MS }, 'report.error.rangeTooLong'],
    [{ page: 1, size: 10, compartment: '9' }, 'report.error.badOption'],
  ])('refuses %j with %s', (query, key) => {
    expect(queryProblem(flow, query)?.key).toBe(key);
  });

  it('allows exactly the longest range', () => {
    expect(queryProblem(flow, { page: 1, size: 10, startTime: 0, endTime: 92 * DAY_MS })).toBeUndefined();
  });
});

describe('range presets', () => {
  it.each([
    ['today', new Date(2026, 10, 23).getTime(), NOW],
    ['yesterday', new Date(2026, 10, 22).getTime(), new Date(2026, 10, 23).getTime() - 1],
    ['last7Days', new Date(2026, 10, 17).getTime(), NOW],
    ['last30Days', new Date(2026, 9, 25).getTime(), NOW],
    ['thisMonth', new Date(2026, 10, 1).getTime(), NOW],
    ['thisYear', new Date(2026, 0, 1).getTime(), NOW],
  ] as const)('%s runs from its first day to its end', (preset, start, end) => {
    expect(presetRange(preset, NOW)).toEqual({ startTime: start, endTime: end });
  });

  it('opens analysis screens on this year or the last 30 days, event screens on the last 7', () => {
    expect(defaultFilters(flow, NOW)).toEqual({ startTime: String(new Date(2026, 10, 17).getTime()), endTime: String(NOW) });
    expect(defaultFilters(truckLoss, NOW).startTime).toBe(String(new Date(2026, 0, 1).getTime()));
  });
});

describe('filters in the URL', () => {
  it('reads back what it writes, ignoring keys the report does not have', () => {
    const filters = { signCode: '沪A·12345', startTime: '1', endTime: '2', process: 'loading' };
    const search = filtersSearch(flow, filters);
    expect(readFilters(flow, `${search}&password=x&fuel=gasoline`)).toEqual(filters);
  });

  it('writes equal filters as equal text', () => {
    expect(filtersSearch(flow, { endTime: '2', startTime: '1' })).toBe(filtersSearch(flow, { startTime: '1', endTime: '2' }));
  });

  it('keeps the pop-up marker and the row to highlight', () => {
    expect(readFilters(flow, 'name=alarmPop&at=5&signCode=x')).toEqual({ name: 'alarmPop', at: '5', signCode: 'x' });
  });

  it("drills down with the row's values, a month becoming the target's range", () => {
    const url = new URL(drillDownUrl(truckLoss.drillDown, { id: 1, signCode: '沪A·1', month: '2026-02' }, { startTime: '0', endTime: '9' }), 'http://x');
    expect(url.pathname).toBe('/cargo_monitor/data_analysis/oil_loss');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      signCode: '沪A·1',
      startTime: String(new Date(2026, 1, 1).getTime()),
      endTime: String(new Date(2026, 2, 1).getTime() - 1),
    });
  });
});
