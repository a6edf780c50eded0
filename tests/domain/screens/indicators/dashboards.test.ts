// The indicator dashboards as data: each is a monitor route, every drill-down is a real report route reachable with the
// same function group or its own, figure keys are unique, every alarm type and group is counted, and the ranges' spans
// and drill links name what the figures counted.
import { describe, expect, it } from 'vitest';
import { ALARM_GROUPS, ALARM_TYPE_IDS, groupOf } from '../../../../domain/alarm-types';
import { CHINA_OFFSET_MS, DAY_MS, HOUR_MS } from '../../../../domain/format/time';
import { routeByPath } from '../../../../domain/routes';
import { DEVICE_TARGET, INDICATORS, indicatorFor, SAFE_TARGET } from '../../../../domain/screens/indicators/dashboards';
import { bucketCount, indicatorSpan, INDICATOR_RANGES, type IndicatorFigure } from '../../../../domain/screens/indicators/definition';
import { alarmTypeUrl, bucketSpan, figureUrl } from '../../../../domain/screens/indicators/drill';
import { reportFor } from '../../../../domain/screens/reports/registry';
import { readFilters } from '../../../../domain/screens/reports/url-query';

const figures = (): IndicatorFigure[] => Object.values(INDICATORS).flatMap((def) => [...def.figures]);

describe('indicator dashboards', () => {
  it('are the monitor routes safe_target and device_target', () => {
    for (const def of Object.values(INDICATORS)) {
      expect(routeByPath(def.path)?.kind).toBe('monitor');
      expect(indicatorFor(def.path)).toBe(def);
    }
    expect(indicatorFor('/monitor/track_map')).toBeUndefined();
  });

  it('drill every figure down to a report screen that reads the range from its URL', () => {
    for (const figure of figures()) {
      const report = reportFor(figure.drillDown);
      expect(report, figure.key).toBeDefined();
      expect(routeByPath(figure.drillDown)?.kind).toBe('report');
      if (!report) continue;
      const url = figureUrl(figure, { startTime: 1000, endTime: 2000 }, 'A1');
      const filters = readFilters(report, url.slice(url.indexOf('?')));
      expect(filters).toMatchObject({ startTime: '1000', endTime: '2000', signCode: 'A1' });
    }
  });

  it('keep figure keys unique within a dashboard', () => {
    for (const def of Object.values(INDICATORS)) expect(new Set(def.figures.map((figure) => figure.key)).size).toBe(def.figures.length);
  });

  it('count safe_target alarms by each group of the alarm-setting tree, the groups covering every type once', () => {
    const numbers = SAFE_TARGET.figures.filter((figure) => figure.chart === 'number');
    const counted = numbers.flatMap((figure) => (figure.source.from === 'alarms' ? [...figure.source.types] : []));
    expect([...counted].sort((a, b) => a - b)).toEqual([...ALARM_TYPE_IDS].sort((a, b) => a - b));
    for (const figure of numbers) {
      if (figure.source.from !== 'alarms') continue;
      expect(new Set(figure.source.types.map(groupOf)).size).toBe(1);
    }
    for (const ids of Object.values(ALARM_GROUPS)) for (const id of ids) expect(counted).toContain(id);
    expect(SAFE_TARGET.figures.map((figure) => figure.chart)).toEqual(expect.arrayContaining(['number', 'trend', 'byType', 'top']));
  });

  it('count device_target from the device events the device reports read', () => {
    const kinds = DEVICE_TARGET.figures.flatMap((figure) => (figure.chart !== 'trend' && figure.source.from === 'events' ? [...figure.source.kinds] : []));
    expect(new Set(kinds)).toEqual(new Set(['offline', 'undervoltage', 'device_fault', 'heartbeat_gap']));
    expect(DEVICE_TARGET.figures.some((figure) => figure.chart === 'top')).toBe(true);
  });
});

describe('indicator spans', () => {
  const end = Date.UTC(2026, 10, 26, 5, 30); // 13:30 in China

  it('are 30 and 7 China days, today included, in days, and the past day in 24 hours', () => {
    const chinaMidnight = Date.UTC(2026, 10, 26) - CHINA_OFFSET_MS;
    expect(indicatorSpan('30d', end)).toEqual({ startTime: chinaMidnight - 29 * DAY_MS, endTime: end, bucketMs: DAY_MS });
    expect(bucketCount(indicatorSpan('30d', end))).toBe(30);
    expect(bucketCount(indicatorSpan('7d', end))).toBe(7);
    const day = indicatorSpan('1d', end);
    expect(day.startTime).toBe(Date.UTC(2026, 10, 26, 5) - 23 * HOUR_MS);
    expect(bucketCount(day)).toBe(24);
    expect(INDICATOR_RANGES[0]).toBe('30d');
  });

  it('cut a trend bucket to the span, and send an alarm type to its own alarm screen', () => {
    const span = indicatorSpan('7d', end);
    expect(bucketSpan(span, 6)).toEqual({ startTime: span.startTime + 6 * DAY_MS, endTime: end });
    expect(bucketSpan(span, 0)).toEqual({ startTime: span.startTime, endTime: span.startTime + DAY_MS - 1 });
    const byType = SAFE_TARGET.figures.find((figure) => figure.chart === 'byType');
    if (!byType) throw new Error('no byType figure');
    expect(alarmTypeUrl(byType, 2, span)).toMatch(/^\/driving_monitor\/exception_report\/alarm_over_speed\?/);
    expect(alarmTypeUrl(byType, 12, span)).toMatch(/^\/active_safety\/exception_report\/alarm_adas_can\?/);
    // 203 has no screen of its own: the tab of sign-ins that lists its alarms.
    expect(alarmTypeUrl(byType, 203, span)).toMatch(/^\/driving_monitor\/event_report\/sign_dura\?tab=overlongWork&/);
    // A type the catalogue lacks: the figure's report.
    expect(alarmTypeUrl(byType, 99, span)).toMatch(new RegExp(`^${byType.drillDown}\\?`));
  });
});
