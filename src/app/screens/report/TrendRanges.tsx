// A trend chart's quick ranges (params spec §9: past day, last 7 days), each ending now; the pressed one is the range
// the report shows, judged from the range itself so a reload or a link keeps it pressed.
import { useTranslation } from 'react-i18next';
import { activeTrendRange, TREND_RANGES, trendRange } from '../../../../domain/screens/reports/trend';

export interface TrendRangesProps {
  readonly startTime: string | undefined;
  readonly endTime: string | undefined;
  readonly onRange: (range: { readonly startTime: number; readonly endTime: number }) => void;
}

export function TrendRanges({ startTime, endTime, onRange }: TrendRangesProps) {
  const { t } = useTranslation();
  const active = activeTrendRange(Number(startTime), Number(endTime));
  return (
    <div className="report__trend-ranges" role="group" aria-label={t('report.chartRanges')}>
      {TREND_RANGES.map((range) => (
        <button key={range} type="button" className="button" aria-pressed={range === active} onClick={() => onRange(trendRange(range, Date.now()))}>
          {t(`report.preset.${range}`)}
        </button>
      ))}
    </div>
  );
}
