// The chart above a report's rows: the first 1,000 rows of the current filters, drawn by uPlot (loaded only for
// reports that have a chart); a click on a bar or bucket opens the rows behind it.
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { displayDate, displayDateTime, displayShortDateTime } from '../../../domain/format/time';
import type { Lang } from '../../../domain/i18n';
import { cellText } from '../../../domain/screens/reports/cells';
import type { ReportChart as ChartDef, ReportDef } from '../../../domain/screens/reports/definition';
import { LOSS_HISTOGRAM_BUCKETS } from '../../../domain/constants';
import { REPORT_PAGE } from '../../../domain/screens/reports/query';
import { drillDownUrl, type ReportFilters } from '../../../domain/screens/reports/url-query';
import type { ReportRow } from '../../../domain/screens/reports/wire';
import { chartData } from '../../../ui/chart/chart-data';
import { reportFailure } from '../../reactions';
import { fetchReportPage, reportQuery } from './report-calls';

const ReportChart = lazy(() => import('../../../ui/chart/ReportChart').then((module) => ({ default: module.ReportChart })));

export interface ReportChartPanelProps {
  readonly def: ReportDef;
  readonly chart: ChartDef;
  readonly filters: ReportFilters;
  readonly generation: string;
  readonly lang: Lang;
}

export function ReportChartPanel({ def, chart, filters, generation, lang }: ReportChartPanelProps) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const [rows, setRows] = useState<readonly ReportRow[] | undefined>(undefined);

  useEffect(() => {
    let current = true;
    const sort = chart.kind === 'line' || chart.kind === 'histogram' ? { key: chart.x, order: 'asc' as const } : def.sort;
    fetchReportPage(def, reportQuery(filters, 1, REPORT_PAGE.maxSize, sort)).then(
      (page) => current && setRows(page.rows),
      reportFailure,
    );
    return () => {
      current = false;
    };
    // The generation stands for the filters.
  }, [def, chart, generation]);

  const column = (key: string) => def.columns.find((candidate) => candidate.key === key);
  const xColumn = column(chart.x);
  const time = xColumn?.format === 'dateTime';
  const data = useMemo(() => {
    if (!rows) return undefined;
    const split = chart.splitBy ? column(chart.splitBy) : undefined;
    return chartData(rows, {
      x: chart.x,
      time,
      series: chart.series.map((key) => ({ key, label: t(column(key)?.labelKey ?? 'report.chart') })),
      splitBy: split && { key: split.key, label: (value) => `${t(split.labelKey)} ${cellText(split, value, lang)}` },
      buckets: chart.kind === 'histogram' ? { count: LOSS_HISTOGRAM_BUCKETS.length, label: (index) => LOSS_HISTOGRAM_BUCKETS[index]?.label ?? '' } : undefined,
      categoryLabel: (value) => (xColumn ? cellText(xColumn, value, lang) : value),
    });
  }, [rows, chart, lang, t]);

  if (!data || data.x.length === 0) return null;
  const drill = chart.drillDown;
  const yColumn = column(chart.series[0] ?? '');
  return (
    <section className="report__chart" aria-label={t('report.chart')}>
      <Suspense fallback={<p>{t('report.loading')}</p>}>
        <ReportChart
          kind={chart.kind}
          data={data}
          xLabel={xColumn ? t(xColumn.labelKey) : ''}
          yLabel={yColumn ? t(yColumn.labelKey) : ''}
          formatTick={(ms) => (chart.kind === 'line' ? displayShortDateTime(ms, lang) : displayDate(ms, lang))}
          formatCursor={(ms) => (chart.kind === 'line' ? displayDateTime(ms, lang) : displayDate(ms, lang))}
          onPick={
            drill
              ? (index) => {
                  const row = data.rowAt[index] ?? (chart.kind === 'histogram' ? { id: 0, [chart.x]: index } : undefined);
                  if (row) navigate(drillDownUrl(drill, row, filters));
                }
              : undefined
          }
        />
      </Suspense>
    </section>
  );
}
