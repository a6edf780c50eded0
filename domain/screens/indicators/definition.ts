// What an indicator dashboard is, as data (monitor/safe_target, monitor/device_target; spec params §9): its figures,
// each counted from alarms of some types or events of some kinds over a range (last 30 days, 7 days or the past day),
// drawn as a number, a trend, a list by alarm type or a top-N of trucks, and each opening its report screen. The
// console's IndicatorScreen renders a definition and the server's indicator plugin answers it; neither knows a screen.
import type { AlarmTypeId } from '../../alarm-types';
import type { EventKind } from '../../events';
import { CHINA_OFFSET_MS, DAY_MS, HOUR_MS } from '../../format/time';
import type { LocaleKey } from '../../i18n';
import type { RoutePathOfKind } from '../../routes';
import type { ReportPath } from '../reports/definition';

export type IndicatorPath = Extract<RoutePathOfKind<'monitor'>, '/monitor/safe_target' | '/monitor/device_target'>;

/** What a figure counts: alarms of these types, or events of these kinds, by their start time. */
export type IndicatorSource =
  | { readonly from: 'alarms'; readonly types: readonly AlarmTypeId[] }
  | { readonly from: 'events'; readonly kinds: readonly EventKind[] };

/** One line of a trend: its label and what it counts. */
interface TrendSeries {
  readonly key: string;
  readonly labelKey: LocaleKey;
  readonly source: IndicatorSource;
}

interface FigureBase {
  /** The figure's key in the answer and its test id. */
  readonly key: string;
  readonly labelKey: LocaleKey;
  /** The report the figure opens, over the same range (a top-N row adds its plate). */
  readonly drillDown: ReportPath;
}

export type IndicatorFigure =
  /** The count over the range. */
  | (FigureBase & { readonly chart: 'number'; readonly source: IndicatorSource })
  /** Counts per hour (past day) or per China day (7 and 30 days), a line per series. */
  | (FigureBase & { readonly chart: 'trend'; readonly series: readonly TrendSeries[] })
  /** Counts per alarm type, largest first; each type opens its own alarm screen where it has one. */
  | (FigureBase & { readonly chart: 'byType'; readonly source: Extract<IndicatorSource, { from: 'alarms' }> })
  /** The `limit` trucks with the most, largest first. */
  | (FigureBase & { readonly chart: 'top'; readonly source: IndicatorSource; readonly limit: number });

export interface IndicatorDef {
  readonly path: IndicatorPath;
  readonly figures: readonly IndicatorFigure[];
}

/** The ranges a dashboard offers, the first the default (spec: last 30 days; trends over the past day and 7 days). */
export const INDICATOR_RANGES = ['30d', '7d', '1d'] as const;
export type IndicatorRange = (typeof INDICATOR_RANGES)[number];
export const DEFAULT_INDICATOR_RANGE: IndicatorRange = '30d';

export function isIndicatorRange(value: unknown): value is IndicatorRange {
  return typeof value === 'string' && (INDICATOR_RANGES as readonly string[]).includes(value);
}

export const RANGE_LABEL_KEYS = {
  '30d': 'indicators.range.30d',
  '7d': 'indicators.range.7d',
  '1d': 'indicators.range.1d',
} as const satisfies Record<IndicatorRange, LocaleKey>;

export interface IndicatorSpan {
  readonly startTime: number;
  readonly endTime: number;
  /** The width of a trend's bucket: an hour for the past day, a day otherwise. */
  readonly bucketMs: number;
}

/**
 * The span of a range ending at `end` (ms): the past day is the 24 whole hours up to the end's hour (inclusive); 7 and
 * 30 days are that many China calendar days, today included, so a day's bucket is the day a report's range names.
 */
export function indicatorSpan(range: IndicatorRange, end: number): IndicatorSpan {
  if (range === '1d') {
    const hourStart = Math.floor(end / HOUR_MS) * HOUR_MS;
    return { startTime: hourStart - 23 * HOUR_MS, endTime: end, bucketMs: HOUR_MS };
  }
  const days = range === '7d' ? 7 : 30;
  const todayStart = Math.floor((end + CHINA_OFFSET_MS) / DAY_MS) * DAY_MS - CHINA_OFFSET_MS;
  return { startTime: todayStart - (days - 1) * DAY_MS, endTime: end, bucketMs: DAY_MS };
}

/** How many buckets a span's trend has. */
export function bucketCount(span: IndicatorSpan): number {
  return Math.floor((span.endTime - span.startTime) / span.bucketMs) + 1;
}
