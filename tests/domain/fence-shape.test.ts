// Fence geometry: the stored GeoJSON read back as a polygon, rectangle or circle, anything else refused, and points tested.
import { describe, expect, it } from 'vitest';
import { distanceKm, fenceBox, fenceContains, parseFenceShape, type FenceShape } from '../../domain/fence-shape';

const POLYGON = {
  type: 'Feature', properties: { shape: 'polygon' },
  geometry: { type: 'Polygon', coordinates: [[[121.47, 31.23], [121.48, 31.23], [121.49, 31.24], [121.475, 31.25], [121.47, 31.23]]] },
};
const RECTANGLE = {
  type: 'Feature', properties: { shape: 'rectangle' },
  geometry: { type: 'Polygon', coordinates: [[[121.40, 31.20], [121.41, 31.20], [121.41, 31.21], [121.40, 31.21], [121.40, 31.20]]] },
};
const CIRCLE = { type: 'Feature', properties: { shape: 'circle', radius: 200 }, geometry: { type: 'Point', coordinates: [121.5, 31.22] } };

const parsed = (value: unknown): FenceShape => {
  const shape = parseFenceShape(JSON.stringify(value));
  if (!shape) throw new Error('expected a shape');
  return shape;
};
const ringOf = (value: typeof POLYGON, ring: unknown) => ({ ...value, geometry: { ...value.geometry, coordinates: [ring] } });

describe('parseFenceShape', () => {
  it.each([['a polygon', POLYGON], ['a rectangle', RECTANGLE], ['a circle', CIRCLE]])('reads %s as stored', (_label, value) => {
    expect(parseFenceShape(JSON.stringify(value))).toEqual(value);
  });

  it('accepts properties a later version adds', () => {
    expect(parseFenceShape(JSON.stringify({ ...CIRCLE, properties: { ...CIRCLE.properties, colour: 'red' } }))).toBeDefined();
  });

  it.each([
    ['no geometry', null],
    ['empty text', ''],
    ['text that is not JSON', '{"type":'],
    ['an array', '[]'],
  ])('answers undefined for %s', (_label, json) => {
    expect(parseFenceShape(json)).toBeUndefined();
  });

  it.each([
    ['another GeoJSON type', { ...POLYGON, type: 'FeatureCollection' }],
    ['an unknown shape', { ...POLYGON, properties: { shape: 'ellipse' } }],
    ['a circle drawn as a polygon', { ...POLYGON, properties: { shape: 'circle', radius: 100 } }],
    ['a polygon drawn as a point', { ...CIRCLE, properties: { shape: 'polygon' } }],
    ['a circle without a radius', { ...CIRCLE, properties: { shape: 'circle' } }],
    ['a circle of no size', { ...CIRCLE, properties: { shape: 'circle', radius: 0 } }],
    ['a circle whose radius is text', { ...CIRCLE, properties: { shape: 'circle', radius: '200' } }],
    ['a centre off the globe', { ...CIRCLE, geometry: { type: 'Point', coordinates: [200, 31] } }],
    ['a centre in lat, lng order of three numbers', { ...CIRCLE, geometry: { type: 'Point', coordinates: [31.2, 121.5, 0] } }],
    ['a ring left open', ringOf(POLYGON, [[121.47, 31.23], [121.48, 31.23], [121.49, 31.24], [121.475, 31.25]])],
    ['a ring of two corners', ringOf(POLYGON, [[121.47, 31.23], [121.48, 31.23], [121.47, 31.23], [121.47, 31.23]])],
    ['a ring with text in it', ringOf(POLYGON, [[121.47, 31.23], ['121.48', 31.23], [121.49, 31.24], [121.47, 31.23]])],
    ['a polygon with a hole', { ...POLYGON, geometry: { type: 'Polygon', coordinates: [...POLYGON.geometry.coordinates, ...POLYGON.geometry.coordinates] } }],
    ['a rectangle with a slanted side', ringOf(RECTANGLE, [[121.40, 31.20], [121.41, 31.201], [121.41, 31.21], [121.40, 31.21], [121.40, 31.20]])],
    ['a rectangle of five corners', ringOf(RECTANGLE, [[121.40, 31.20], [121.405, 31.20], [121.41, 31.20], [121.41, 31.21], [121.40, 31.21], [121.40, 31.20]])],
  ])('refuses %s', (_label, value) => {
    expect(parseFenceShape(JSON.stringify(value))).toBeUndefined();
  });
});

describe('fenceContains', () => {
  it('finds a point inside a polygon and not one beside it', () => {
    const shape = parsed(POLYGON);
    expect(fenceContains(shape, 31.24, 121.48)).toBe(true);
    expect(fenceContains(shape, 31.249, 121.489)).toBe(false);
  });

  it('finds a point inside a rectangle and not one past its corner', () => {
    const shape = parsed(RECTANGLE);
    expect(fenceContains(shape, 31.205, 121.405)).toBe(true);
    expect(fenceContains(shape, 31.211, 121.405)).toBe(false);
  });

  it('measures a circle in metres: 190 m from its centre is in, 210 m out', () => {
    const shape = parsed(CIRCLE);
    const northDeg = (m: number) => m / 111_200;
    expect(fenceContains(shape, 31.22 + northDeg(190), 121.5)).toBe(true);
    expect(fenceContains(shape, 31.22 + northDeg(210), 121.5)).toBe(false);
  });
});

describe('distances and boxes', () => {
  it('measures a degree of latitude as 111.2 km and one of longitude shorter by the cosine of the latitude', () => {
    expect(distanceKm(31, 121, 32, 121)).toBeCloseTo(111.2, 6);
    expect(distanceKm(60, 10, 60, 11)).toBeCloseTo(55.6, 6);
    expect(distanceKm(31.2, 121.4, 31.2, 121.4)).toBe(0);
  });

  it("boxes a polygon by its corners and a circle by its radius, every point of the fence inside the box", () => {
    expect(fenceBox(parsed(RECTANGLE))).toEqual([31.2, 31.21, 121.4, 121.41]);
    const circle = parsed(CIRCLE);
    const [south, north, west, east] = fenceBox(circle);
    expect(distanceKm(south, 121.5, north, 121.5) * 1000).toBeCloseTo(400, 6);
    expect(distanceKm(31.22, west, 31.22, east) * 1000).toBeCloseTo(400, 0);
  });
});
