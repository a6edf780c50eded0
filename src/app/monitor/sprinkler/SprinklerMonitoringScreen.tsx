// sprinkler_monitoring: the live map over the sprinklers only — the track_map view with the sprinklers
// offered, a spraying column in its list and how many are spraying now (sprinkler-trucks.ts says how both are told), and
// each spraying truck's marker ringed in water blue, with its legend.
import { useTranslation } from 'react-i18next';
import type { TruckView } from '../../../../streams/truck-status.stream';
import type { WindowedColumn } from '../../../ui/WindowedTable';
import type { RoutePath } from '../../../../domain/routes';
import { TrackMapView } from '../track-map/TrackMapScreen';
import { isSprinkler, isSpraying } from './sprinkler-trucks';
import './sprinkler.css';

const PATH = '/monitor/sprinkler_monitoring';

/** A sprinkler's card leads to its own playback and water level. */
const SPRINKLER_SCREENS: readonly RoutePath[] = [
  '/monitor/sprinkler_playback_track', '/monitor/sprinkler_real_inventory', '/monitor/view_photos', '/monitor/real_video',
];

/** Water blue, as the list's spraying state. */
export const SPRAYING_RING = '#1971c2';

const sprayingRing = (truck: TruckView) => (isSpraying(truck) ? SPRAYING_RING : undefined);

export default function SprinklerMonitoringScreen() {
  const { t } = useTranslation();
  const columns: readonly WindowedColumn<TruckView>[] = [
    {
      id: 'spraying', header: t('sprinkler.sprayState'), width: '5.5em',
      cell: (truck) => (isSpraying(truck)
        ? <span className="sprinkler-state sprinkler-state--on" data-spraying="true">{t('sprinkler.spraying')}</span>
        : <span className="sprinkler-state" data-spraying="false">{t('sprinkler.notSpraying')}</span>),
    },
  ];
  const summary = (shown: readonly TruckView[]) => (
    <p className="sprinkler-summary" data-spraying={shown.filter(isSpraying).length}>
      {t('sprinkler.sprayingCount', { count: shown.filter(isSpraying).length })}
    </p>
  );
  const ring = {
    of: sprayingRing,
    legend: <span className="sprinkler-ring-legend"><i style={{ borderColor: SPRAYING_RING }} />{t('sprinkler.mapRing')}</span>,
  };
  return <TrackMapView path={PATH} offers={isSprinkler} moreColumns={columns} summary={summary} truckScreens={SPRINKLER_SCREENS} ring={ring} />;
}
