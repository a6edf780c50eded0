// The live map's drawing (issue 16, track_map), outside React: Leaflet on its canvas renderer, the base layers below,
// and the trucks clustered by supercluster in a worker of the map's own (cluster-worker.ts). Only what is in view is
// drawn, as one canvas path (fleet-dots.ts): at a city's zoom a few dozen clusters, close in the trucks themselves,
// each a dot in its status's colour with a tick for its heading. Clicking a cluster zooms into it; clicking a truck
// tells the screen, which shows its status row; a truck under the pointer shows its plate.
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { wrap, transfer, type Remote } from 'comlink';
import type { BaseMap, MapConfig } from '../../../domain/map/base-map';
import { STATUS_COLORS } from '../../../domain/map/status-colors';
import type { TruckStatusCode } from '../../../domain/truck-status';
import { createBaseMapView } from '../map/base-map-view';
import { escapeText } from '../map/escape-text';
import type { ClusterApi } from './cluster-worker';
import { CLUSTER_MAX_ZOOM } from './cluster-options';
import { FleetDots, type DrawnItem } from './fleet-dots';

export interface TruckPoint {
  readonly key: string;
  readonly lat: number;
  readonly lng: number;
  readonly heading: number;
  readonly status: TruckStatusCode;
  readonly plate: string;
}

export interface FleetMap {
  /** The trucks to show now (the screen's filtered ones); drawn at the next frame. */
  setTrucks(points: readonly TruckPoint[]): void;
  /** Centres on a truck, close enough to see it alone, and marks it chosen. */
  focus(key: string): void;
  /** How many trucks and clusters are drawn now, and at which zoom (shown to the user, read by tests and the benchmark). */
  drawn(): Drawn;
  destroy(): void;
}

export interface FleetMapOptions {
  readonly config: MapConfig;
  readonly base: BaseMap | undefined;
  readonly onChoose: (key: string) => void;
  /** Redrawn: what is on the map changed (the screen shows the counts). */
  readonly onDrawn: (drawn: Drawn) => void;
}

export interface Drawn {
  readonly trucks: number;
  readonly clusters: number;
  readonly zoom: number;
}

const FOCUS_ZOOM = 16;

export function createFleetMap(container: HTMLElement, options: FleetMapOptions): FleetMap {
  // Measured again when its box changes: what is in view changed, so the trucks are drawn again.
  const view = createBaseMapView(container, options.config, options.base, { onResize: () => schedule() });
  const { map, renderer, project } = view;

  const dots = new FleetDots(renderer).addTo(map);
  const plate = L.tooltip({ direction: 'top', offset: [0, -6] });
  const worker = new Worker(new URL('./cluster.worker.ts', import.meta.url), { type: 'module', name: 'fleet-map-clusters' });
  const clusters: Remote<ClusterApi> = wrap<ClusterApi>(worker);
  /** The points of each load the worker may still answer for, by generation. */
  const loads = new Map<number, readonly TruckPoint[]>();
  let generation = 0;
  let points: readonly TruckPoint[] = [];
  let chosen: string | undefined;
  let frame: number | undefined;
  /** Queries answered out of turn are dropped: only the latest view is drawn. */
  let asked = 0;
  let drawn: Drawn = { trucks: 0, clusters: 0, zoom: map.getZoom() };
  let destroyed = false;

  const draw = async () => {
    frame = undefined;
    const bounds = map.getBounds().pad(0.1);
    const zoom = Math.round(map.getZoom());
    const query = (asked += 1);
    // The index holds device positions; the view is in the base layer's coordinates, a few hundred metres apart at
    // most: the padding covers the difference.
    const answer = await clusters.query([bounds.getWest(), bounds.getSouth(), bounds.getEast(), bounds.getNorth()], zoom);
    if (destroyed || query !== asked) return;
    const loaded = loads.get(answer.generation) ?? [];
    for (const old of loads.keys()) if (old < answer.generation) loads.delete(old);
    const items: DrawnItem[] = [];
    for (let at = 0; at < answer.clusters.length; at += 4) {
      const [lng = 0, lat = 0, count = 0, id = 0] = answer.clusters.subarray(at, at + 4);
      items.push({ kind: 'cluster', id, count, at: L.latLng(project(lat, lng)) });
    }
    const clusterCount = items.length;
    for (const index of answer.points) {
      const point = loaded[index];
      if (!point) continue;
      items.push({
        kind: 'truck', key: point.key, plate: point.plate, at: L.latLng(project(point.lat, point.lng)), heading: point.heading,
        color: STATUS_COLORS[point.status], chosen: point.key === chosen,
      });
    }
    dots.setItems(items);
    drawn = { trucks: items.length - clusterCount, clusters: clusterCount, zoom };
    options.onDrawn(drawn);
  };
  const schedule = () => {
    frame ??= requestAnimationFrame(() => void draw());
  };
  map.on('moveend zoomend', schedule);

  dots.on('click', (event: L.LeafletMouseEvent) => {
    const item = dots.itemAt(event.layerPoint);
    if (item?.kind === 'truck') options.onChoose(item.key);
    else if (item?.kind === 'cluster') {
      void clusters.expansionZoom(item.id).then((zoom) => !destroyed && map.flyTo(item.at, Math.min(zoom, CLUSTER_MAX_ZOOM + 1)));
    }
  });
  dots.on('mousemove', (event: L.LeafletMouseEvent) => {
    const item = dots.itemAt(event.layerPoint);
    if (item?.kind !== 'truck') {
      plate.close();
      return;
    }
    // A plate is typed by people: text, never markup.
    plate.setLatLng(item.at).setContent(escapeText(item.plate));
    if (!map.hasLayer(plate)) plate.openOn(map);
  });
  dots.on('mouseout', () => plate.close());

  return {
    setTrucks(next) {
      points = next;
      generation += 1;
      loads.set(generation, next);
      const coords = new Float64Array(next.length * 2);
      next.forEach((point, at) => {
        coords[at * 2] = point.lng;
        coords[at * 2 + 1] = point.lat;
      });
      void clusters.load(transfer(coords, [coords.buffer]), generation);
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
      destroyed = true;
      if (frame !== undefined) cancelAnimationFrame(frame);
      view.destroy();
      worker.terminate();
    },
  };
}
