// The range picker's conversions between epoch ms and calendar values, in the tests' pinned zone (Asia/Shanghai).
import { describe, expect, it } from 'vitest';
import { CalendarDate, CalendarDateTime } from '@internationalized/date';
import { msToPickerDate, pickerDateToMs, pickerToRange, rangeToPicker } from '../../../src/ui/filters/date-convert';

const MAY_1_0830 = new Date(2024, 4, 1, 8, 30, 15).getTime();

describe('range picker conversions', () => {
  it('shows an instant as local date and time, and reads it back to the same millisecond', () => {
    const value = msToPickerDate(MAY_1_0830, 'second');
    expect(value.toString()).toBe('2024-05-01T08:30:15');
    expect(pickerDateToMs(value, 'start')).toBe(MAY_1_0830);
  });

  it('reads a picked date-time in the local zone', () => {
    expect(pickerDateToMs(new CalendarDateTime(2024, 5, 1, 0, 0, 0), 'end')).toBe(Date.UTC(2024, 3, 30, 16, 0, 0));
  });

  it('with day granularity a start is the first and an end the last millisecond of its day', () => {
    const range = pickerToRange({ start: new CalendarDate(2024, 5, 1), end: new CalendarDate(2024, 5, 3) });
    expect(range).toEqual({ startTime: new Date(2024, 4, 1).getTime(), endTime: new Date(2024, 4, 4).getTime() - 1 });
    expect(msToPickerDate(MAY_1_0830, 'day').toString()).toBe('2024-05-01');
  });

  it('has no picker value until both ends are known', () => {
    expect(rangeToPicker({ startTime: MAY_1_0830 }, 'second')).toBeNull();
    expect(rangeToPicker({ startTime: MAY_1_0830, endTime: MAY_1_0830 }, 'day')?.end.toString()).toBe('2024-05-01');
  });
});
