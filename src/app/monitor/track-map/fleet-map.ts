// The live map's drawing (track_map), outside React: Leaflet on its canvas renderer, the base layers below,
// and the trucks clustered by supercluster in a worker of the map's own (cluster-worker.ts). Only what is in view is
// drawn, as one canvas path (fleet-dots.ts): at a city's zoom a few dozen clusters, close in the trucks themselves,
// each a dot in its status's colour with a tick for its heading. Clicking a cluster zooms into it; clicking a truck
// tells the screen, which shows its status row; a truck under the pointer shows its plate.
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { wrap, transfer, type Remote } from 'comlink';
import type { BaseMap, MapConfig } from '../../../../domain/map/base-map';
import { STATUS_COLORS } from '../../../../domain/map/status-colors';
import type { TruckView } from '../../../../streams/truck-status.stream';
import { createBaseMapView } from '../map/base-map-view';
import { escapeText } from '../map/escape-text';
import type { ClusterApi } from './cluster-worker';
import { CLUSTER_MAX_ZOOM } from './cluster-options';
import { FleetDots, type DrawnItem } from './fleet-dots';
import { positionOf } from './track-filters';

/** One load of the clustering: the trucks given, and which of them (with a position) the index's points are. */
interface Load {
  readonly trucks: readonly TruckView[];
  readonly placed: Int32Array;
}

interface FleetMap {
  /**
   * The trucks to show now (the screen's filtered ones; those without a position are left off); drawn once the
   * clustering worker has them. Only their positions cross to the worker, as one transferred array; the trucks in view
   * are read from the list at each draw, so no object per truck is built per update.
   */
  setTrucks(trucks: readonly TruckView[]): void;
  /** Centres on a truck, close enough to see it alone, and marks it chosen. */
  focus(key: string): void;
  /** How many trucks and clusters are drawn now, and at which zoom (shown to the user, read by tests and the benchmark). */
  drawn(): Drawn;
  destroy(): void;
}

interface FleetMapOptions {
  readonly config: MapConfig;
  readonly base: BaseMap | undefined;
  readonly onChoose: (key: string) => void;
  /** Redrawn: what is on the map changed (the screen shows the counts). */
  readonly onDrawn: (drawn: Drawn) => void;
  /** A ring round a truck's dot in this colour (the sprinkler map's spraying trucks); none by default. */
  readonly ringOf?: (truck: TruckView) => string | undefined;
}

export interface Drawn {
  readonly trucks: number;
  readonly clusters: number;
  readonly zoom: number;
  /** Of the trucks drawn, those with a ring (`ringOf`). */
  readonly ringed: number;
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
  /** The trucks of each load the worker may still answer for, by generation. */
  const loads = new Map<number, Load>();
  let generation = 0;
  let trucks: readonly TruckView[] = [];
  /**
   * One load in the worker at a time, and only the latest waiting: during the first seconds the fleet comes in several
   * lists, and queueing an index of each (each longer) kept the first markers waiting behind all of them.
   */
  let loading = false;
  let waiting: { readonly coords: Float64Array; readonly generation: number } | undefined;
  let chosen: string | undefined;
  let frame: number | undefined;
  /** Queries answered out of turn are dropped: only the latest view is drawn. */
  let asked = 0;
  let drawn: Drawn = { trucks: 0, clusters: 0, zoom: map.getZoom(), ringed: 0 };
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
    const loaded = loads.get(answer.generation);
    for (const old of loads.keys()) if (old < answer.generation) loads.delete(old);
    const items: DrawnItem[] = [];
    for (let at = 0; at < answer.clusters.length; at += 4) {
      const [lng = 0, lat = 0, count = 0, id = 0] = answer.clusters.subarray(at, at + 4);
      items.push({ kind: 'cluster', id, count, at: L.latLng(project(lat, lng)) });
    }
    const clusterCount = items.length;
    let ringed = 0;
    for (const index of answer.points) {
      const truck = loaded?.trucks[loaded.placed[index] ?? -1];
      const at = truck && positionOf(truck);
      if (!truck || !at) continue;
      const ring = options.ringOf?.(truck);
      if (ring !== undefined) ringed += 1;
      items.push({
        kind: 'truck', key: truck.key, plate: truck.row.signCode, at: L.latLng(project(at.lat, at.lng)), heading: at.heading,
        color: STATUS_COLORS[truck.row.status], chosen: truck.key === chosen, ring,
      });
    }
    dots.setItems(items);
    drawn = { trucks: items.length - clusterCount, clusters: clusterCount, zoom, ringed };
    options.onDrawn(drawn);
  };
  const schedule = () => {
    frame ??= requestAnimationFrame(() => void draw());
  };
  const sendLoad = () => {
    if (loading || !waiting || destroyed) return;
    const { coords, generation: next } = waiting;
    waiting = undefined;
    loading = true;
    void clusters.load(transfer(coords, [coords.buffer]), next).finally(() => {
      loading = false;
      sendLoad();
      schedule();
    });
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
      trucks = next;
      generation += 1;
      const placed = new Int32Array(next.length);
      const coords = new Float64Array(next.length * 2);
      let count = 0;
      for (let at = 0; at < next.length; at += 1) {
        const row = next[at]?.row;
        if (row?.lat === undefined || row.lng === undefined) continue;
        placed[count] = at;
        coords[count * 2] = row.lng;
        coords[count * 2 + 1] = row.lat;
        count += 1;
      }
      loads.set(generation, { trucks: next, placed });
      waiting = { coords: coords.slice(0, count * 2), generation };
      sendLoad();
    },
    focus(key) {
      const truck = trucks.find((candidate) => candidate.key === key);
      const at = truck && positionOf(truck);
      chosen = key;
      if (at) map.setView(project(at.lat, at.lng), Math.max(map.getZoom(), FOCUS_ZOOM));
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
