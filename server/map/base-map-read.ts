// GET /map/base's data (docs/map.md): the caller's companies' enabled places and approved fences, read from
// the database, around the city layer (city-layer.ts).
import { isCircleShape, parseFenceShape, type FenceShape, type LngLat } from '../../domain/fence-shape';
import type { BaseMap, FenceFeature, PlaceFeature } from '../../domain/map/base-map';
import { FENCE_APPROVAL_STATUS } from '../../domain/wire/records';
import type { Db } from '../db/open';
import { scopedFrom } from '../auth/company-scope';
import { cityBounds, districtFeatures, lngLatOf, roadGrid, round5 } from './city-layer';

/** The place tables, each its own kind on the map. */
const PLACE_KINDS = ['depot', 'station', 'park', 'serviceDepot'] as const satisfies readonly PlaceFeature['properties']['kind'][];
type PlaceKind = (typeof PLACE_KINDS)[number];

const ENABLED = 1;

interface Place {
  readonly kind: PlaceKind;
  readonly code: string;
  readonly name: string;
  readonly lat: number;
  readonly lng: number;
}

async function readPlaces(db: Db, kind: PlaceKind, companyCodes: readonly string[]): Promise<Place[]> {
  const rows = await scopedFrom(db, companyCodes, kind)
    .select(['code', 'name', 'lat', 'lng'])
    .where('status', '=', ENABLED)
    .orderBy('code')
    .execute();
  return rows.map((row) => ({ kind, ...row }));
}

function placeFeature(place: Place): PlaceFeature {
  return {
    type: 'Feature',
    properties: { kind: place.kind, name: place.name, code: place.code },
    geometry: { type: 'Point', coordinates: lngLatOf(place) },
  };
}

const roundPair = ([lng, lat]: LngLat): LngLat => [round5(lng), round5(lat)];

/** The shape at five decimals, unless rounding spoils it (corners of a tiny drawing merging): then as stored. */
function roundedShape(shape: FenceShape): FenceShape {
  const rounded: FenceShape = isCircleShape(shape)
    ? { ...shape, geometry: { type: 'Point', coordinates: roundPair(shape.geometry.coordinates) } }
    : { ...shape, geometry: { type: 'Polygon', coordinates: [shape.geometry.coordinates[0].map(roundPair)] } };
  return parseFenceShape(JSON.stringify(rounded)) ? rounded : shape;
}

/** Approved fences of these companies whose stored geometry is a shape; one never drawn or unreadable is left out. */
async function readFences(db: Db, companyCodes: readonly string[]): Promise<FenceFeature[]> {
  const rows = await scopedFrom(db, companyCodes, 'fence')
    .select(['id', 'name', 'geometry'])
    .where('approvalStatus', '=', FENCE_APPROVAL_STATUS.approved)
    .orderBy('id')
    .execute();
  return rows.flatMap((row) => {
    const shape = parseFenceShape(row.geometry);
    return shape ? [{ ...roundedShape(shape), id: row.id, name: row.name }] : [];
  });
}

/** The base map as these companies' user sees it: the city, their enabled places, their approved fences. */
export async function readBaseMap(db: Db, companyCodes: readonly string[]): Promise<BaseMap> {
  const [places, fences] = await Promise.all([
    Promise.all(PLACE_KINDS.map((kind) => readPlaces(db, kind, companyCodes))).then((lists) => lists.flat()),
    readFences(db, companyCodes),
  ]);
  const bounds = cityBounds(places);
  return {
    bounds,
    features: [...districtFeatures(), ...roadGrid(bounds), ...places.map(placeFeature)],
    fences,
  };
}
