// The map settings a server runs with when none are given, and what a tile server's URL means for the content policy.
import type { MapConfig } from '../../src/domain/map/base-map';

/** No tile server: the console draws the offline base map (GET /map/base). */
export const OFFLINE_MAP: MapConfig = { tileUrl: null, attribution: '', coords: 'wgs84', maxZoom: 18 };

/**
 * Where the browser fetches tiles from, as `img-src` sources: the tile server's scheme and host, its `{s}`
 * subdomains as a wildcard. None for the offline map or tiles served by this server (a path), which 'self' covers.
 */
export function tileImageSources(map: MapConfig): string[] {
  // MAP_TILE_URL was checked at start (server/config.ts tileUrlOf): no credentials, {s} only as the first label.
  const found = /^(https?):\/\/([^/?#]+)/i.exec(map.tileUrl ?? '');
  if (!found) return [];
  const [, scheme, host] = found;
  return [`${scheme}://${(host ?? '').replace(/^\{s\}\./, '*.')}`];
}
