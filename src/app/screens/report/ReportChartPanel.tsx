// The chart above a report's rows, drawn by uPlot (loaded only for reports that have a chart). Bars and buckets draw
// the first 1,000 rows of the filters, a click opening the rows behind one; a line chart is one truck's trend (the
// plate filter's): the newest rows of the range, with quick ranges of a day and a week (params spec §9).
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { CHINA_OFFSET_MS, DAY_MS, displayDate, displayDateTime, displayShortDateTime } from '../../../../domain/format/time';
import type { Lang } from '../../../../domain/i18n';
import { cellText } from '../../../../domain/screens/reports/cells';
import type { ReportChart as ChartDef, ReportDef } from '../../../../domain/screens/reports/definition';
import { LOSS_HISTOGRAM_BUCKETS } from '../../../../domain/constants';
import { REPORT_PAGE } from '../../../../domain/screens/reports/query';
import { TREND_MAX_ROWS } from '../../../../domain/screens/reports/trend';
import { dayRange, drillDownUrl, type ReportFilters } from '../../../../domain/screens/reports/url-query';
import type { ReportRow } from '../../../../domain/screens/reports/wire';
import { chartData, trendRows } from '../../../ui/chart/chart-data';
import { reportFailure } from '../../reactions';
import { fetchNewestRows, fetchReportPage, reportQuery } from './report-calls';
import { TrendRanges, type TrendRangesProps } from './TrendRanges';

const ReportChart = lazy(() => import('../../../ui/chart/ReportChart').then((module) => ({ default: module.ReportChart })));

interface ReportChartPanelProps {
  readonly def: ReportDef;
  readonly chart: ChartDef;
  readonly filters: ReportFilters;
  readonly generation: string;
  readonly lang: Lang;
  /** A quick range of a trend: the screen applies it as its query bar's Search does. */
  readonly onRange: TrendRangesProps['onRange'];
}

interface ChartRows {
  readonly rows: readonly ReportRow[];
  /** Older rows of the range were left out. */
  readonly capped: boolean;
}

/** A trend's rows are the plate's newest, oldest first; other charts read the first page in their own order. */
async function chartRows(def: ReportDef, chart: ChartDef, filters: ReportFilters): Promise<ChartRows> {
  if (chart.kind === 'line') {
    const { rows, capped } = await fetchNewestRows(def, filters, chart.x, TREND_MAX_ROWS);
    return { rows: trendRows(rows, filters.signCode ?? ''), capped };
  }
  const sort = chart.kind === 'histogram' ? { key: chart.x, order: 'asc' as const } : def.sort;
  const page = await fetchReportPage(def, reportQuery(filters, 1, REPORT_PAGE.maxSize, sort));
  return { rows: page.rows, capped: false };
}

const isChinaMidnight = (ms: number) => (ms + CHINA_OFFSET_MS) % DAY_MS === 0;
/** The China date a day axis's point stands for ('2026-11-20'), whatever the browser's zone: the rows' own day. */
const chinaDay = (ms: number) => new Date(ms + CHINA_OFFSET_MS).toISOString().slice(0, 10);

export function ReportChartPanel({ def, chart, filters, generation, lang, onRange }: ReportChartPanelProps) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const [loaded, setLoaded] = useState<ChartRows | undefined>(undefined);
  const trend = chart.kind === 'line';
  // Rows of several trucks would draw one line across them all: a trend waits for a plate.
  const needsPlate = trend && !filters.signCode?.trim();

  useEffect(() => {
    // A trend's old line would stand for another truck or range while the new rows load.
    if (trend) setLoaded(undefined);
    if (needsPlate) return undefined;
    let current = true;
    chartRows(def, chart, filters).then((answer) => current && setLoaded(answer), reportFailure);
    return () => {
      current = false;
    };
    // The generation stands for the filters.
  }, [def, chart, generation, trend, needsPlate]);

  const column = (key: string) => def.columns.find((candidate) => candidate.key === key);
  const xColumn = column(chart.x);
  // A trend of days (a daily score) lies on a time axis too, each day at its China midnight.
  const days = xColumn?.format === 'date';
  const time = xColumn?.format === 'dateTime' || days;
  const data = useMemo(() => {
    if (!loaded) return undefined;
    const split = chart.splitBy ? column(chart.splitBy) : undefined;
    const rows = days ? loaded.rows.map((row) => ({ ...row, [chart.x]: dayRange(String(row[chart.x] ?? ''))?.startTime ?? null })) : loaded.rows;
    return chartData(rows, {
      x: chart.x,
      time,
      series: chart.series.map((key) => ({ key, label: t(column(key)?.labelKey ?? 'report.chart') })),
      splitBy: split && { key: split.key, label: (value) => `${t(split.labelKey)} ${cellText(split, value, lang)}` },
      buckets: chart.kind === 'histogram' ? { count: LOSS_HISTOGRAM_BUCKETS.length, label: (index) => LOSS_HISTOGRAM_BUCKETS[index]?.label ?? '' } : undefined,
      categoryLabel: (value) => (xColumn ? cellText(xColumn, value, lang) : value),
    });
  }, [loaded, chart, lang, t]);

  const dayText = (ms: number) => (xColumn ? cellText(xColumn, chinaDay(ms), lang) : chinaDay(ms));
  const drawn = !needsPlate && data !== undefined && data.x.length > 0;
  // Bars without rows leave no empty frame; a trend keeps its ranges, a wider one may hold rows.
  if (!trend && !drawn) return null;
  const drill = chart.drillDown;
  const yColumn = column(chart.series[0] ?? '');
  return (
    <section className="report__chart" aria-label={t('report.chart')}>
      {trend && <TrendRanges startTime={filters.startTime} endTime={filters.endTime} onRange={onRange} />}
      {needsPlate && (
        <p className="report__chart-hint" role="status">
          {t('report.chartPlate')}
        </p>
      )}
      {drawn && (
        <Suspense fallback={<p>{t('report.loading')}</p>}>
          <ReportChart
            kind={chart.kind}
            data={data}
            xLabel={xColumn ? t(xColumn.labelKey) : ''}
            yLabel={yColumn ? t(yColumn.labelKey) : ''}
            // A day axis's ticks may fall between midnights (every 12 h over a week): only a day's own tick is named, by
            // its China date as the rows have it.
            formatTick={(ms) => (days ? (isChinaMidnight(ms) ? dayText(ms) : '') : trend ? displayShortDateTime(ms, lang) : displayDate(ms, lang))}
            formatCursor={(ms) => (days ? dayText(ms) : trend ? displayDateTime(ms, lang) : displayDate(ms, lang))}
            onPick={
              drill
                ? (index) => {
                    const row = data.rowAt[index] ?? (chart.kind === 'histogram' ? { id: 0, [chart.x]: index } : undefined);
                    const url = row && drillDownUrl(drill, row, filters);
                    if (url) navigate(url);
                  }
                : undefined
            }
          />
        </Suspense>
      )}
      {drawn && loaded?.capped && <p className="report__chart-note">{t('report.chartCapped', { count: TREND_MAX_ROWS })}</p>}
    </section>
  );
}
