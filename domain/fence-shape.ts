// A fence's geometry (the `fence.geometry` column): one GeoJSON Feature per fence, its type, a run-time parser and a
// point test, shared by the server (seed, fence mileage) and the console (drawing). Coordinates are WGS-84 [lng, lat].

export const FENCE_SHAPE_KINDS = ['polygon', 'rectangle', 'circle'] as const;
/** What `fence.type` says and `properties.shape` repeats. */
export type FenceShapeKind = (typeof FENCE_SHAPE_KINDS)[number];

/** GeoJSON order: longitude first. */
export type LngLat = readonly [lng: number, lat: number];

/** A polygon, or a rectangle (an axis-aligned polygon of four corners): one closed ring, its first point repeated last. */
interface PolygonFenceShape {
  readonly type: 'Feature';
  readonly properties: { readonly shape: 'polygon' | 'rectangle' };
  readonly geometry: { readonly type: 'Polygon'; readonly coordinates: readonly [readonly LngLat[]] };
}

/** A circle: its centre, and its radius in metres. */
interface CircleFenceShape {
  readonly type: 'Feature';
  readonly properties: { readonly shape: 'circle'; readonly radius: number };
  readonly geometry: { readonly type: 'Point'; readonly coordinates: LngLat };
}

export type FenceShape = PolygonFenceShape | CircleFenceShape;

const isRecord = (v: unknown): v is Readonly<Record<string, unknown>> => typeof v === 'object' && v !== null && !Array.isArray(v);

function isLngLat(v: unknown): v is LngLat {
  if (!Array.isArray(v) || v.length !== 2) return false;
  const [lng, lat] = v as unknown[];
  return typeof lng === 'number' && typeof lat === 'number' && Math.abs(lng) <= 180 && Math.abs(lat) <= 90;
}

const same = (a: LngLat, b: LngLat): boolean => a[0] === b[0] && a[1] === b[1];

/** A closed ring of at least three distinct corners. */
function isRing(v: unknown): v is LngLat[] {
  if (!Array.isArray(v) || v.length < 4 || !v.every(isLngLat)) return false;
  const ring = v as LngLat[];
  const first = ring[0];
  const last = ring[ring.length - 1];
  return first !== undefined && last !== undefined && same(first, last) && new Set(ring.map(([lng, lat]) => `${lng},${lat}`)).size >= 3;
}

/** Four corners whose sides alternate between due east–west and due north–south. */
function isAxisAligned(ring: readonly LngLat[]): boolean {
  if (ring.length !== 5) return false;
  const sides = ring.slice(1).map((p, i) => {
    const q = ring[i];
    if (!q) return 'none';
    if (p[1] === q[1] && p[0] !== q[0]) return 'ew';
    if (p[0] === q[0] && p[1] !== q[1]) return 'ns';
    return 'none';
  });
  return sides.every((s, i) => s !== 'none' && s !== sides[(i + 1) % 4]);
}

function isShape(v: unknown): v is FenceShape {
  if (!isRecord(v) || v['type'] !== 'Feature' || !isRecord(v['properties']) || !isRecord(v['geometry'])) return false;
  const { shape, radius } = v['properties'];
  const { type, coordinates } = v['geometry'];
  if (shape === 'circle') {
    return type === 'Point' && isLngLat(coordinates) && typeof radius === 'number' && Number.isFinite(radius) && radius > 0;
  }
  if (shape !== 'polygon' && shape !== 'rectangle') return false;
  if (type !== 'Polygon' || !Array.isArray(coordinates) || coordinates.length !== 1) return false;
  const ring: unknown = coordinates[0];
  return isRing(ring) && (shape === 'polygon' || isAxisAligned(ring));
}

/** A stored geometry as a shape; undefined for null, text that is not JSON, or JSON of another shape. */
export function parseFenceShape(json: string | null): FenceShape | undefined {
  if (json === null || json === '') return undefined;
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return undefined;
  }
  return isShape(value) ? value : undefined;
}

/** Kilometres per degree of latitude (and of longitude at the equator). */
const KM_PER_DEG_LAT = 111.2;

/** Equirectangular distance in km at the points' mean latitude: within a city well under 1 % off the great circle. */
export function distanceKm(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const dy = (lat2 - lat1) * KM_PER_DEG_LAT;
  const dx = (lng2 - lng1) * KM_PER_DEG_LAT * Math.cos((((lat1 + lat2) / 2) * Math.PI) / 180);
  return Math.sqrt(dx * dx + dy * dy);
}

export function isCircleShape(shape: FenceShape): shape is CircleFenceShape {
  return shape.properties.shape === 'circle';
}

/** Whether a point (WGS-84 degrees) lies inside the fence; a circle by equirectangular distance, exact enough for a city. */
export function fenceContains(shape: FenceShape, lat: number, lng: number): boolean {
  if (isCircleShape(shape)) {
    const [cLng, cLat] = shape.geometry.coordinates;
    return distanceKm(lat, lng, cLat, cLng) * 1000 <= shape.properties.radius;
  }
  // Ray casting: a ray eastward from the point crosses the ring's edges an odd number of times when inside.
  const ring = shape.geometry.coordinates[0];
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i, i += 1) {
    const a = ring[i];
    const b = ring[j];
    if (!a || !b) continue;
    if (a[1] > lat !== b[1] > lat && lng < ((b[0] - a[0]) * (lat - a[1])) / (b[1] - a[1]) + a[0]) inside = !inside;
  }
  return inside;
}

/** The fence's bounding box [south, north, west, east], a circle's with its radius: most points are ruled out by it. */
export function fenceBox(shape: FenceShape): readonly [number, number, number, number] {
  if (isCircleShape(shape)) {
    const [lng, lat] = shape.geometry.coordinates;
    const radiusKm = shape.properties.radius / 1000;
    const dLat = radiusKm / KM_PER_DEG_LAT;
    const dLng = radiusKm / (KM_PER_DEG_LAT * Math.cos((lat * Math.PI) / 180));
    return [lat - dLat, lat + dLat, lng - dLng, lng + dLng];
  }
  const ring = shape.geometry.coordinates[0];
  const lats = ring.map((point) => point[1]);
  const lngs = ring.map((point) => point[0]);
  return [Math.min(...lats), Math.max(...lats), Math.min(...lngs), Math.max(...lngs)];
}
