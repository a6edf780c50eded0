// A fence's outline between its stored form (a GeoJSON Feature in WGS-84, domain/fence-shape.ts) and Leaflet's
// layers in the map's coordinates (GCJ-02 when the tiles are Chinese): shown from one, read back into the other.
import L from 'leaflet';
import gcoord from 'gcoord';
import type { FenceShape, FenceShapeKind, LngLat } from '../../../../domain/fence-shape';
import type { MapCoords } from '../../../../domain/map/base-map';
import { toMapCoords, type LatLngPair } from '../../monitor/map/coords';

/** Metres are kept to the decimetre and degrees to 1e-7 (about a centimetre): the stored text stays short. */
const DEGREES = 1e7;
const round = (value: number, scale: number) => Math.round(value * scale) / scale;

export interface FenceProjection {
  /** WGS-84 to the map's coordinates. */
  readonly toMap: (lat: number, lng: number) => LatLngPair;
  /** The map's coordinates back to WGS-84, GeoJSON order. */
  readonly fromMap: (at: L.LatLng) => LngLat;
}

export function fenceProjection(coords: MapCoords): FenceProjection {
  const toMap = toMapCoords(coords);
  if (coords === 'wgs84') return { toMap, fromMap: (at) => [round(at.lng, DEGREES), round(at.lat, DEGREES)] };
  return {
    toMap,
    fromMap: (at) => {
      // gcoord's inverse is off by up to a metre; two corrections by the forward transform bring it to millimetres,
      // so a fence saved unchanged is stored as it was.
      let [lng, lat] = gcoord.transform([at.lng, at.lat], gcoord.GCJ02, gcoord.WGS84);
      for (let step = 0; step < 2; step += 1) {
        const [gLng, gLat] = gcoord.transform([lng, lat], gcoord.WGS84, gcoord.GCJ02);
        lng += at.lng - gLng;
        lat += at.lat - gLat;
      }
      return [round(lng, DEGREES), round(lat, DEGREES)];
    },
  };
}

export const FENCE_STYLE: L.PathOptions = { color: '#409eff', weight: 2, fillOpacity: 0.15 };

/** The outline as a layer on the map. */
export function shapeLayer(shape: FenceShape, projection: FenceProjection): L.Polygon | L.Circle {
  if (shape.properties.shape === 'circle' && shape.geometry.type === 'Point') {
    const [lng, lat] = shape.geometry.coordinates;
    return L.circle(projection.toMap(lat, lng), { ...FENCE_STYLE, radius: shape.properties.radius });
  }
  const ring = shape.geometry.type === 'Polygon' ? shape.geometry.coordinates[0] : [];
  if (shape.properties.shape === 'rectangle') {
    // Drawn between its own south-west and north-east corners, which are what layerShape reads back.
    const lngs = ring.map(([lng]) => lng);
    const lats = ring.map(([, lat]) => lat);
    const southWest = projection.toMap(Math.min(...lats), Math.min(...lngs));
    const northEast = projection.toMap(Math.max(...lats), Math.max(...lngs));
    return L.rectangle([southWest, northEast], FENCE_STYLE);
  }
  // The closing corner is GeoJSON's; Leaflet closes a polygon itself.
  return L.polygon(ring.slice(0, -1).map(([lng, lat]) => projection.toMap(lat, lng)), FENCE_STYLE);
}

/** Which kind a layer draws: Leaflet's rectangle is a polygon too, so it is asked first. */
export function layerKind(layer: L.Layer): FenceShapeKind | undefined {
  if (layer instanceof L.Circle) return 'circle';
  if (layer instanceof L.Rectangle) return 'rectangle';
  return layer instanceof L.Polygon ? 'polygon' : undefined;
}

/** A drawn layer as the outline of this kind; undefined when the layer is not of the kind or has too few corners. */
export function layerShape(layer: L.Layer, kind: FenceShapeKind, projection: FenceProjection): FenceShape | undefined {
  if (layerKind(layer) !== kind) return undefined;
  if (kind === 'circle') {
    if (!(layer instanceof L.Circle)) return undefined;
    return {
      type: 'Feature',
      properties: { shape: 'circle', radius: round(layer.getRadius(), 10) },
      geometry: { type: 'Point', coordinates: projection.fromMap(layer.getLatLng()) },
    };
  }
  if (!(layer instanceof L.Polygon)) return undefined;
  if (kind === 'rectangle') {
    // Converted corner by corner a GCJ-02 rectangle would lean; its two opposite corners keep it axis-aligned in WGS-84.
    const bounds = layer.getBounds();
    const [west, south] = projection.fromMap(bounds.getSouthWest());
    const [east, north] = projection.fromMap(bounds.getNorthEast());
    if (west === east || south === north) return undefined;
    const ring: LngLat[] = [[west, south], [east, south], [east, north], [west, north], [west, south]];
    return { type: 'Feature', properties: { shape: 'rectangle' }, geometry: { type: 'Polygon', coordinates: [ring] } };
  }
  const latLngs = layer.getLatLngs();
  const outer = (Array.isArray(latLngs[0]) ? latLngs[0] : latLngs) as L.LatLng[];
  const corners = outer.map((at) => projection.fromMap(at));
  const first = corners[0];
  if (!first || new Set(corners.map(([lng, lat]) => `${lng},${lat}`)).size < 3) return undefined;
  return { type: 'Feature', properties: { shape: 'polygon' }, geometry: { type: 'Polygon', coordinates: [[...corners, first]] } };
}
