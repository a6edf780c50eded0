// Report queries: the limits both sides check, the range presets, and the URL form of the filters and links.
import { describe, expect, it } from 'vitest';
import { COMPARTMENTS_MAX, SPEED_QUERY_MAX_MONTHS } from '../../../../domain/constants';
import { DAY_MS } from '../../../../domain/format/time';
import { CARGO_REPORTS } from '../../../../domain/screens/reports/cargo';
import type { ReportDef } from '../../../../domain/screens/reports/definition';
import { DRIVING_REPORTS } from '../../../../domain/screens/reports/driving';
import { emptyKeyOf, presetRange, queryProblem, rangeOfQuery, yearRange, yearsSince } from '../../../../domain/screens/reports/query';
import { reportCallPath, reportFor } from '../../../../domain/screens/reports/registry';
import { defaultFilters, drillDownUrl, filtersSearch, hasRange, readFilters } from '../../../../domain/screens/reports/url-query';

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
    [{ page: 1, size: 10, compartment: String(COMPARTMENTS_MAX + 1) }, 'report.error.badOption'],
  ])('refuses %j with %s', (query, key) => {
    expect(queryProblem(flow, query)?.key).toBe(key);
  });

  it.each([[{ startTime: 0 }], [{ endTime: 0 }]])('refuses a range with one end only, %j, with report.error.rangeOneSided', (range) => {
    const gps = DRIVING_REPORTS['/driving_monitor/exception_report/gps_info_his'];
    expect(queryProblem(gps, { page: 1, size: 10, ...range })?.key).toBe('report.error.rangeOneSided');
    expect(queryProblem(flow, { page: 1, size: 10, ...range })?.key).toBe('report.error.rangeOneSided');
  });

  it('allows exactly the longest range', () => {
    expect(queryProblem(flow, { page: 1, size: 10, startTime: 0, endTime: 92 * DAY_MS })).toBeUndefined();
  });
});

describe('a range limited in calendar months (speed info: 3 months)', () => {
  const months: ReportDef = { ...flow, filters: [{ type: 'range', preset: 'last7Days', maxMonths: SPEED_QUERY_MAX_MONTHS }] };
  const local = (y: number, mo: number, d: number, h = 0, mi = 0, s = 0) => new Date(y, mo - 1, d, h, mi, s).getTime();
  it.each([
    ['Jan 15 → Apr 15, same time', local(2024, 1, 15, 9), local(2024, 4, 15, 9), undefined],
    ['Jan 15 → Apr 15, 1 s later', local(2024, 1, 15, 9), local(2024, 4, 15, 9, 0, 1), 'report.error.rangeTooLongMonths'],
    ['Jan 31 → Apr 30, month-end clamp', local(2024, 1, 31, 10), local(2024, 4, 30, 10), undefined],
    ['Jan 31 → May 1', local(2024, 1, 31, 10), local(2024, 5, 1, 0), 'report.error.rangeTooLongMonths'],
    ['Nov 30 → Feb 29 in a leap year', local(2023, 11, 30), local(2024, 2, 29), undefined],
    ['Nov 30 → Mar 1', local(2023, 11, 30), local(2024, 3, 1), 'report.error.rangeTooLongMonths'],
    ['Dec 1 → Mar 1 across the year', local(2023, 12, 1), local(2024, 3, 1), undefined],
    ['Jan 1 → Apr 1, more than 90 days yet allowed', local(2024, 1, 1), local(2024, 4, 1), undefined],
  ])('%s → %s', (_case, startTime, endTime, expected) => {
    const problem = queryProblem(months, { page: 1, size: 10, startTime, endTime });
    expect(problem?.key).toBe(expected);
    if (problem) expect(problem.params).toEqual({ months: 3 });
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

  it('opens event screens on the last 7 days, truck_loss on the current year', () => {
    expect(defaultFilters(flow, NOW)).toEqual({ startTime: String(new Date(2026, 10, 17).getTime()), endTime: String(NOW) });
    expect(defaultFilters(truckLoss, NOW)).toEqual({ year: '2026' });
  });
});

describe('a report by year (truck_loss, params spec §9)', () => {
  const query = (extra: Readonly<Record<string, string | number>>) => ({ page: 1, size: 10, ...extra });

  it('chooses a year in place of a range', () => {
    expect(truckLoss.filters.map((filter) => filter.type)).toEqual(['company', 'plate', 'year']);
  });

  it("takes the current year of China's calendar, whatever the runtime's zone", () => {
    // 17:00 UTC on 31 December is 01:00 on 1 January in China.
    expect(defaultFilters(truckLoss, Date.UTC(2026, 11, 31, 17))).toEqual({ year: '2027' });
    expect(defaultFilters(truckLoss, Date.UTC(2026, 11, 31, 15))).toEqual({ year: '2026' });
  });

  it("reads the chosen year as its range, China's 1 January to 31 December, and no start or end it is sent", () => {
    const year2025 = { startTime: Date.UTC(2024, 11, 31, 16), endTime: Date.UTC(2025, 11, 31, 16) - 1 };
    expect(rangeOfQuery(truckLoss, query({ year: '2025' }), NOW)).toEqual(year2025);
    expect(rangeOfQuery(truckLoss, query({ year: '2025', startTime: 0, endTime: 1 }), NOW)).toEqual(year2025);
    expect(rangeOfQuery(truckLoss, query({}), NOW)).toEqual({ startTime: Date.UTC(2025, 11, 31, 16), endTime: Date.UTC(2026, 11, 31, 16) - 1 });
  });

  it('refuses a year that is no year', () => {
    expect(queryProblem(truckLoss, query({ year: '2026' }))).toBeUndefined();
    expect(queryProblem(truckLoss, query({ year: 'abcd' }))).toEqual({ key: 'report.error.badOption', params: { value: 'abcd' } });
  });

  it('takes the years 1970 to 2099 only: none of 0000–0099 is read as 1900–1999', () => {
    for (const year of ['1970', '2099']) expect(queryProblem(truckLoss, query({ year }))).toBeUndefined();
    for (const year of ['0000', '0099', '1969', '2100', '9999']) {
      expect(queryProblem(truckLoss, query({ year }))).toEqual({ key: 'report.error.badOption', params: { value: year } });
    }
    // A year out of bounds never becomes a range: the current year is read, not 1999.
    expect(rangeOfQuery(truckLoss, query({ year: '0099' }), NOW)).toEqual(rangeOfQuery(truckLoss, query({}), NOW));
    // The range of any year is that year's, whatever its digits (60 is the year 60, 8 hours before its 1 January in UTC).
    expect(new Date(yearRange(60).startTime + 8 * 3_600_000).toISOString()).toBe('0060-01-01T00:00:00.000Z');
    expect(new Date(yearRange(99).endTime + 8 * 3_600_000 + 1).toISOString()).toBe('0100-01-01T00:00:00.000Z');
  });

  it('offers the years from the earliest row to the current one, newest first', () => {
    expect(yearsSince(Date.UTC(2023, 5, 1), NOW)).toEqual([2026, 2025, 2024, 2023]);
    expect(yearsSince(undefined, NOW)).toEqual([2026]);
    // A row dated before 1970 in China (a negative time) offers no year the filter refuses.
    expect(yearsSince(Date.UTC(1969, 0, 1), Date.UTC(1971, 5, 1))).toEqual([1971, 1970]);
  });

  it('keeps the year in the URL, and a link without it gets the current one', () => {
    expect(readFilters(truckLoss, filtersSearch(truckLoss, { year: '2024', signCode: 'x' }))).toEqual({ year: '2024', signCode: 'x' });
    expect(hasRange(truckLoss, { signCode: 'x' })).toBe(false);
    expect(hasRange(truckLoss, { year: '2024' })).toBe(true);
  });

  it("opens truck_loss from a bar of another analysis on the year that analysis's range starts in", () => {
    const rank = CARGO_REPORTS['/cargo_monitor/data_analysis/loss_month_rank'];
    const drill = rank.chart?.drillDown;
    if (!drill) throw new Error('loss_month_rank has no bar drill-down');
    // 1 January 2025, 00:30 in China: 31 December 2024 in UTC.
    const current = { startTime: String(Date.UTC(2024, 11, 31, 16, 30)), endTime: String(Date.UTC(2025, 0, 20)) };
    const url = new URL(drillDownUrl(drill, { id: 1, signCode: '沪A·1' }, current) ?? '', 'http://x');
    expect(url.pathname).toBe('/cargo_monitor/data_analysis/truck_loss');
    expect(Object.fromEntries(url.searchParams)).toEqual({ signCode: '沪A·1', year: '2025' });
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
    const url = new URL(drillDownUrl(truckLoss.drillDown, { id: 1, signCode: '沪A·1', month: '2026-02' }, { startTime: '0', endTime: '9' }) ?? '', 'http://x');
    expect(url.pathname).toBe('/cargo_monitor/data_analysis/oil_loss');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      signCode: '沪A·1',
      // China's February, whatever zone the browser is in: the server groups months by China time.
      startTime: String(Date.UTC(2026, 0, 31, 16)),
      endTime: String(Date.UTC(2026, 1, 28, 16) - 1),
    });
  });

  it("cuts a row's month to the range it was counted over, where that range ends inside the month", () => {
    const current = { startTime: String(Date.UTC(2026, 1, 10)), endTime: String(Date.UTC(2026, 2, 5)) };
    const url = new URL(drillDownUrl(truckLoss.drillDown, { id: 1, signCode: '沪A·1', month: '2026-02' }, current) ?? '', 'http://x');
    expect(url.searchParams.get('startTime')).toBe(current.startTime);
    expect(url.searchParams.get('endTime')).toBe(String(Date.UTC(2026, 1, 28, 16) - 1));
  });

  it("opens a row's alarm type on the screen that lists it, on its tab, and nothing for a type the catalogue lacks", () => {
    const summary = CARGO_REPORTS['/cargo_monitor/data_analysis/adnormal_month_summary'];
    const row = { id: 1, alarmType: 202, month: '2026-02' };
    const url = new URL(drillDownUrl(summary.drillDown, row, { companyCodes: 'C002', signCode: '沪A·1' }) ?? '', 'http://x');
    expect(url.pathname).toBe('/cargo_monitor/exception_report/alm_high_loss');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      companyCodes: 'C002', signCode: '沪A·1', startTime: String(Date.UTC(2026, 0, 31, 16)), endTime: String(Date.UTC(2026, 1, 28, 16) - 1),
    });
    expect(new URL(drillDownUrl(summary.drillDown, { ...row, alarmType: 1 }, {}) ?? '', 'http://x').pathname).toBe('/cargo_monitor/exception_report/alarm_switch_cover');
    // 204 (task code not entered) has no exception screen of its own: abnormal loading's tab of its alarms.
    const noTaskCode = new URL(drillDownUrl(summary.drillDown, { ...row, alarmType: 204 }, {}) ?? '', 'http://x');
    expect([noTaskCode.pathname, noTaskCode.searchParams.get('tab')]).toEqual(['/cargo_monitor/exception_report/bz_abnormal_oil_loading', 'noTaskCode']);
    expect(drillDownUrl(summary.drillDown, { ...row, alarmType: 99 }, {})).toBeUndefined();
  });

  it("drills down into a day as China's calendar day, including the last day of a month", () => {
    const drill = { to: '/cargo_monitor/data_analysis/oil_loss', params: { day: 'day' } } as const;
    const url = new URL(drillDownUrl(drill, { id: 1, day: '2026-01-31' }, {}) ?? '', 'http://x');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      startTime: String(Date.UTC(2026, 0, 30, 16)),
      endTime: String(Date.UTC(2026, 0, 31, 16) - 1),
    });
  });
});

describe('screens of several tabs, text filters and empty texts', () => {
  const rates = DRIVING_REPORTS['/driving_monitor/data_analysis/exception_rate'];
  const drivers = reportFor(rates.path, 'drivers');
  const events = reportFor(rates.path, 'driverEvents');
  const gps = DRIVING_REPORTS['/driving_monitor/exception_report/gps_info_his'];

  it('names another tab in its URL and its call, and the first tab in neither', () => {
    expect(drivers?.tab?.key).toBe('drivers');
    expect(filtersSearch(rates, { startTime: '1' })).toBe('startTime=1');
    expect(filtersSearch(drivers ?? rates, { startTime: '1', driverCode: 'D0001' })).toBe('tab=drivers&startTime=1&driverCode=D0001');
    expect(reportCallPath(rates)).toBe('/report/driving_monitor/data_analysis/exception_rate');
    expect(reportCallPath(drivers ?? rates)).toBe('/report/driving_monitor/data_analysis/exception_rate/drivers');
    expect(reportFor(rates.path, 'no-such-tab')).toBe(rates);
  });

  it("drills from a driver's month into the events tab, filtered by the driver over that month", () => {
    const url = new URL(drillDownUrl(drivers?.drillDown ?? { to: rates.path, params: {} }, { id: 1, driverCode: 'D0007', month: '2026-02' }, {}) ?? '', 'http://x');
    expect(url.pathname).toBe(rates.path);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      tab: 'driverEvents', driverCode: 'D0007', startTime: String(Date.UTC(2026, 0, 31, 16)), endTime: String(Date.UTC(2026, 1, 28, 16) - 1),
    });
    expect(readFilters(events ?? rates, url.search)).toEqual({ driverCode: 'D0007', startTime: String(Date.UTC(2026, 0, 31, 16)), endTime: String(Date.UTC(2026, 1, 28, 16) - 1) });
  });

  it('refuses a text filter longer than it allows, and takes one of its length', () => {
    const ok = 'x'.repeat(20);
    expect(queryProblem(drivers ?? rates, { page: 1, size: 10, driverCode: ok })).toBeUndefined();
    expect(queryProblem(drivers ?? rates, { page: 1, size: 10, driverCode: `${ok}x` })).toEqual({ key: 'report.error.textTooLong', params: { max: 20 } });
  });

  it("says 'no overspeed record for the period' for GPS history's overspeed fixes only", () => {
    expect(emptyKeyOf(gps, { speeding: '1' })).toBe('error.noOverspeed');
    expect(emptyKeyOf(gps, { speeding: '0' })).toBe('report.empty');
    expect(emptyKeyOf(gps, {})).toBe('report.empty');
    expect(emptyKeyOf(DRIVING_REPORTS['/driving_monitor/exception_report/alarm_over_speed'], {})).toBe('error.noOverspeed');
  });

  it('limits speed info to three calendar months', () => {
    const start = new Date(2026, 0, 31).getTime();
    expect(queryProblem(gps, { page: 1, size: 10, startTime: start, endTime: new Date(2026, 3, 30).getTime() })).toBeUndefined();
    expect(queryProblem(gps, { page: 1, size: 10, startTime: start, endTime: new Date(2026, 4, 1).getTime() })).toEqual({
      key: 'report.error.rangeTooLongMonths', params: { months: SPEED_QUERY_MAX_MONTHS },
    });
  });
});
