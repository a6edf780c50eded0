// The map settings a server runs with when none are given, and what a tile server's URL means for the content policy.
import type { MapConfig } from '../../domain/map/base-map';

/** No tile server: the console draws the offline base map (GET /map/base). */
export const OFFLINE_MAP: MapConfig = { tileUrl: null, attribution: '', coords: 'wgs84', maxZoom: 18 };

/**
 * Where the browser fetches tiles from, as `img-src` sources: the tile server's scheme and host, its `{s}`
 * subdomains as a wildcard. None for the offline map or tiles served by this server (a path), which 'self' covers.
 */
export function tileImageSources(map: MapConfig): string[] {
  // MAP_TILE_URL was checked at start (server/config.ts tileUrlOf): no credentials, {s} only as the first label.
  const origin = tileOrigin(map.tileUrl ?? '');
  return origin ? [`${origin.scheme}://${origin.host.replace(/^\{s\}\./, '*.')}`] : [];
}

/** A tile URL template's scheme and host as written (placeholders kept); none for a path on this server. */
export function tileOrigin(url: string): { readonly scheme: string; readonly host: string } | undefined {
  const found = /^(https?):\/\/([^/?#]+)/i.exec(url);
  return found?.[1] && found[2] ? { scheme: found[1], host: found[2] } : undefined;
}
