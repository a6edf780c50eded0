// The detail pane's small map as a component of its own chunk (Leaflet and the base map load when a detail is first
// shown, not with the list): the truck's mark at the alarm's position.
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useMonitorMap } from '../map/use-monitor-map';
import { createAlarmMap, type AlarmSpot } from './alarm-map';

export default function AlarmMap({ spot }: { readonly spot: AlarmSpot }) {
  const { t } = useTranslation();
  const { container, map } = useMonitorMap((element, setup) => createAlarmMap(element, setup.config, setup.base));
  useEffect(() => map?.show(spot), [map, spot]);
  return <div ref={container} className="inbox-detail__map" role="img" aria-label={t('alarmInbox.detail.map', { plate: spot.label })} data-testid="inbox-map" />;
}
