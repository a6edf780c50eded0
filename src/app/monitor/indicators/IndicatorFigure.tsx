// One figure of an indicator dashboard as its definition says: a number, a trend (uPlot through the report chart), the
// counts by alarm type or the top trucks; the figure's title and every row link to its report over the same span.
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { alarmTypeLabelKey, isAlarmTypeId } from '../../../../domain/alarm-types';
import { displayDate, displayShortDateTime, formatDate } from '../../../../domain/format/time';
import { toLang } from '../../../../domain/i18n';
import type { IndicatorFigure as FigureDef } from '../../../../domain/screens/indicators/definition';
import { alarmTypeUrl, bucketSpan, figureUrl } from '../../../../domain/screens/indicators/drill';
import type { FigureValue, IndicatorAnswer } from '../../../../domain/screens/indicators/wire';
import { ReportChart } from '../../../ui/chart/ReportChart';
import type { ChartData } from '../../../ui/chart/chart-data';

interface IndicatorFigureProps {
  readonly figure: FigureDef;
  readonly value: FigureValue;
  readonly answer: IndicatorAnswer;
}

export function IndicatorFigure({ figure, value, answer }: IndicatorFigureProps) {
  const { t } = useTranslation();
  const wide = figure.chart !== 'number';
  return (
    <section className={wide ? 'indicator-figure indicator-figure--wide' : 'indicator-figure'} data-figure={figure.key} data-chart={figure.chart}>
      <h2>
        <Link href={figureUrl(figure, answer)} data-testid={`figure-link-${figure.key}`}>
          {t(figure.labelKey)}
        </Link>
      </h2>
      <p className="indicator-figure__total" data-testid={`figure-total-${figure.key}`}>
        {value.total}
      </p>
      {figure.chart === 'trend' && <TrendFigure figure={figure} value={value} answer={answer} />}
      {figure.chart === 'byType' && <TypeList figure={figure} value={value} answer={answer} />}
      {figure.chart === 'top' && <TopList figure={figure} value={value} answer={answer} />}
    </section>
  );
}

function Empty() {
  const { t } = useTranslation();
  return <p className="indicator-figure__empty">{t('indicators.empty')}</p>;
}

function TrendFigure({ figure, value, answer }: IndicatorFigureProps) {
  const { t, i18n } = useTranslation();
  const lang = toLang(i18n.language);
  const [, navigate] = useLocation();
  const lines = figure.chart === 'trend' ? figure.series : [];
  const data = useMemo((): ChartData => {
    const size = Math.max(0, ...lines.map((line) => value.series?.[line.key]?.length ?? 0));
    return {
      x: Array.from({ length: size }, (_, i) => answer.startTime + i * answer.bucketMs),
      categories: [],
      series: lines.map((line) => ({ label: t(line.labelKey), values: [...(value.series?.[line.key] ?? [])] })),
      rowAt: [],
    };
  }, [lines, value, answer, t]);
  const hourly = answer.bucketMs < 86_400_000;
  // Thirty full dates overlap on the axis: the ticks say month and day, the cursor the whole date.
  const tick = (ms: number) => (hourly ? displayShortDateTime(ms, lang) : formatDate(ms, lang === 'en' ? 'MM/dd' : 'MM-dd'));
  const cursor = (ms: number) => (hourly ? displayShortDateTime(ms, lang) : displayDate(ms, lang));
  return (
    <ReportChart
      kind="line"
      data={data}
      xLabel={t('indicators.time')}
      yLabel={t('indicators.count')}
      formatTick={tick}
      formatCursor={cursor}
      onPick={(index) => navigate(figureUrl(figure, bucketSpan(answer, index)))}
    />
  );
}

function TypeList({ figure, value, answer }: IndicatorFigureProps) {
  const { t } = useTranslation();
  const types = value.types ?? [];
  if (types.length === 0) return <Empty />;
  return (
    <table className="indicator-figure__list">
      <thead>
        <tr>
          <th>{t('indicators.alarmType')}</th>
          <th>{t('indicators.count')}</th>
        </tr>
      </thead>
      <tbody>
        {types.map((row) => (
          <tr key={row.type}>
            <td>
              <Link href={alarmTypeUrl(figure, row.type, answer)}>{isAlarmTypeId(row.type) ? t(alarmTypeLabelKey(row.type)) : String(row.type)}</Link>
            </td>
            <td>{row.count}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function TopList({ figure, value, answer }: IndicatorFigureProps) {
  const trucks = value.trucks ?? [];
  if (trucks.length === 0) return <Empty />;
  return (
    <ol className="indicator-figure__list indicator-figure__top">
      {trucks.map((truck) => (
        <li key={truck.truckId}>
          <Link href={figureUrl(figure, answer, truck.signCode)} aria-label={`${truck.signCode} ${truck.count}`}>
            <span>{truck.signCode}</span> <span className="indicator-figure__count">{truck.count}</span>
          </Link>
        </li>
      ))}
    </ol>
  );
}
