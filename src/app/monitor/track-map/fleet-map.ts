// The live map's drawing (issue 16, track_map), outside React: Leaflet on its canvas renderer, the base layers below,
// and the trucks clustered by supercluster. Only what is in view is drawn: at a city's zoom a few dozen clusters, close
// in the trucks themselves, each a dot in its status's colour with a tick for its heading. Clicking a cluster zooms
// into it; clicking a truck tells the screen, which shows its status row.
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import Supercluster from 'supercluster';
import type { BaseMap, MapConfig } from '../../../domain/map/base-map';
import { STATUS_COLORS } from '../../../domain/map/status-colors';
import type { TruckStatusCode } from '../../../domain/truck-status';
import { plainGrid, tileLayer, vectorBaseMap } from '../map/base-layers';
import { toMapCoords } from '../map/coords';

export interface TruckPoint {
  readonly key: string;
  readonly lat: number;
  readonly lng: number;
  readonly heading: number;
  readonly status: TruckStatusCode;
  readonly plate: string;
}

interface PointProps {
  readonly index: number;
}

export interface FleetMap {
  /** The trucks to show now (the screen's filtered ones); drawn at the next frame. */
  setTrucks(points: readonly TruckPoint[]): void;
  /** Centres on a truck, close enough to see it alone, and marks it chosen. */
  focus(key: string): void;
  /** How many trucks and clusters are drawn now (shown to the user, read by tests and the benchmark). */
  drawn(): { readonly trucks: number; readonly clusters: number };
  destroy(): void;
}

export interface FleetMapOptions {
  readonly config: MapConfig;
  readonly base: BaseMap | undefined;
  readonly onChoose: (key: string) => void;
  /** Redrawn: what is on the map changed (the screen shows the counts). */
  readonly onDrawn: (drawn: { readonly trucks: number; readonly clusters: number }) => void;
}

/** Shanghai, where the simulator's fleet drives, when the server gives no bounds. */
const DEFAULT_VIEW: L.LatLngTuple = [31.23, 121.47];
const FOCUS_ZOOM = 16;
/** Past this zoom every truck is drawn on its own. */
const CLUSTER_MAX_ZOOM = 15;
const HEADING_PX = 11;

export function createFleetMap(container: HTMLElement, options: FleetMapOptions): FleetMap {
  const { config, base } = options;
  const project = toMapCoords(config.coords);
  const renderer = L.canvas({ padding: 0.2 });
  const map = L.map(container, { preferCanvas: true, renderer, maxZoom: config.maxZoom, zoomSnap: 1, keyboard: true });
  plainGrid().addTo(map);
  if (config.tileUrl !== null) tileLayer({ ...config, tileUrl: config.tileUrl }).addTo(map);
  else if (base) vectorBaseMap(base, project, renderer).addTo(map);
  if (base) map.fitBounds(base.bounds.map(([lat, lng]) => project(lat, lng)) as L.LatLngBoundsLiteral);
  else map.setView(DEFAULT_VIEW, 11);

  const trucksLayer = L.layerGroup().addTo(map);
  const index = new Supercluster<PointProps>({ radius: 50, maxZoom: CLUSTER_MAX_ZOOM });
  let points: readonly TruckPoint[] = [];
  let chosen: string | undefined;
  let frame: number | undefined;
  let drawn = { trucks: 0, clusters: 0 };

  const truckDot = (point: TruckPoint): L.Layer[] => {
    const at = project(point.lat, point.lng);
    const color = STATUS_COLORS[point.status];
    const dot = L.circleMarker(at, { radius: point.key === chosen ? 8 : 6, color: point.key === chosen ? '#303133' : '#ffffff', weight: 2, fillColor: color, fillOpacity: 1, renderer });
    dot.on('click', () => options.onChoose(point.key));
    dot.bindTooltip(point.plate, { direction: 'top', offset: [0, -6] });
    // The tick toward the heading, drawn in screen pixels so it keeps its length at every zoom.
    const from = map.latLngToLayerPoint(at);
    const radians = (point.heading * Math.PI) / 180;
    const to = map.layerPointToLatLng(L.point(from.x + Math.sin(radians) * HEADING_PX, from.y - Math.cos(radians) * HEADING_PX));
    const tick = L.polyline([at, to], { color, weight: 3, renderer, interactive: false });
    return [tick, dot];
  };

  const clusterDot = (lat: number, lng: number, count: number, id: number): L.Layer => {
    const radius = Math.min(26, 10 + Math.log2(count) * 2.5);
    const dot = L.circleMarker(project(lat, lng), { radius, color: '#409eff', weight: 3, opacity: 0.45, fillColor: '#409eff', fillOpacity: 0.75, renderer });
    dot.bindTooltip(String(count), { permanent: true, direction: 'center', className: 'fleet-map__count' });
    dot.on('click', () => map.flyTo(project(lat, lng), Math.min(index.getClusterExpansionZoom(id), CLUSTER_MAX_ZOOM + 1)));
    return dot;
  };

  const draw = () => {
    frame = undefined;
    const bounds = map.getBounds().pad(0.1);
    const zoom = Math.round(map.getZoom());
    // The index holds device positions; the view is in the base layer's coordinates, a few hundred metres apart at
    // most: the padding covers the difference.
    const found = index.getClusters([bounds.getWest(), bounds.getSouth(), bounds.getEast(), bounds.getNorth()], zoom);
    const layers: L.Layer[] = [];
    let trucks = 0;
    let clusters = 0;
    for (const feature of found) {
      const [lng, lat] = feature.geometry.coordinates as [number, number];
      if ('cluster' in feature.properties && feature.properties.cluster) {
        clusters += 1;
        layers.push(clusterDot(lat, lng, feature.properties.point_count, feature.properties.cluster_id));
      } else {
        const point = points[(feature.properties as PointProps).index];
        if (!point) continue;
        trucks += 1;
        layers.push(...truckDot(point));
      }
    }
    trucksLayer.clearLayers();
    for (const layer of layers) trucksLayer.addLayer(layer);
    drawn = { trucks, clusters };
    options.onDrawn(drawn);
  };
  const schedule = () => {
    frame ??= requestAnimationFrame(draw);
  };
  map.on('moveend zoomend', schedule);
  // A kept-alive tab's view is hidden (no size) and shown again: Leaflet must measure its box anew.
  const resized = new ResizeObserver(() => {
    if (container.clientWidth === 0) return;
    map.invalidateSize();
    schedule();
  });
  resized.observe(container);

  return {
    setTrucks(next) {
      points = next;
      index.load(next.map((point, at) => ({ type: 'Feature', properties: { index: at }, geometry: { type: 'Point', coordinates: [point.lng, point.lat] } })));
      schedule();
    },
    focus(key) {
      const point = points.find((candidate) => candidate.key === key);
      chosen = key;
      if (point) map.setView(project(point.lat, point.lng), Math.max(map.getZoom(), FOCUS_ZOOM));
      schedule();
    },
    drawn: () => drawn,
    destroy() {
      if (frame !== undefined) cancelAnimationFrame(frame);
      resized.disconnect();
      map.remove();
    },
  };
}
