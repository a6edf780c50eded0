// Where a figure leads: its report over the dashboard's own span, so the report lists what the figure counted; a
// top-N row adds its plate, an alarm-type row opens that type's alarm screen, a trend point its bucket's span.
import { alarmScreen } from '../../alarm-routes';
import { isAlarmTypeId } from '../../alarm-types';
import { encodeQuery } from '../../query-string';
import type { IndicatorFigure } from './definition';

interface DrillSpan {
  readonly startTime: number;
  readonly endTime: number;
}

/** The report URL of a figure over a span, with a plate when a truck's row is followed, on a tab when one is named. */
export function figureUrl(figure: Pick<IndicatorFigure, 'drillDown'>, span: DrillSpan, signCode?: string, tab?: string): string {
  const query = encodeQuery([
    ['tab', tab],
    ['signCode', signCode],
    ['startTime', String(span.startTime)],
    ['endTime', String(span.endTime)],
  ]);
  return `${figure.drillDown}?${query}`;
}

/** An alarm type's row: the screen (and tab) that lists the type, else (a type the catalogue lacks) the figure's report. */
export function alarmTypeUrl(figure: Pick<IndicatorFigure, 'drillDown'>, type: number, span: DrillSpan): string {
  if (!isAlarmTypeId(type)) return figureUrl(figure, span);
  const screen = alarmScreen(type);
  return figureUrl({ drillDown: screen.path }, span, undefined, screen.tab);
}

/** The span of one trend bucket, cut to the dashboard's span. */
export function bucketSpan(span: DrillSpan & { readonly bucketMs: number }, index: number): DrillSpan {
  const startTime = span.startTime + index * span.bucketMs;
  return { startTime, endTime: Math.min(span.endTime, startTime + span.bucketMs - 1) };
}
