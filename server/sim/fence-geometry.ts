// The seeded fences' shapes (domain/fence-shape.ts): outlines around depots, stations and yards, and the large zones
// companies draw over the city centre and the port and industrial areas their trucks drive through.
import type { FenceShape, LngLat } from '../../domain/fence-shape';
import { offsetKm, roundCoord, type LatLng } from './city';
import type { PlacesSeed } from './places';
import type { Rng } from './random';

const lngLat = (p: LatLng): LngLat => [roundCoord(p.lng), roundCoord(p.lat)];

function polygon(shape: 'polygon' | 'rectangle', corners: readonly LngLat[]): FenceShape {
  const first = corners[0];
  const ring = first ? [...corners, first] : [];
  return { type: 'Feature', properties: { shape }, geometry: { type: 'Polygon', coordinates: [ring] } };
}

/** An irregular 5–7 cornered outline 400–700 m across, the place inside it: a depot's grounds. */
export function polygonAround(centre: LatLng, rng: Rng): FenceShape {
  const corners = rng.int(5, 7);
  const turn = rng.float(0, 2 * Math.PI);
  const step = (2 * Math.PI) / corners;
  return polygon('polygon', Array.from({ length: corners }, (_, i) => {
    const angle = turn + i * step + rng.float(-0.3, 0.3) * step;
    const km = rng.float(0.2, 0.35);
    return lngLat(offsetKm(centre, km * Math.cos(angle), km * Math.sin(angle)));
  }));
}

/** A circle of `radius` metres around a place: a station's forecourt. */
export function circleAt(centre: LatLng, radius: number): FenceShape {
  return { type: 'Feature', properties: { shape: 'circle', radius }, geometry: { type: 'Point', coordinates: lngLat(centre) } };
}

/** An axis-aligned rectangle, `eastKm` wide and `northKm` high, centred on a place: a yard, an industrial estate. */
export function rectangleAround(centre: LatLng, eastKm: number, northKm: number): FenceShape {
  const [w, s] = lngLat(offsetKm(centre, -northKm / 2, -eastKm / 2));
  const [e, n] = lngLat(offsetKm(centre, northKm / 2, eastKm / 2));
  return polygon('rectangle', [[w, s], [e, s], [e, n], [w, n]]);
}

/** A polygon through points given as km north and east of a place. */
function outline(centre: LatLng, offsets: readonly (readonly [north: number, east: number])[]): FenceShape {
  return polygon('polygon', offsets.map(([north, east]) => lngLat(offsetKm(centre, north, east))));
}

interface ZoneFence {
  readonly name: string;
  readonly companyCode: string;
  readonly shape: FenceShape;
  readonly centre: LatLng;
}

/**
 * Two zones each for the three fuel companies and one for the garden bureau, laid where the simulated trucks drive: the
 * city centre inside the inner and middle ring roads (stations crowd there), the estates around three depots, and the
 * streets the sprinklers water around their yard.
 */
export function zoneFences(places: PlacesSeed): ZoneFence[] {
  const depot = (name: string) => places.depots.find((d) => d.name === name);
  const gardenYard = places.parks.find((p) => p.companyCode === 'C005');
  const zones: ZoneFence[] = [];
  const add = (name: string, companyCode: string, centre: LatLng | undefined, shape: (c: LatLng) => FenceShape) => {
    if (centre) zones.push({ name, companyCode, centre, shape: shape(centre) });
  };
  // The inner ring road, roughly: Zhongshan Road round Puxi, Luoshan and Longyang Roads in Pudong.
  add('内环限行区', 'C002', { lat: 31.227, lng: 121.487 }, (c) => outline(c, [
    [-3, -8], [2, -7.5], [3.9, -4.5], [4.5, 0.5], [3.5, 4.5], [0.5, 7], [-3.2, 6.3], [-4.4, 1.5], [-4.3, -3.5],
  ]));
  add('吴泾化工区', 'C002', depot('吴泾油库'), (c) => rectangleAround(offsetKm(c, 0.6, -0.4), 4, 3));
  add('中环危化品禁行区', 'C003', { lat: 31.228, lng: 121.475 }, (c) => rectangleAround(c, 19, 14));
  add('吴淞口港区', 'C003', depot('吴淞油库'), (c) => outline(c, [[-1.5, -1.8], [1.2, -2.4], [3.5, -0.8], [3, 2], [0.4, 2.6], [-1.8, 1.2]]));
  add('外高桥港区', 'C004', depot('高桥油库'), (c) => outline(c, [[-1.2, -2], [1.5, -2.6], [4.8, -1.2], [5.2, 1.8], [2, 3.2], [-1, 2.2]]));
  add('嘉定工业区', 'C004', depot('嘉定油库'), (c) => rectangleAround(offsetKm(c, 0.5, 0.3), 5, 3.5));
  add('园林局洒水作业区', 'C005', gardenYard, (c) => rectangleAround(c, 7, 5));
  return zones;
}
