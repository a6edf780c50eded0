// The trip figures of the track played (docs/playback.md): distance, moving and parked time, stops, the gaps in the
// fixes, top speed.
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { TripFigures as Figures } from '../../../../domain/playback/trip-math';

/** '2 h 05 min' / '2小时05分'. */
function duration(ms: number, lang: string): string {
  const minutes = Math.round(ms / 60_000);
  const hours = Math.floor(minutes / 60);
  const rest = String(minutes % 60).padStart(2, '0');
  return lang === 'en' ? `${hours} h ${rest} min` : `${hours}小时${rest}分`;
}

/** How often and how long the device was silent: '0', or '2 段，共 9小时40分'. */
function gapsText(figures: Figures, t: TFunction, lang: string): string {
  if (figures.gaps.length === 0) return '0';
  const silent = figures.gaps.reduce((sum, gap) => sum + gap.endTime - gap.startTime, 0);
  return t('playback.gapsValue', { count: figures.gaps.length, duration: duration(silent, lang) });
}

export function TripFigures({ figures, fixes }: { readonly figures: Figures; readonly fixes: number }) {
  const { t, i18n } = useTranslation();
  const rows: readonly (readonly [string, string, string])[] = [
    ['distance', t('playback.distance'), t('playback.distanceValue', { km: figures.distanceKm.toFixed(1) })],
    ['moving', t('playback.moving'), duration(figures.movingMs, i18n.language)],
    ['parking', t('playback.parking'), duration(figures.parkedMs, i18n.language)],
    ['stops', t('playback.stops'), String(figures.stops.length)],
    ['gaps', t('playback.gaps'), gapsText(figures, t, i18n.language)],
    ['maxSpeed', t('playback.maxSpeed'), `${Math.round(figures.maxSpeed)} km/h`],
    ['fixes', t('playback.fixes'), String(fixes)],
  ];
  return (
    <section className="playback__figures" aria-label={t('playback.figures')}>
      <h2>{t('playback.figures')}</h2>
      <dl>
        {rows.map(([id, label, value]) => (
          <div key={id} data-figure={id}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
