// From the devices' WGS-84 to what the base layer draws in: unchanged for OpenStreetMap-like tiles and the offline
// base map, GCJ-02 for Chinese providers such as AMap and Tencent, whose streets sit hundreds of metres off WGS-84 positions.
import gcoord from 'gcoord';
import type { MapCoords } from '../../../../domain/map/base-map';

export type LatLngPair = [lat: number, lng: number];

export function toMapCoords(coords: MapCoords): (lat: number, lng: number) => LatLngPair {
  if (coords === 'wgs84') return (lat, lng) => [lat, lng];
  return (lat, lng) => {
    const [x, y] = gcoord.transform([lng, lat], gcoord.WGS84, gcoord.GCJ02);
    return [y, x];
  };
}
