// The map's two calls (docs/map.md): the deployment's base layer and the offline base map. Both are our additions: a
// legacy backend has neither, and the map then draws its plain grid with the trucks on it.
import { callPath, isMissingCall } from '../../../api/client';
import { MAP_CALL_PATHS, type BaseMap, type MapConfig } from '../../../../domain/map/base-map';
import { isFiniteNumber, isRecord } from '../../../../domain/wire/guards';
import { reportFailure } from '../../reactions';

/** No tile server, no base map: the grid alone. */
export const GRID_ONLY: MapConfig = { tileUrl: null, attribution: '', coords: 'wgs84', maxZoom: 18 };

function isMapConfig(value: unknown): value is MapConfig {
  return isRecord(value) && (value['tileUrl'] === null || typeof value['tileUrl'] === 'string') && typeof value['attribution'] === 'string'
    && (value['coords'] === 'wgs84' || value['coords'] === 'gcj02') && isFiniteNumber(value['maxZoom']);
}

function isBaseMap(value: unknown): value is BaseMap {
  return isRecord(value) && Array.isArray(value['bounds']) && Array.isArray(value['features']) && Array.isArray(value['fences']);
}

/** A missing call (a legacy backend) is no failure to tell: the map falls back quietly; any other failure is told. */
async function optional<T>(read: () => Promise<unknown>, check: (value: unknown) => value is T): Promise<T | undefined> {
  try {
    const value = await read();
    return check(value) ? value : undefined;
  } catch (error) {
    if (!isMissingCall(error)) reportFailure(error);
    return undefined;
  }
}

/** The deployment's base layer; undefined from a backend without the map calls (which has no base map either). */
export function fetchMapConfig(): Promise<MapConfig | undefined> {
  return optional(() => callPath<unknown>('GET', MAP_CALL_PATHS.config, {}, { optional: true }), isMapConfig);
}

/** The offline base map, asked only when no tile server is configured. */
export function fetchBaseMap(): Promise<BaseMap | undefined> {
  return optional(() => callPath<unknown>('GET', MAP_CALL_PATHS.base, {}, { optional: true }), isBaseMap);
}
