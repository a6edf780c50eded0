// A fence's outline to Leaflet's layer and back: unchanged on WGS-84 tiles; on GCJ-02 tiles shown hundreds of metres off
// and read back to the same WGS-84 outline within centimetres, a rectangle still axis-aligned (the parser's rule).
import L from 'leaflet';
import { describe, expect, it } from 'vitest';
import { fenceProjection, layerKind, layerShape, shapeLayer } from '../../../src/app/screens/fences/fence-layers';
import { parseFenceShape, type FenceShape } from '../../../domain/fence-shape';

const CIRCLE: FenceShape = { type: 'Feature', properties: { shape: 'circle', radius: 250 }, geometry: { type: 'Point', coordinates: [121.47, 31.23] } };
const RECTANGLE: FenceShape = {
  type: 'Feature', properties: { shape: 'rectangle' },
  geometry: { type: 'Polygon', coordinates: [[[121.4, 31.2], [121.42, 31.2], [121.42, 31.22], [121.4, 31.22], [121.4, 31.2]]] },
};
const POLYGON: FenceShape = {
  type: 'Feature', properties: { shape: 'polygon' },
  geometry: { type: 'Polygon', coordinates: [[[121.4, 31.2], [121.43, 31.21], [121.41, 31.24], [121.4, 31.2]]] },
};

function coordinates(shape: FenceShape | undefined): number[] {
  if (!shape) return [];
  return shape.geometry.type === 'Point' ? [...shape.geometry.coordinates] : shape.geometry.coordinates[0].flat();
}

describe('fence outlines on the map', () => {
  it.each([CIRCLE, RECTANGLE, POLYGON])('gives back the same %# outline on WGS-84 tiles', (shape) => {
    const projection = fenceProjection('wgs84');
    expect(layerShape(shapeLayer(shape, projection), shape.properties.shape, projection)).toEqual(shape);
  });

  it.each([CIRCLE, RECTANGLE, POLYGON])('shows the %# outline moved on GCJ-02 tiles and reads it back within centimetres', (shape) => {
    const projection = fenceProjection('gcj02');
    const layer = shapeLayer(shape, projection);
    const shown = layer instanceof L.Circle ? layer.getLatLng() : layer.getBounds().getSouthWest();
    const [lng, lat] = shape.geometry.type === 'Point' ? shape.geometry.coordinates : [121.4, 31.2];
    // GCJ-02 sits a few hundred metres off in Shanghai.
    expect(Math.abs(shown.lng - lng) + Math.abs(shown.lat - lat)).toBeGreaterThan(0.002);
    const back = layerShape(layer, shape.properties.shape, projection);
    expect(parseFenceShape(JSON.stringify(back))).toBeDefined();
    coordinates(back).forEach((value, i) => expect(value).toBeCloseTo(coordinates(shape)[i] ?? NaN, 6));
  });

  it('reads a layer only as its own kind: a rectangle is no polygon, a circle no rectangle', () => {
    const projection = fenceProjection('wgs84');
    const rectangle = shapeLayer(RECTANGLE, projection);
    expect(layerKind(rectangle)).toBe('rectangle');
    expect(layerShape(rectangle, 'polygon', projection)).toBeUndefined();
    expect(layerShape(shapeLayer(CIRCLE, projection), 'rectangle', projection)).toBeUndefined();
  });
});
