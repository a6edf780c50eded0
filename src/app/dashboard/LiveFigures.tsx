// The dashboard's live figures: trucks per status and fuel totals (offline trucks excluded), as the worker publishes them.
import { useTranslation } from 'react-i18next';
import type { FuelKind } from '../../../domain/fuel';
import { BADGE_ORDER, truckStatus } from '../../../domain/truck-status';
import { DATA_SOURCE_LABELS } from '../../live/live-labels';
import { useFleetStatus } from '../live/use-live';

const FUEL_KINDS = ['gasoline', 'diesel', 'other'] as const satisfies readonly FuelKind[];

export function LiveFigures() {
  const { t } = useTranslation();
  const status = useFleetStatus();
  const ready = status !== undefined && status.source !== 'none';
  return (
    <section aria-labelledby="dashboard-live" data-testid="live-figures">
      <h2 id="dashboard-live">{t('dashboard.live')}</h2>
      {!ready ? (
        <p>{t('dashboard.liveWaiting')}</p>
      ) : (
        <>
          <dl className="facts">
            <dt>{t('dashboard.trucks')}</dt>
            <dd data-testid="live-trucks">{status.trucks}</dd>
            <dt>{t('dashboard.liveSource')}</dt>
            <dd>{t(DATA_SOURCE_LABELS[status.source])}</dd>
          </dl>
          <h3>{t('dashboard.liveCounts')}</h3>
          <dl className="facts">
            {BADGE_ORDER.map((code) => (
              <div key={code}>
                <dt>{t(truckStatus(code).labelKey)}</dt>
                <dd data-testid={`live-count-${truckStatus(code).name}`}>{status.counts[code]}</dd>
              </div>
            ))}
          </dl>
          <h3>{t('dashboard.fuelTotals')}</h3>
          <dl className="facts">
            {FUEL_KINDS.map((kind) => (
              <div key={kind}>
                <dt>{t(`fuel.${kind}`)}</dt>
                <dd data-testid={`live-fuel-${kind}`}>{status.fuel[kind]}</dd>
              </div>
            ))}
          </dl>
        </>
      )}
    </section>
  );
}
