// The offline base map's city, as pure geometry: bounds around every district and place, a named road grid inside them.
import { describe, expect, it } from 'vitest';
import type { LngLat } from '../../../domain/fence-shape';
import type { RoadFeature } from '../../../domain/map/base-map';
import { cityBounds, districtFeatures, roadGrid, type MapBounds } from '../../../server/map/city-layer';
import { DISTRICTS, ROADS, distanceKm, type LatLng } from '../../../server/sim/city';

function inside(bounds: MapBounds, [lng, lat]: LngLat): boolean {
  const [[south, west], [north, east]] = bounds;
  return lat >= south && lat <= north && lng >= west && lng <= east;
}

/** How far a point lies from the nearest edge of the bounds, in km. */
function marginKm(bounds: MapBounds, p: LatLng): number {
  const [[south, west], [north, east]] = bounds;
  return Math.min(
    distanceKm(p, { lat: south, lng: p.lng }), distanceKm(p, { lat: north, lng: p.lng }),
    distanceKm(p, { lat: p.lat, lng: west }), distanceKm(p, { lat: p.lat, lng: east }),
  );
}

const FAR_PLACES: readonly LatLng[] = [{ lat: 31.6, lng: 121.9 }, { lat: 30.7, lng: 120.9 }];

describe('the city layer', () => {
  it('bounds every district and every place with about 3 km to spare', () => {
    const bounds = cityBounds(FAR_PLACES);
    for (const p of [...DISTRICTS, ...FAR_PLACES]) {
      expect(inside(bounds, [p.lng, p.lat])).toBe(true);
      expect(marginKm(bounds, p)).toBeGreaterThan(2.9);
    }
    const [[south, west], [north, east]] = bounds;
    expect(south).toBeLessThan(30.7);
    expect(north).toBeGreaterThan(31.6);
    expect(west).toBeLessThan(120.9);
    expect(east).toBeGreaterThan(121.9);
  });

  it('labels each district once, at its centre', () => {
    const features = districtFeatures();
    expect(features.map((f) => f.properties.name)).toEqual(DISTRICTS.map((d) => d.name));
    expect(features.map((f) => f.geometry.coordinates)).toEqual(DISTRICTS.map((d) => [d.lng, d.lat]));
  });

  it('draws roads as east–west and north–south lines across the bounds, every 4 km or so, each named from ROADS', () => {
    const bounds = cityBounds([]);
    const roads = roadGrid(bounds);
    const [[south, west], [north, east]] = bounds;
    const eastWest = roads.filter((r) => r.geometry.coordinates[0]?.[1] === r.geometry.coordinates[1]?.[1]);
    const northSouth = roads.filter((r) => r.geometry.coordinates[0]?.[0] === r.geometry.coordinates[1]?.[0]);
    expect(eastWest.length + northSouth.length).toBe(roads.length);
    const heightKm = distanceKm({ lat: south, lng: west }, { lat: north, lng: west });
    const widthKm = distanceKm({ lat: south, lng: west }, { lat: south, lng: east });
    expect(Math.abs(eastWest.length - heightKm / 4)).toBeLessThanOrEqual(1);
    expect(Math.abs(northSouth.length - widthKm / 4)).toBeLessThanOrEqual(1);
    for (const road of roads) {
      expect(road.geometry.type).toBe('LineString');
      expect(road.geometry.coordinates).toHaveLength(2);
      for (const point of road.geometry.coordinates) expect(inside(bounds, point)).toBe(true);
      expect(ROADS).toContain(road.properties.name);
    }
    for (const line of eastWest) expect(line.geometry.coordinates.map(([lng]) => lng)).toEqual([west, east]);
    for (const line of northSouth) expect(line.geometry.coordinates.map(([, lat]) => lat)).toEqual([south, north]);
  });

  it('gives each road its own name while ROADS has names left', () => {
    const roads = roadGrid(cityBounds([]));
    expect(roads.length).toBeLessThanOrEqual(ROADS.length);
    expect(new Set(roads.map((r) => r.properties.name)).size).toBe(roads.length);
  });

  it('draws the same roads for the same bounds, and keeps the lines in place when a place widens them', () => {
    const key = (roads: readonly RoadFeature[]) => roads.map((r) => `${r.properties.name}@${JSON.stringify(r.geometry.coordinates)}`);
    expect(key(roadGrid(cityBounds([])))).toEqual(key(roadGrid(cityBounds([]))));
    const along = (roads: readonly RoadFeature[]) => new Set(roads.flatMap((r) => {
      const [a, b] = r.geometry.coordinates;
      return a && b && a[1] === b[1] ? [`lat ${a[1]}`] : a ? [`lng ${a[0]}`] : [];
    }));
    const narrow = along(roadGrid(cityBounds([])));
    const wide = along(roadGrid(cityBounds(FAR_PLACES)));
    for (const position of narrow) expect(wide.has(position)).toBe(true);
  });

  it('widens the spacing rather than drawing hundreds of roads for a place far from the city', () => {
    const roads = roadGrid(cityBounds([{ lat: 39.9, lng: 116.4 }]));
    expect(roads.length).toBeLessThanOrEqual(82);
    expect(roads.length).toBeGreaterThan(40);
  });
});
