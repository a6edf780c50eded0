// The detail pane's small map, outside React: the monitor board's base layers and one mark where the truck was when
// the alarm started, in the alarm's severity colour, centred at street zoom.
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import type { AlarmSeverity } from '../../../../domain/alarm-severity';
import type { BaseMap, MapConfig } from '../../../../domain/map/base-map';
import { createBaseMapView } from '../map/base-map-view';
import { escapeText } from '../map/escape-text';

const SEVERITY_COLORS: Readonly<Record<AlarmSeverity, string>> = { critical: '#f56c6c', major: '#e6a23c', minor: '#909399' };

/** Close enough to read the streets around the truck. */
const ALARM_ZOOM = 15;

export interface AlarmSpot {
  readonly lat: number;
  readonly lng: number;
  readonly severity: AlarmSeverity;
  /** The mark's tooltip: the plate. */
  readonly label: string;
}

interface AlarmMap {
  /** The truck's mark, centred; undefined clears it. */
  show(spot: AlarmSpot | undefined): void;
  destroy(): void;
}

export function createAlarmMap(container: HTMLElement, config: MapConfig, base: BaseMap | undefined): AlarmMap {
  let centre: L.LatLngTuple | undefined;
  const view = createBaseMapView(container, config, base, { onResize: () => centre && view.map.setView(centre, ALARM_ZOOM, { animate: false }) });
  const { map, renderer, project } = view;
  const layer = L.layerGroup().addTo(map);
  return {
    show(spot) {
      layer.clearLayers();
      centre = undefined;
      if (!spot) return;
      centre = project(spot.lat, spot.lng);
      L.circleMarker(centre, { radius: 9, color: '#fff', weight: 2, fillColor: SEVERITY_COLORS[spot.severity], fillOpacity: 1, renderer })
        .bindTooltip(escapeText(spot.label), { direction: 'top', permanent: true })
        .addTo(layer);
      map.setView(centre, ALARM_ZOOM, { animate: false });
    },
    destroy() {
      view.destroy();
    },
  };
}
