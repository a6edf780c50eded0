// The map settings a server runs with when none are given, and what a tile server's URL means for the content policy.
import type { MapConfig } from '../../src/domain/map/base-map';

/** No tile server: the console draws the offline base map (GET /map/base). */
export const OFFLINE_MAP: MapConfig = { tileUrl: null, attribution: '', coords: 'wgs84', maxZoom: 18 };

/**
 * Where the browser fetches tiles from, as `img-src` sources: the tile server's scheme and host, its `{s}`
 * subdomains as a wildcard. None for the offline map or tiles served by this server (a path), which 'self' covers.
 */
export function tileImageSources(map: MapConfig): string[] {
  const origin = /^(https?:\/\/[^/?#]+)/i.exec(map.tileUrl ?? '')?.[1];
  return origin === undefined ? [] : [origin.replace(/\{s\}/g, '*')];
}
