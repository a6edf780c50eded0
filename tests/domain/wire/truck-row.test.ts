import { describe, it, expect } from 'vitest';
import { parseTruckStatusRow, parseTruckStatusRows } from '../../../domain/wire';

const VALID = {
  status: 2,
  signCode: '沪A12345',
  truckCompany: '上海石油',
  alarm: '',
  gpsTime: '2024-05-01 08:30:00',
  statusTime: 1714523400000,
  speed: 52.5,
  area: '上海市浦东新区',
  truckId: 17,
  lat: 31.230416,
  lng: 121.473701,
  heading: 275.5,
  lastIventoryMap: { '1': { oilCode: 92, vt: 5000.4 }, '2': { oilCode: 0, vt: 3000 } },
};

const without = (...fields: (keyof typeof VALID)[]) => Object.fromEntries(Object.entries(VALID).filter(([key]) => !fields.some((f) => f === key)));

describe('truck status row parser', () => {
  it('accepts a full row and returns its fields', () => {
    expect(parseTruckStatusRow(VALID)).toEqual(VALID);
  });

  it('drops fields the contract does not know', () => {
    expect(parseTruckStatusRow({ ...VALID, password: 'x' })).toEqual(VALID);
  });

  it('accepts a legacy row without truckId or a fix', () => {
    const legacy = without('truckId', 'lat', 'lng', 'heading');
    // Strict: a fix read as `lat: undefined` would still be a key the map could trip over.
    expect(parseTruckStatusRow(legacy)).toStrictEqual(legacy);
  });

  it('accepts our row for a truck that has never reported: no fix, a null GPS time', () => {
    const neverReported = { ...without('lat', 'lng', 'heading'), gpsTime: null };
    expect(parseTruckStatusRow(neverReported)).toStrictEqual(neverReported);
  });

  it.each([
    ['the poles and the date line', { lat: -90, lng: 180, heading: 0 }],
    ['the other ends', { lat: 90, lng: -180, heading: 360 }],
    ['a heading alone', { heading: 12.5 }],
  ])('keeps a fix at %s', (_label, fix) => {
    const row = { ...without('lat', 'lng', 'heading'), ...fix };
    expect(parseTruckStatusRow(row)).toStrictEqual(row);
  });

  it('keeps a tank\'s level, V20, temperature and humidity, and leaves out null ones', () => {
    const lastIventoryMap = {
      '1': { oilCode: 92, vt: 5000.4, levelMm: 1207, v20: 4990.1, temperature: 21.6 },
      '2': { oilCode: -1, vt: 0, temperature: -17.8, humidity: 81, levelMm: null },
    };
    expect(parseTruckStatusRow({ ...VALID, lastIventoryMap })?.lastIventoryMap).toEqual({
      '1': { oilCode: 92, vt: 5000.4, levelMm: 1207, v20: 4990.1, temperature: 21.6 },
      '2': { oilCode: -1, vt: 0, temperature: -17.8, humidity: 81 },
    });
  });

  it("keeps a tank's capacity and seal, and leaves out null ones", () => {
    const lastIventoryMap = {
      '1': { oilCode: 92, vt: 5000, capacity: 8000, sealed: true },
      '2': { oilCode: 0, vt: 0, capacity: 6000, sealed: false },
      '3': { oilCode: 95, vt: 10, capacity: null, sealed: null },
    };
    expect(parseTruckStatusRow({ ...VALID, lastIventoryMap })?.lastIventoryMap).toEqual({
      '1': { oilCode: 92, vt: 5000, capacity: 8000, sealed: true },
      '2': { oilCode: 0, vt: 0, capacity: 6000, sealed: false },
      '3': { oilCode: 95, vt: 10 },
    });
  });

  it.each([0, 1, 2, 3, 4])('accepts status code %i', (status) => {
    expect(parseTruckStatusRow({ ...VALID, status })?.status).toBe(status);
  });

  it('reads null texts as empty, null times as never reported, a null tank map as no tanks', () => {
    const row = { ...VALID, truckCompany: null, alarm: null, area: null, gpsTime: null, statusTime: null, lastIventoryMap: null };
    expect(parseTruckStatusRow(row)).toMatchObject({
      truckCompany: '', alarm: '', area: '', gpsTime: null, statusTime: null, lastIventoryMap: {},
    });
  });

  it.each([
    ['null', null],
    ['an array', [VALID]],
    ['a string', JSON.stringify(VALID)],
    ['a number', 2],
    ['an unknown status code', { ...VALID, status: 5 }],
    ['a negative status code', { ...VALID, status: -1 }],
    ['a text status code', { ...VALID, status: '2' }],
    ['a fractional status code', { ...VALID, status: 2.5 }],
    ['no status', without('status')],
    ['no plate', without('signCode')],
    ['a numeric plate', { ...VALID, signCode: 12345 }],
    ['a null plate', { ...VALID, signCode: null }],
    ['no company', without('truckCompany')],
    ['no alarm', without('alarm')],
    ['a numeric area', { ...VALID, area: 7 }],
    ['no speed', without('speed')],
    ['a text speed', { ...VALID, speed: '52' }],
    ['a NaN speed', { ...VALID, speed: Number.NaN }],
    ['no GPS time', without('gpsTime')],
    ['an empty GPS time', { ...VALID, gpsTime: '' }],
    ['an object status time', { ...VALID, statusTime: {} }],
    ['no tank map', without('lastIventoryMap')],
    ['a tank list instead of a map', { ...VALID, lastIventoryMap: [{ oilCode: 92, vt: 1 }] }],
    ['a tank without volume', { ...VALID, lastIventoryMap: { '1': { oilCode: 92 } } }],
    ['a text volume', { ...VALID, lastIventoryMap: { '1': { oilCode: 92, vt: '100' } } }],
    ['a null tank', { ...VALID, lastIventoryMap: { '1': null } }],
    ['a text temperature', { ...VALID, lastIventoryMap: { '1': { oilCode: 92, vt: 1, temperature: '20' } } }],
    ['a NaN humidity', { ...VALID, lastIventoryMap: { '1': { oilCode: -1, vt: 0, humidity: Number.NaN } } }],
    ['a text capacity', { ...VALID, lastIventoryMap: { '1': { oilCode: 92, vt: 1, capacity: '8000' } } }],
    ['a seal given as 1', { ...VALID, lastIventoryMap: { '1': { oilCode: 92, vt: 1, sealed: 1 } } }],
    ['a seal given as text', { ...VALID, lastIventoryMap: { '1': { oilCode: 92, vt: 1, sealed: 'true' } } }],
    ['a text truckId', { ...VALID, truckId: '17' }],
    ['a fractional truckId', { ...VALID, truckId: 1.5 }],
    ['a NaN latitude', { ...VALID, lat: Number.NaN }],
    ['a text latitude', { ...VALID, lat: '31.23' }],
    ['a null latitude', { ...VALID, lat: null }],
    ['a latitude past the pole', { ...VALID, lat: 90.000001 }],
    ['a latitude below the south pole', { ...VALID, lat: -91 }],
    ['an infinite longitude', { ...VALID, lng: Number.POSITIVE_INFINITY }],
    ['a text longitude', { ...VALID, lng: '121.47' }],
    ['a longitude past the date line', { ...VALID, lng: 180.5 }],
    ['a longitude below −180', { ...VALID, lng: -181 }],
    ['a negative heading', { ...VALID, heading: -0.1 }],
    ['a heading past 360', { ...VALID, heading: 361 }],
    ['a NaN heading', { ...VALID, heading: Number.NaN }],
    ['a text heading', { ...VALID, heading: '90' }],
  ])('rejects a row with %s', (_label, value) => {
    expect(parseTruckStatusRow(value)).toBeUndefined();
  });
});

describe('status socket frame', () => {
  it('keeps good rows and counts the bad ones', () => {
    const frame = parseTruckStatusRows([VALID, null, { ...VALID, status: 9 }, { ...VALID, signCode: '沪B1' }]);
    expect(frame?.rows.map((row) => row.signCode)).toEqual(['沪A12345', '沪B1']);
    expect(frame?.invalid).toBe(2);
  });

  it('reads an empty array as an empty frame', () => {
    expect(parseTruckStatusRows([])).toEqual({ rows: [], invalid: 0 });
  });

  it.each([
    ['an object', VALID],
    ['pong', 'pong'],
    ['null', null],
  ])('rejects a frame that is %s', (_label, value) => {
    expect(parseTruckStatusRows(value)).toBeUndefined();
  });
});
