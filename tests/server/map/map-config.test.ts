// The map settings in the environment (MAP_*): no tile server by default, a checked Leaflet template when one is named.
import { describe, expect, it } from 'vitest';
import { configFromEnv, mapConfigOf } from '../../../server/config';
import { tileImageSources } from '../../../server/map/map-settings';

const OSM = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

describe('MAP_* settings', () => {
  it('draws the offline base map in WGS-84 up to zoom 18 when nothing is set', () => {
    expect(configFromEnv({}).map).toEqual({ tileUrl: null, attribution: '', coords: 'wgs84', maxZoom: 18 });
    expect(mapConfigOf({ MAP_TILE_URL: ' ', MAP_TILE_COORDS: '', MAP_MAX_ZOOM: '' })).toEqual(mapConfigOf({}));
  });

  it('takes a tile server with its attribution, coordinates and deepest zoom', () => {
    const amap = 'https://webrd01.is.autonavi.com/appmaptile?lang=zh_cn&size=1&scale=1&style=8&x={x}&y={y}&z={z}';
    expect(mapConfigOf({ MAP_TILE_URL: ` ${amap} `, MAP_TILE_ATTRIBUTION: ' © 高德地图 ', MAP_TILE_COORDS: 'GCJ02', MAP_MAX_ZOOM: '17' }))
      .toEqual({ tileUrl: amap, attribution: '© 高德地图', coords: 'gcj02', maxZoom: 17 });
    expect(mapConfigOf({ MAP_TILE_URL: 'https://{s}.tile.example.org/{z}/{x}/{y}{r}.png' }).tileUrl).toBe('https://{s}.tile.example.org/{z}/{x}/{y}{r}.png');
    expect(mapConfigOf({ MAP_TILE_URL: '/tiles/{z}/{x}/{y}.png' }).tileUrl).toBe('/tiles/{z}/{x}/{y}.png');
  });

  it('refuses a tile URL without {z}, {x} and {y}, naming what it lacks but not echoing the URL (it may hold a key)', () => {
    expect(() => configFromEnv({ MAP_TILE_URL: 'https://tiles.example.org/{z}/{x}.png?key=secret' })).toThrow(/^MAP_TILE_URL must hold \{z\}, \{x\} and \{y\}; it lacks \{y\}$/);
    expect(() => mapConfigOf({ MAP_TILE_URL: 'https://tiles.example.org/tile.png' })).toThrow(/lacks \{z\}, \{x\}, \{y\}/);
  });

  it('refuses placeholders the console cannot fill and URLs that are neither http(s) nor a path on this server', () => {
    expect(() => mapConfigOf({ MAP_TILE_URL: 'https://tiles.example.org/{z}/{x}/{y}.png?key={apiKey}' })).toThrow(/it has \{apiKey\}/);
    expect(() => mapConfigOf({ MAP_TILE_URL: 'ftp://tiles.example.org/{z}/{x}/{y}.png' })).toThrow(/must start with http:\/\/, https:\/\/ or \//);
    expect(() => mapConfigOf({ MAP_TILE_URL: '//tiles.example.org/{z}/{x}/{y}.png' })).toThrow(/must start with/);
    expect(() => mapConfigOf({ MAP_TILE_URL: 'tiles/{z}/{x}/{y}.png' })).toThrow(/must start with/);
  });

  it('refuses coordinates other than wgs84 and gcj02, and gcj02 without tiles (the offline map is WGS-84)', () => {
    expect(() => mapConfigOf({ MAP_TILE_URL: OSM, MAP_TILE_COORDS: 'bd09' })).toThrow(/^MAP_TILE_COORDS must be one of wgs84, gcj02, got "bd09"$/);
    expect(() => mapConfigOf({ MAP_TILE_COORDS: 'gcj02' })).toThrow(/MAP_TILE_COORDS=gcj02 needs MAP_TILE_URL/);
    expect(mapConfigOf({ MAP_TILE_COORDS: 'wgs84' }).coords).toBe('wgs84');
  });

  it('refuses a zoom that is not a whole number from 1 to 22', () => {
    for (const zoom of ['0', '23', '17.5', 'deep']) expect(() => mapConfigOf({ MAP_MAX_ZOOM: zoom })).toThrow(/MAP_MAX_ZOOM/);
    expect(mapConfigOf({ MAP_MAX_ZOOM: '20' }).maxZoom).toBe(20);
  });
});

describe("the tile server's image sources", () => {
  it('names the scheme and host, {s} subdomains as a wildcard, and nothing for the offline map or a path on this server', () => {
    expect(tileImageSources(mapConfigOf({ MAP_TILE_URL: OSM }))).toEqual(['https://tile.openstreetmap.org']);
    expect(tileImageSources(mapConfigOf({ MAP_TILE_URL: 'https://{s}.tile.example.org:8443/{z}/{x}/{y}.png' }))).toEqual(['https://*.tile.example.org:8443']);
    expect(tileImageSources(mapConfigOf({}))).toEqual([]);
    expect(tileImageSources(mapConfigOf({ MAP_TILE_URL: '/tiles/{z}/{x}/{y}.png' }))).toEqual([]);
  });

  it('refuses a tile URL whose host a content policy cannot name: credentials, {s} inside a label, spaces or semicolons', () => {
    expect(() => mapConfigOf({ MAP_TILE_URL: 'https://user:key@tiles.example.org/{z}/{x}/{y}.png' })).toThrow(/user name or password/);
    expect(() => mapConfigOf({ MAP_TILE_URL: 'https://tile{s}.example.org/{z}/{x}/{y}.png' })).toThrow(/whole first label/);
    expect(() => mapConfigOf({ MAP_TILE_URL: "https://tiles.example.org;img-src */{z}/{x}/{y}.png" })).toThrow(/semicolons/);
    expect(() => mapConfigOf({ MAP_TILE_URL: 'https://tiles.example.org /{z}/{x}/{y}.png' })).toThrow(/spaces/);
  });
});
