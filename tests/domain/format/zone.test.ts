// The one display zone: wall-clock parts from Intl whatever the runtime's zone, moments from wall clocks across
// daylight-saving changes, and the formatters, presets and month steps that read it.
import { afterEach, describe, expect, it } from 'vitest';
import { addMonths, displayDateTime, formatDate } from '../../../domain/format/time';
import {
  DEFAULT_FLEET_ZONE,
  displayZone,
  isTimeZone,
  offsetLabel,
  setDisplayZone,
  startOfZonedDay,
  zonedParts,
  zonedTime,
  zoneOffsetMs,
} from '../../../domain/format/zone';
import { presetRange } from '../../../domain/screens/reports/query';

const HOUR = 3_600_000;
/** 2026-11-26 23:18:35 UTC: 2026-11-27 07:18:35 in China. */
const LATE_UTC = Date.UTC(2026, 10, 26, 23, 18, 35);

afterEach(() => setDisplayZone(DEFAULT_FLEET_ZONE));

describe('the display zone', () => {
  it("is the fleet's, China, unless set", () => {
    expect(displayZone()).toBe('Asia/Shanghai');
    expect(displayDateTime(LATE_UTC, 'zh')).toBe('2026-11-27 07:18:35');
  });

  it('shows one moment as each zone reads it, whatever the runtime is set to', () => {
    expect(formatDate(LATE_UTC, 'yyyy-MM-dd HH:mm:ss', 'UTC')).toBe('2026-11-26 23:18:35');
    expect(formatDate(LATE_UTC, 'yyyy-MM-dd HH:mm:ss', 'America/New_York')).toBe('2026-11-26 18:18:35');
    setDisplayZone('UTC');
    expect(displayDateTime(LATE_UTC, 'en')).toBe('11/26/2026 23:18:35');
  });

  it('refuses a name that is no zone, and keeps the one it had', () => {
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('')).toBe(false);
    expect(() => setDisplayZone('Mars/Olympus')).toThrow(/not a time zone/);
    expect(displayZone()).toBe('Asia/Shanghai');
  });

  it('knows the offsets on either side of a daylight-saving change', () => {
    // New York moved its clocks back at 2026-11-01 06:00 UTC (02:00 EDT → 01:00 EST).
    const change = Date.UTC(2026, 10, 1, 6);
    expect(zoneOffsetMs(change - 1, 'America/New_York')).toBe(-4 * HOUR);
    expect(zoneOffsetMs(change, 'America/New_York')).toBe(-5 * HOUR);
    expect(offsetLabel(change, 'America/New_York')).toBe('UTC−05:00');
    expect(offsetLabel(LATE_UTC, 'Asia/Kolkata')).toBe('UTC+05:30');
  });

  it('finds the moment of a wall clock: the first of a time shown twice, the one after a skipped time', () => {
    // 01:30 on 1 November 2026 is shown twice in New York: first in EDT.
    expect(zonedTime({ year: 2026, month: 11, day: 1, hour: 1, minute: 30 }, 'America/New_York')).toBe(Date.UTC(2026, 10, 1, 5, 30));
    // 02:30 on 8 March 2026 never shows there (02:00 EST → 03:00 EDT): it reads as 03:30 EDT.
    expect(zonedTime({ year: 2026, month: 3, day: 8, hour: 2, minute: 30 }, 'America/New_York')).toBe(Date.UTC(2026, 2, 8, 7, 30));
    expect(zonedTime({ year: 2026, month: 11, day: 27, hour: 7, minute: 18, second: 35 }, 'Asia/Shanghai')).toBe(LATE_UTC);
    expect(zonedParts(LATE_UTC, 'Asia/Shanghai')).toEqual({ year: 2026, month: 11, day: 27, hour: 7, minute: 18, second: 35 });
  });

  it("begins a day at the zone's midnight", () => {
    expect(startOfZonedDay(LATE_UTC, 'Asia/Shanghai')).toBe(Date.UTC(2026, 10, 26, 16));
    expect(startOfZonedDay(LATE_UTC, 'UTC')).toBe(Date.UTC(2026, 10, 26));
  });

  it("counts the presets in the display zone's days: 今天 in Shanghai began at 16:00 UTC", () => {
    expect(presetRange('today', LATE_UTC)).toEqual({ startTime: Date.UTC(2026, 10, 26, 16), endTime: LATE_UTC });
    expect(presetRange('thisMonth', LATE_UTC)).toEqual({ startTime: Date.UTC(2026, 9, 31, 16), endTime: LATE_UTC });
    setDisplayZone('UTC');
    expect(presetRange('today', LATE_UTC)).toEqual({ startTime: Date.UTC(2026, 10, 26), endTime: LATE_UTC });
    expect(presetRange('yesterday', LATE_UTC)).toEqual({ startTime: Date.UTC(2026, 10, 25), endTime: Date.UTC(2026, 10, 26) - 1 });
    expect(presetRange('thisYear', LATE_UTC)).toEqual({ startTime: Date.UTC(2026, 0, 1), endTime: LATE_UTC });
  });

  it("steps months on the display zone's calendar, keeping the wall clock across a clock change", () => {
    // 31 January 07:00 in Shanghai is 30 January 23:00 UTC: a month later is 28 February there, not 2 March.
    expect(addMonths(Date.UTC(2026, 0, 30, 23), 1)).toBe(Date.UTC(2026, 1, 27, 23));
    // 09:00 in New York on 1 February (EST) → 09:00 on 1 April (EDT), an hour earlier in UTC.
    expect(addMonths(Date.UTC(2026, 1, 1, 14), 2, 'America/New_York')).toBe(Date.UTC(2026, 3, 1, 13));
    expect(addMonths(Date.UTC(2026, 1, 1, 14) + 250, 2, 'America/New_York')).toBe(Date.UTC(2026, 3, 1, 13) + 250);
  });
});
