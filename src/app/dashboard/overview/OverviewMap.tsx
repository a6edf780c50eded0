// The overview's live map: the user's fleet coloured by status, from the trucks the page already follows (no socket
// of its own). Loaded as its own chunk with Leaflet, so the landing page's first script stays small. Choosing a truck
// opens the live map on it.
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import type { TruckView } from '../../../../streams/truck-status.stream';
import { useMonitorMap } from '../../monitor/map/use-monitor-map';
import { createFleetMap } from '../../monitor/track-map/fleet-map';
import '../../monitor/track-map/track-map.css';

export interface OverviewMapProps {
  readonly trucks: readonly TruckView[];
  /** The screen a chosen truck opens on (the live map, or the sprinkler map); undefined where the user has neither. */
  readonly opens: string | undefined;
}

export default function OverviewMap({ trucks, opens }: OverviewMapProps) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  // The map is made once; a truck chosen later is looked up among the trucks of that moment.
  const latest = useRef(trucks);
  latest.current = trucks;
  const { container, map } = useMonitorMap((element, setup) =>
    createFleetMap(element, {
      ...setup,
      onChoose: (key) => {
        const plate = latest.current.find((truck) => truck.key === key)?.row.signCode;
        if (opens && plate) navigate(`${opens}?plate=${encodeURIComponent(plate)}`);
      },
      onDrawn: () => undefined,
    }),
  );
  useEffect(() => map?.setTrucks(trucks), [map, trucks]);
  return <div ref={container} className="overview__map" role="region" aria-label={t('overview.map')} />;
}
