// What lies under the trucks: a plain grid always (the map is never blank, even when tiles cannot load), then either
// the deployment's tile server or the offline base map the server draws from the simulator's city (docs/map.md).
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import './map.css';
import type { BaseMap, BaseMapFeature, FenceFeature, MapConfig } from '../../../../domain/map/base-map';
import type { LatLngPair } from './coords';
import { escapeText } from './escape-text';

type Project = (lat: number, lng: number) => LatLngPair;

/**
 * Light lines every tile: a reference to pan and zoom by when there is nothing else. Each tile is an empty element
 * painted by CSS (map.css): no canvas to allocate, draw into and upload per tile, which held the loading map's main
 * thread for tens of milliseconds.
 */
const GridLayer = L.GridLayer.extend({
  createTile(): HTMLElement {
    const tile = document.createElement('div');
    tile.className = 'map-grid-tile';
    return tile;
  },
}) as new (options?: L.GridLayerOptions) => L.GridLayer;

export function plainGrid(): L.GridLayer {
  return new GridLayer({ zIndex: 0 });
}

export function tileLayer(config: MapConfig & { readonly tileUrl: string }): L.TileLayer {
  return L.tileLayer(config.tileUrl, { attribution: config.attribution, maxZoom: config.maxZoom, zIndex: 1 });
}

const PLACE_COLORS: Readonly<Record<string, string>> = { depot: '#8e44ad', station: '#16a085', park: '#7f8c8d', serviceDepot: '#d35400' };

function featureLayer(feature: BaseMapFeature, project: Project, renderer: L.Renderer): L.Layer {
  const { properties, geometry } = feature;
  if (geometry.type === 'LineString') {
    const line = L.polyline(geometry.coordinates.map(([lng, lat]) => project(lat, lng)), { color: '#ffffff', weight: 5, renderer, interactive: false });
    return L.layerGroup([L.polyline(line.getLatLngs() as L.LatLng[], { color: '#d5dbe1', weight: 7, renderer, interactive: false }), line]);
  }
  const [lng, lat] = geometry.coordinates;
  const at = project(lat, lng);
  if (properties.kind === 'district') {
    return L.marker(at, { interactive: false, keyboard: false, icon: L.divIcon({ className: 'map-district', html: `<span>${escapeText(properties.name)}</span>`, iconSize: [0, 0] }) });
  }
  return L.circleMarker(at, { radius: 5, color: '#fff', weight: 1, fillColor: PLACE_COLORS[properties.kind] ?? '#555', fillOpacity: 1, renderer })
    .bindTooltip(escapeText(properties.name), { direction: 'top' });
}

function fenceLayer(fence: FenceFeature, project: Project, renderer: L.Renderer): L.Layer {
  const style = { color: '#e6a23c', weight: 2, dashArray: '6 4', fillOpacity: 0.08, renderer };
  const layer = fence.geometry.type === 'Point'
    ? L.circle(project(fence.geometry.coordinates[1], fence.geometry.coordinates[0]), { ...style, radius: fence.properties.shape === 'circle' ? fence.properties.radius : 0 })
    : L.polygon(fence.geometry.coordinates[0].map(([lng, lat]) => project(lat, lng)), style);
  return layer.bindTooltip(escapeText(fence.name));
}

/**
 * The base map's parts in drawing order (roads under fences under places and labels), each made only when asked, so
 * a map can add them a slice at a time (idle-slices.ts) instead of all in the task that creates it.
 */
export function baseMapParts(base: BaseMap, project: Project, renderer: L.Renderer): (() => L.Layer)[] {
  const roads = base.features.filter((feature) => feature.properties.kind === 'road');
  const others = base.features.filter((feature) => feature.properties.kind !== 'road');
  return [
    ...roads.map((feature) => () => featureLayer(feature, project, renderer)),
    ...base.fences.map((fence) => () => fenceLayer(fence, project, renderer)),
    ...others.map((feature) => () => featureLayer(feature, project, renderer)),
  ];
}
