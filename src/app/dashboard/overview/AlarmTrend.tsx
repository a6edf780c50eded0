// Alarms started in each of the last 24 hours, as bars: a glance at whether tonight is busier than usual. Drawn as SVG
// (24 rectangles need no chart library on the landing page); each bar names its hour and count for a screen reader.
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../../domain/format/time';

const HOUR = 3_600_000;
const WIDTH = 240;
const HEIGHT = 64;

export function AlarmTrend({ counts, from }: { readonly counts: readonly number[]; readonly from: number }) {
  const { t } = useTranslation();
  const max = Math.max(1, ...counts);
  const bar = WIDTH / counts.length;
  const total = counts.reduce((sum, n) => sum + n, 0);
  return (
    <figure className="overview__trend">
      <figcaption>{t('overview.trend', { count: total })}</figcaption>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={t('overview.trend', { count: total })} preserveAspectRatio="none">
        {counts.map((count, hour) => {
          const height = (count / max) * HEIGHT;
          return (
            <rect key={hour} x={hour * bar + 1} y={HEIGHT - height} width={bar - 2} height={Math.max(height, count > 0 ? 2 : 0)} className="overview__trend-bar">
              <title>{t('overview.trendBar', { hour: formatDate(from + hour * HOUR, 'HH:mm'), count })}</title>
            </rect>
          );
        })}
      </svg>
      {/* Labels every six hours only, so they never run into each other at any width; outside the stretched drawing. */}
      <div className="overview__trend-labels" aria-hidden="true">
        {[0, 6, 12, 18].map((hour) => (
          <span key={hour} style={{ left: `${(hour / counts.length) * 100}%` }}>
            {formatDate(from + hour * HOUR, 'HH:mm')}
          </span>
        ))}
      </div>
    </figure>
  );
}
