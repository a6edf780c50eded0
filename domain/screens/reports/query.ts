// A report's query as the URL, the HTTP call and the export carry it, and the limits both the console (before sending)
// and the server (again) check, each with a message in zh and en.
import { addMonths, CHINA_OFFSET_MS, DAY_MS } from '../../format/time';
import { displayZone, startOfZonedDay, zonedParts, zonedTime } from '../../format/zone';
import type { LocaleKey } from '../../i18n';
import type { RangePreset, ReportDef, ReportFilter } from './definition';

/** Design: a report page holds at most this many rows; the grid asks for 100 at a time. */
export const REPORT_PAGE = { maxSize: 1000, defaultSize: 100 } as const;

/** Every report query; select filters add their own keys with text values. */
export interface ReportQuery {
  readonly page: number;
  readonly size: number;
  readonly sort?: string;
  readonly order?: 'asc' | 'desc';
  /** Comma list of company codes; empty or absent for all the user's companies. */
  readonly companyCodes?: string;
  readonly signCode?: string;
  readonly startTime?: number;
  readonly endTime?: number;
  readonly [select: string]: string | number | undefined;
}

export interface QueryProblem {
  readonly key: LocaleKey;
  readonly params?: Readonly<Record<string, string | number>>;
}

/** The keys a query may carry for this report (beyond paging and sort). */
export function filterKeys(def: ReportDef): string[] {
  return def.filters.flatMap((filter): string[] => {
    switch (filter.type) {
      case 'company':
        return ['companyCodes'];
      case 'plate':
        return ['signCode'];
      case 'range':
        return ['startTime', 'endTime'];
      case 'year':
        return [YEAR_KEY];
      case 'select':
      case 'text':
        return [filter.key];
    }
  });
}

export function rangeFilterOf(def: ReportDef): Extract<ReportFilter, { type: 'range' }> | undefined {
  return def.filters.find((filter): filter is Extract<ReportFilter, { type: 'range' }> => filter.type === 'range');
}

/** The query key of a year filter. */
export const YEAR_KEY = 'year';
/**
 * The years a year filter takes: from the epoch's (the years offered start there at the earliest, so each is taken)
 * to a fixed last one, so that the console and the server check alike without a clock. Never 0000–0099, which a
 * date API reading two-digit years would turn into 1900–1999.
 */
const YEAR_BOUNDS = { first: 1970, last: 2099 } as const;

/** The year a query's value names, or undefined when it is no four-digit year within the bounds. */
function chosenYear(value: string | number | undefined): number | undefined {
  if (value === undefined || !/^\d{4}$/.test(String(value))) return undefined;
  const year = Number(value);
  return year >= YEAR_BOUNDS.first && year <= YEAR_BOUNDS.last ? year : undefined;
}

export function hasYearFilter(def: ReportDef): boolean {
  return def.filters.some((filter) => filter.type === 'year');
}

/** The calendar year of a moment in the fleet's zone (China), whatever the runtime's zone. */
export function chinaYear(ms: number): number {
  return new Date(ms + CHINA_OFFSET_MS).getUTCFullYear();
}

/** 1 January of a year at 00:00 UTC, in ms; set as a full year (`Date.UTC` reads 0–99 as 1900–1999). */
function utcNewYear(year: number): number {
  const date = new Date(0);
  date.setUTCFullYear(year, 0, 1);
  return date.getTime();
}

/** A year of China's calendar as [first ms, last ms]. */
export function yearRange(year: number): { readonly startTime: number; readonly endTime: number } {
  return { startTime: utcNewYear(year) - CHINA_OFFSET_MS, endTime: utcNewYear(year + 1) - CHINA_OFFSET_MS - 1 };
}

/** The years from the one of the `earliest` row to the current one (offered even without rows), newest first. */
export function yearsSince(earliest: number | undefined, now: number): number[] {
  const last = chinaYear(now);
  const first = Math.max(YEAR_BOUNDS.first, Math.min(last, earliest === undefined ? last : chinaYear(earliest)));
  return Array.from({ length: last - first + 1 }, (_, i) => last - i);
}

/**
 * The range a query reads: a year filter's year (the current one unless told), else its own range, else the range
 * filter's preset; the server reads it so, and a year report ignores any start and end it is sent.
 */
export function rangeOfQuery(def: ReportDef, query: ReportQuery, now: number): { readonly startTime?: number; readonly endTime?: number } {
  if (hasYearFilter(def)) {
    return yearRange(chosenYear(query[YEAR_KEY]) ?? chinaYear(now));
  }
  const range = rangeFilterOf(def);
  return range && query.startTime === undefined && query.endTime === undefined ? presetRange(range.preset, now) : query;
}

/**
 * A preset as [start, end] in epoch ms, in the days of the display zone (the fleet's unless the user chose the
 * browser's); the end is the present moment or the day's end.
 */
export function presetRange(preset: RangePreset, now: number, zone: string = displayZone()): { readonly startTime: number; readonly endTime: number } {
  const today = startOfZonedDay(now, zone);
  const { year, month } = zonedParts(now, zone);
  switch (preset) {
    case 'today':
      return { startTime: today, endTime: now };
    case 'yesterday': {
      const yesterday = startOfZonedDay(today - 1, zone);
      return { startTime: yesterday, endTime: today - 1 };
    }
    case 'last7Days':
      return { startTime: startOfZonedDay(today - 6 * DAY_MS + 1, zone), endTime: now };
    case 'last30Days':
      return { startTime: startOfZonedDay(today - 29 * DAY_MS + 1, zone), endTime: now };
    case 'thisMonth':
      return { startTime: zonedTime({ year, month, day: 1 }, zone), endTime: now };
    case 'thisYear':
      return { startTime: zonedTime({ year, month: 1, day: 1 }, zone), endTime: now };
  }
}

/** The first problem of a query for this report, or undefined when the server may run it. */
export function queryProblem(def: ReportDef, query: ReportQuery): QueryProblem | undefined {
  if (!Number.isInteger(query.size) || query.size < 1) return { key: 'report.error.pageSize', params: { max: REPORT_PAGE.maxSize } };
  if (query.size > REPORT_PAGE.maxSize) return { key: 'report.error.pageSize', params: { max: REPORT_PAGE.maxSize } };
  if (query.sort !== undefined && !def.columns.some((column) => column.key === query.sort && column.sortable !== false)) {
    return { key: 'report.error.unknownSort', params: { key: query.sort } };
  }
  const { startTime, endTime } = query;
  // One end alone has no bound on the other side, past every range limit (GPS history's three months): both or none,
  // and none is the report's default range.
  if ((startTime === undefined) !== (endTime === undefined) && rangeFilterOf(def)) return { key: 'report.error.rangeOneSided' };
  if (startTime !== undefined && endTime !== undefined) {
    if (endTime < startTime) return { key: 'report.error.endBeforeStart' };
    const range = rangeFilterOf(def);
    const maxDays = range?.maxDays;
    if (maxDays !== undefined && endTime - startTime > maxDays * DAY_MS) return { key: 'report.error.rangeTooLong', params: { days: maxDays } };
    const maxMonths = range?.maxMonths;
    if (maxMonths !== undefined && endTime > addMonths(startTime, maxMonths)) {
      return { key: 'report.error.rangeTooLongMonths', params: { months: maxMonths } };
    }
  }
  const year = query[YEAR_KEY];
  if (hasYearFilter(def) && year !== undefined && year !== '' && chosenYear(year) === undefined) return { key: 'report.error.badOption', params: { value: String(year) } };
  for (const filter of def.filters) {
    if (filter.type !== 'select' && filter.type !== 'text') continue;
    const value = query[filter.key];
    if (value === undefined || value === '') continue;
    if (filter.type === 'text') {
      if (String(value).length > filter.maxLength) return { key: 'report.error.textTooLong', params: { max: filter.maxLength } };
    } else if (!filter.options.some((option) => option.value === String(value))) {
      return { key: 'report.error.badOption', params: { value: String(value) } };
    }
  }
  return undefined;
}

/** What an empty result says for this query: the chosen select option's text, the report's, or the common one. */
export function emptyKeyOf(def: ReportDef, filters: Readonly<Record<string, string | number | undefined>>): LocaleKey {
  for (const filter of def.filters) {
    if (filter.type !== 'select') continue;
    const chosen = filters[filter.key];
    const option = filter.options.find((candidate) => candidate.value === String(chosen));
    if (option?.emptyKey) return option.emptyKey;
  }
  return def.emptyKey ?? 'report.empty';
}
