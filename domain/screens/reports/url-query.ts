// A report's filters as the URL query holds them, so a link or a reload reproduces the view; plus the links into a
// report from elsewhere (an alarm pop-up, the urgent dialog, a drill-down).
import { alarmScreen } from '../../alarm-routes';
import { isAlarmTypeId } from '../../alarm-types';
import { CHINA_OFFSET_MS } from '../../format/time';
import { decodeQuery, encodeQuery } from '../../query-string';
import type { DrillDown, PlaybackPath, ReportDef, ReportScreenPath } from './definition';
import { chinaYear, filterKeys, hasYearFilter, presetRange, rangeFilterOf, YEAR_KEY } from './query';
import { reportFor, tabKeyOf } from './registry';
import type { ReportRow } from './wire';

/** Filter key → text value; absent keys are unset. */
export type ReportFilters = Readonly<Record<string, string>>;

/** The pop-up marker of shell spec §2, and the time of the row to highlight. */
export const HIGHLIGHT_KEYS = { name: 'name', at: 'at' } as const;
/** The URL key naming the tab of a screen of several tabs. */
export const TAB_KEY = 'tab';
const SORT_KEYS = ['sort', 'order'] as const;

/** The filters (and sort) a URL query holds for this report; unknown keys are ignored. */
export function readFilters(def: ReportDef, search: string): ReportFilters {
  const known = new Set<string>([...filterKeys(def), ...SORT_KEYS, HIGHLIGHT_KEYS.name, HIGHLIGHT_KEYS.at]);
  const out: Record<string, string> = {};
  for (const [key, value] of decodeQuery(search)) if (known.has(key) && value !== '') out[key] = value;
  return out;
}

/** The URL query of some filters, keys in the definition's order so equal filters give equal text; a tab's key first. */
export function filtersSearch(def: ReportDef, filters: ReportFilters): string {
  const keys = [...filterKeys(def), ...SORT_KEYS, HIGHLIGHT_KEYS.name, HIGHLIGHT_KEYS.at];
  return encodeQuery([[TAB_KEY, tabKeyOf(def)] as const, ...keys.map((key) => [key, filters[key] === '' ? undefined : filters[key]] as const)]);
}

/** The filters a report opens with: its range preset, or the current year of a year filter, nothing else. */
export function defaultFilters(def: ReportDef, now: number): ReportFilters {
  if (hasYearFilter(def)) return { [YEAR_KEY]: String(chinaYear(now)) };
  const range = rangeFilterOf(def);
  if (!range) return {};
  const { startTime, endTime } = presetRange(range.preset, now);
  return { startTime: String(startTime), endTime: String(endTime) };
}

/** The keys that set a report's range: its start and end, or its year. */
export function rangeKeys(def: ReportDef): readonly string[] {
  return hasYearFilter(def) ? [YEAR_KEY] : ['startTime', 'endTime'];
}

/** Whether the filters name the report's range (else the screen gives them its default one). */
export function hasRange(def: ReportDef, filters: ReportFilters): boolean {
  return rangeKeys(def).some((key) => filters[key] !== undefined);
}

/** [first ms, last ms] of China's calendar span from (y, m, d) to the same fields with one more month or day. */
function chinaSpan(start: readonly [number, number, number], end: readonly [number, number, number]) {
  const startTime = Date.UTC(start[0], start[1], start[2]) - CHINA_OFFSET_MS;
  const endTime = Date.UTC(end[0], end[1], end[2]) - CHINA_OFFSET_MS - 1;
  return { startTime, endTime };
}

/** The range of a month the server grouped by ('2026-11'), as China's calendar has it, whatever the browser's zone. */
function monthRange(month: string): { startTime: number; endTime: number } | undefined {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  if (!match) return undefined;
  const [year, index] = [Number(match[1]), Number(match[2]) - 1];
  return chinaSpan([year, index, 1], [year, index + 1, 1]);
}

/** The range of a day the server grouped by ('2026-11-05'), as China's calendar has it, whatever the browser's zone. */
export function dayRange(day: string): { startTime: number; endTime: number } | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return undefined;
  const [year, index, date] = [Number(match[1]), Number(match[2]) - 1, Number(match[3])];
  return chinaSpan([year, index, date], [year, index, date + 1]);
}

/**
 * The link a drill-down opens for one row or bar: the target with this row's values as filters. `day` and `month`
 * become the target's range, cut to the current range (`current`) where that ends inside them, so the target lists the
 * rows the row counted; a target without such a value keeps the current range, and the current companies and plate go
 * along unless the row names its own.
 */
export function drillDownUrl(drill: DrillDown, row: ReportRow, current: ReportFilters): string | undefined {
  if (typeof drill.to === 'object' && 'playback' in drill.to) return playbackUrl(drill.to.playback, drill.params, row);
  const screen = drillTarget(drill, row);
  if (screen === undefined) return undefined;
  const params = new Map<string, string>();
  if (screen.tab) params.set(TAB_KEY, screen.tab);
  if (current.startTime) params.set('startTime', current.startTime);
  if (current.endTime) params.set('endTime', current.endTime);
  if (current.companyCodes) params.set('companyCodes', current.companyCodes);
  if (current.signCode) params.set('signCode', current.signCode);
  for (const [target, source] of Object.entries(drill.params)) {
    const value = row[source];
    if (value === null || value === undefined) continue;
    const range = target === 'month' ? monthRange(String(value)) : target === 'day' ? dayRange(String(value)) : undefined;
    if (range) {
      // The row's month or day within the range it was counted over: its edges may cut the month.
      const [from, to] = [Number(current.startTime ?? Number.NaN), Number(current.endTime ?? Number.NaN)];
      params.set('startTime', String(Number.isFinite(from) && from > range.startTime && from <= range.endTime ? from : range.startTime));
      params.set('endTime', String(Number.isFinite(to) && to < range.endTime && to >= range.startTime ? to : range.endTime));
    } else if (target !== 'month' && target !== 'day') {
      params.set(target, String(value));
    }
  }
  // A report of a year shows the year the range starts in.
  const into = reportFor(screen.path, screen.tab);
  const from = params.get('startTime');
  if (into && hasYearFilter(into) && from !== undefined) {
    params.set(YEAR_KEY, String(chinaYear(Number(from))));
    params.delete('startTime');
    params.delete('endTime');
  }
  return `${screen.path}?${encodeQuery(params)}`;
}

/**
 * A playback of the row's truck (`plate` → its plate column) over the row's day (`day`) or span (`from`, `to` → its
 * time columns), in the playback's own query keys; none without a plate or a time.
 */
function playbackUrl(to: PlaybackPath, params: DrillDown['params'], row: ReportRow): string | undefined {
  const cell = (key: string | undefined) => {
    const value = key === undefined ? undefined : row[key];
    return value === null || value === undefined || value === '' ? undefined : value;
  };
  const plate = cell(params.plate);
  const day = cell(params.day);
  const span = day !== undefined ? dayRange(String(day)) : { startTime: Number(cell(params.from)), endTime: Number(cell(params.to)) };
  if (plate === undefined || !span || !Number.isSafeInteger(span.startTime) || !Number.isSafeInteger(span.endTime)) return undefined;
  return `${to}?${encodeQuery([['plate', String(plate)], ['from', String(span.startTime)], ['to', String(span.endTime)]])}`;
}

/** The report screen (and tab) a drill-down opens for this row: an alarm type's is the screen that lists it. */
function drillTarget(drill: Pick<DrillDown, 'to' | 'tab'>, row: ReportRow): { readonly path: ReportScreenPath; readonly tab?: string } | undefined {
  if (typeof drill.to === 'string') return { path: drill.to, tab: drill.tab };
  if ('playback' in drill.to) return undefined;
  const type = Number(row[drill.to.alarmScreenOf]);
  return isAlarmTypeId(type) ? alarmScreen(type) : undefined;
}
