// The offline base map's city (docs/map.md): its bounds, district labels and a grid of named arterial roads,
// drawn from the simulator's city alone, so the console has a map where no tile server is reachable.
import type { LngLat } from '../../domain/fence-shape';
import type { BaseMap, DistrictFeature, RoadFeature } from '../../domain/map/base-map';
import { CITY_CENTRE, DISTRICTS, distanceKm, lerp, offsetKm, roadAt, type LatLng } from '../sim/city';

/** Room around the outermost district or place, so none sits on the map's edge. */
const MARGIN_KM = 3;
/** Arterials every 4 km each way: a city's main grid, and the way the simulator's trucks drive (axis-aligned legs). */
const ROAD_SPACING_KM = 4;
/** Lines each way at most: a place entered far from the city widens the spacing rather than flooding the answer. */
const MAX_LINES = 40;

export type MapBounds = BaseMap['bounds'];

/** Five decimals (about 1 m): as fine as a drawn map needs, and a sixth of every coordinate's text saved. */
export function round5(value: number): number {
  return Math.round(value * 1e5) / 1e5;
}

export function lngLatOf(p: LatLng): LngLat {
  return [round5(p.lng), round5(p.lat)];
}

/** South-west and north-east corners around every district and the given places, with a margin. */
export function cityBounds(places: readonly LatLng[]): MapBounds {
  const box = { south: Infinity, west: Infinity, north: -Infinity, east: -Infinity };
  for (const p of [...DISTRICTS, ...places]) {
    box.south = Math.min(box.south, p.lat);
    box.north = Math.max(box.north, p.lat);
    box.west = Math.min(box.west, p.lng);
    box.east = Math.max(box.east, p.lng);
  }
  const sw = offsetKm({ lat: box.south, lng: box.west }, -MARGIN_KM, -MARGIN_KM);
  const ne = offsetKm({ lat: box.north, lng: box.east }, MARGIN_KM, MARGIN_KM);
  return [[round5(sw.lat), round5(sw.lng)], [round5(ne.lat), round5(ne.lng)]];
}

export function districtFeatures(): DistrictFeature[] {
  return DISTRICTS.map((d) => ({
    type: 'Feature', properties: { kind: 'district', name: d.name }, geometry: { type: 'Point', coordinates: lngLatOf(d) },
  }));
}

/**
 * Positions of grid lines between `from` and `to`: whole steps from the city centre, so the lines stay put when a
 * new place moves an edge; the step grows when the span would need more than MAX_LINES.
 */
function gridPositions(from: number, to: number, origin: number, step: number): number[] {
  const wide = Math.max(step, (to - from) / MAX_LINES);
  const first = Math.ceil((from - origin) / wide);
  const last = Math.floor((to - origin) / wide);
  return Array.from({ length: Math.max(0, last - first + 1) }, (_, i) => origin + (first + i) * wide);
}

/**
 * The road a line is called: the simulator's road at its middle (the name a truck there reports), or, when an earlier
 * line already has that name, the nearest ~1 km cell along it whose road has no line yet, so one name is one street.
 */
function roadName(a: LatLng, b: LatLng, taken: ReadonlySet<string>): string {
  const lengthKm = distanceKm(a, b);
  const middle = roadAt(lerp(a, b, 0.5));
  for (let km = 0; km <= lengthKm / 2; km += 1) {
    for (const side of km === 0 ? [0] : [1, -1]) {
      const name = roadAt(lerp(a, b, 0.5 + (side * km) / lengthKm));
      if (!taken.has(name)) return name;
    }
  }
  return middle;
}

/** East–west roads south to north, then north–south roads west to east, each across the whole bounds. */
export function roadGrid(bounds: MapBounds): RoadFeature[] {
  const [[south, west], [north, east]] = bounds;
  const step = offsetKm(CITY_CENTRE, ROAD_SPACING_KM, ROAD_SPACING_KM);
  const lines: [LatLng, LatLng][] = [
    ...gridPositions(south, north, CITY_CENTRE.lat, step.lat - CITY_CENTRE.lat).map((lat): [LatLng, LatLng] => [{ lat, lng: west }, { lat, lng: east }]),
    ...gridPositions(west, east, CITY_CENTRE.lng, step.lng - CITY_CENTRE.lng).map((lng): [LatLng, LatLng] => [{ lat: south, lng }, { lat: north, lng }]),
  ];
  const taken = new Set<string>();
  return lines.map(([a, b]) => {
    const name = roadName(a, b, taken);
    taken.add(name);
    return {
      type: 'Feature', properties: { kind: 'road', name }, geometry: { type: 'LineString', coordinates: [lngLatOf(a), lngLatOf(b)] },
    };
  });
}
