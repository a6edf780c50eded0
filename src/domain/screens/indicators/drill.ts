// Where a figure leads: its report over the dashboard's own span, so the report lists what the figure counted; a
// top-N row adds its plate, an alarm-type row opens that type's alarm screen, a trend point its bucket's span.
import { alarmRoutePath } from '../../alarm-routes';
import { isAlarmTypeId } from '../../alarm-types';
import { encodeQuery } from '../../query-string';
import { isReportPath } from '../reports/definition';
import type { IndicatorFigure } from './definition';

export interface DrillSpan {
  readonly startTime: number;
  readonly endTime: number;
}

/** The report URL of a figure over a span, with a plate when a truck's row is followed. */
export function figureUrl(figure: Pick<IndicatorFigure, 'drillDown'>, span: DrillSpan, signCode?: string): string {
  const query = encodeQuery([
    ['signCode', signCode],
    ['startTime', String(span.startTime)],
    ['endTime', String(span.endTime)],
  ]);
  return `${figure.drillDown}?${query}`;
}

/** An alarm type's row: its own alarm screen where it has a report, else the figure's report. */
export function alarmTypeUrl(figure: Pick<IndicatorFigure, 'drillDown'>, type: number, span: DrillSpan): string {
  const own = isAlarmTypeId(type) ? alarmRoutePath(type) : undefined;
  return figureUrl({ drillDown: own !== undefined && isReportPath(own) ? own : figure.drillDown }, span);
}

/** The span of one trend bucket, cut to the dashboard's span. */
export function bucketSpan(span: DrillSpan & { readonly bucketMs: number }, index: number): DrillSpan {
  const startTime = span.startTime + index * span.bucketMs;
  return { startTime, endTime: Math.min(span.endTime, startTime + span.bucketMs - 1) };
}
