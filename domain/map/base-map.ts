// The map's wire shapes (docs/map.md): the offline base map the server draws from the simulator's own city
// (districts, roads, depots, stations, parks, service depots and the caller's approved fences), and the map settings
// a deployment gives (a tile server, or none). Coordinates are WGS-84 as the devices send them, GeoJSON order.
import type { FenceShape, LngLat } from '../fence-shape';

/** Where the base map's calls live, below the shared client's base path. */
export const MAP_CALL_PATHS = { base: '/map/base', config: '/map/config' } as const;

/** A district's label at its centre. */
export interface DistrictFeature {
  readonly type: 'Feature';
  readonly properties: { readonly kind: 'district'; readonly name: string };
  readonly geometry: { readonly type: 'Point'; readonly coordinates: LngLat };
}

/** A named road, as a line across the city. */
export interface RoadFeature {
  readonly type: 'Feature';
  readonly properties: { readonly kind: 'road'; readonly name: string };
  readonly geometry: { readonly type: 'LineString'; readonly coordinates: readonly LngLat[] };
}

/** A place of the caller's companies: a depot, a filling station, a parking yard or a service depot. */
export interface PlaceFeature {
  readonly type: 'Feature';
  readonly properties: { readonly kind: 'depot' | 'station' | 'park' | 'serviceDepot'; readonly name: string; readonly code: string };
  readonly geometry: { readonly type: 'Point'; readonly coordinates: LngLat };
}

/** An approved fence of the caller's companies, its shape as stored (a circle is a centre and a radius in metres). */
export type FenceFeature = FenceShape & { readonly id: number; readonly name: string };

export type BaseMapFeature = DistrictFeature | RoadFeature | PlaceFeature;

/** GET /map/base: the city's features, the fences apart (a circle is no GeoJSON geometry), and where to look first. */
export interface BaseMap {
  /** [south-west, north-east] as [lat, lng] pairs: the whole city. */
  readonly bounds: readonly [readonly [number, number], readonly [number, number]];
  readonly features: readonly BaseMapFeature[];
  readonly fences: readonly FenceFeature[];
}

/** A tile server's coordinates: WGS-84 (OpenStreetMap; Tianditu's CGCS2000 is within a metre), or GCJ-02 (AMap, Tencent). */
export type MapCoords = 'wgs84' | 'gcj02';

/**
 * GET /map/config: the deployment's base layer. No `tileUrl` (the default, and always in tests): the offline base map.
 * A `tileUrl` is a Leaflet URL template (`https://…/{z}/{x}/{y}.png`); positions are converted when `coords` is gcj02.
 */
export interface MapConfig {
  readonly tileUrl: string | null;
  readonly attribution: string;
  readonly coords: MapCoords;
  readonly maxZoom: number;
}
