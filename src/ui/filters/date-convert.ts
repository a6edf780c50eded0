// Epoch milliseconds (the reports' wire times) ↔ @internationalized/date values shown by the range picker, in the
// display zone (the fleet's, or the browser's when the user chose it): a picked 00:00 is the 00:00 the grid shows.
import { displayZone } from '../../../domain/format/zone';
import {
  fromDate,
  toCalendarDate,
  toCalendarDateTime,
  toZoned,
  type CalendarDate,
  type CalendarDateTime,
  type ZonedDateTime,
} from '@internationalized/date';

export type RangeGranularity = 'second' | 'day';
export type PickerDate = CalendarDate | CalendarDateTime;

export interface MsRange {
  readonly startTime: number;
  readonly endTime: number;
}

export function msToPickerDate(ms: number, granularity: RangeGranularity, timeZone = displayZone()): PickerDate {
  const zoned = fromDate(new Date(ms), timeZone);
  return granularity === 'day' ? toCalendarDate(zoned) : toCalendarDateTime(zoned);
}

/** A picked day is a whole day: as a start it is the day's first millisecond, as an end its last. */
export function pickerDateToMs(value: PickerDate | ZonedDateTime, edge: 'start' | 'end', timeZone = displayZone()): number {
  if ('timeZone' in value) return value.toDate().getTime();
  if ('hour' in value) return toZoned(value, timeZone).toDate().getTime();
  if (edge === 'start') return toZoned(value, timeZone).toDate().getTime();
  return toZoned(value.add({ days: 1 }), timeZone).toDate().getTime() - 1;
}

export function rangeToPicker(
  range: { readonly startTime?: number; readonly endTime?: number },
  granularity: RangeGranularity,
  timeZone = displayZone(),
): { start: PickerDate; end: PickerDate } | null {
  if (range.startTime === undefined || range.endTime === undefined) return null;
  return { start: msToPickerDate(range.startTime, granularity, timeZone), end: msToPickerDate(range.endTime, granularity, timeZone) };
}

export function pickerToRange(
  range: { readonly start: PickerDate | ZonedDateTime; readonly end: PickerDate | ZonedDateTime },
  timeZone = displayZone(),
): MsRange {
  return { startTime: pickerDateToMs(range.start, 'start', timeZone), endTime: pickerDateToMs(range.end, 'end', timeZone) };
}
