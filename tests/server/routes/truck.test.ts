// Truck status rows and devices: every list holds the caller's companies only, narrowed further by the request.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TruckDevice } from '../../../domain/wire/records';
import { parseTruckStatusRow, type TruckStatusRow } from '../../../domain/wire/truck-row';
import { call, type CallOptions } from '../../helpers/api';
import { startFleetServer, type DemoUser, type FleetServer } from './setup';

const BAR_DATA = '/truckatgsub/rest/truckData/getTruckBarData';
const MINUTE = 60_000;

describe('truck rows and devices', () => {
  let fs: FleetServer;
  const barData = (user: DemoUser, options: CallOptions = {}) =>
    call<TruckStatusRow[]>(fs.server.url, 'POST', BAR_DATA, { token: fs.as[user].token, ...options });
  const plates = (rows: readonly TruckStatusRow[]) => rows.map((row) => row.signCode);

  beforeAll(async () => {
    fs = await startFleetServer();
  });
  afterAll(async () => fs.server.close());

  it('answers bar data as full status rows that the console parser accepts', async () => {
    const answer = await barData('operator', { json: { userPri: [] } });
    expect(answer.resultCode).toBe(200);
    const [first] = answer.data;
    expect(first).toEqual({
      truckId: fs.fleet.truckIds.get('京A00001'), status: 2, signCode: '京A00001', truckCompany: '东城油品运输有限公司', alarm: '',
      gpsTime: fs.fleet.now - MINUTE, statusTime: fs.fleet.now - 10 * MINUTE, speed: 40, area: '京A00001所在地',
      lastIventoryMap: { 1: { oilCode: 92, vt: 5000 } }, lat: 39.9, lng: 116.4, heading: 90,
    });
    expect(answer.data.map((row) => parseTruckStatusRow(row))).toEqual(answer.data);
  });

  it('carries each truck\'s last fix from its live row, and none for a truck that has never reported', async () => {
    const { db } = fs.server.services;
    const id = (plate: '京A00001' | '京A00002') => fs.fleet.truckIds.get(plate) ?? expect.unreachable(`no fixture truck ${plate}`);
    const live = (plate: '京A00001' | '京A00002') => db.selectFrom('truckLive').selectAll().where('truckId', '=', id(plate)).executeTakeFirstOrThrow();
    const [moved, unplaced] = [await live('京A00001'), await live('京A00002')];
    try {
      await db.updateTable('truckLive').set({ lat: -33.868819, lng: 151.209295, heading: 359.5 }).where('truckId', '=', id('京A00001')).execute();
      // A truck that never reported keeps the columns' placeholder, which must not put it at 0, 0.
      await db.updateTable('truckLive').set({ gpsTime: null, lat: 0, lng: 0, heading: 0 }).where('truckId', '=', id('京A00002')).execute();
      const answer = await barData('operator', { json: { userPri: [] } });
      // Read from JSON, so a field left out is absent, never undefined.
      expect(answer.data.map((row) => [row.signCode, row.gpsTime === null, row.lat, row.lng, row.heading])).toEqual([
        ['京A00001', false, -33.868819, 151.209295, 359.5],
        ['京A00002', true, undefined, undefined, undefined],
      ]);
      expect(answer.data.map((row) => parseTruckStatusRow(row))).toEqual(answer.data);
    } finally {
      for (const row of [moved, unplaced]) await db.updateTable('truckLive').set(row).where('truckId', '=', row.truckId).execute();
    }
  });

  it.each([
    ['operator', { json: { userPri: [] } }, ['京A00001', '京A00002']],
    ['admin', { json: { userPri: [] } }, ['京A00001', '京A00002', '京B00001', '京C00001', '京C00002']],
    ['admin', {}, ['京A00001', '京A00002', '京B00001', '京C00001', '京C00002']],
    ['admin', { json: { userPri: [{ key: 'C005' }] } }, ['京C00001', '京C00002']],
    ['admin', { form: { userPri: 'C002, C005' } }, ['京A00001', '京A00002', '京C00001', '京C00002']],
    ['manager', { json: { userPri: [{ key: 'C003' }, { key: 'C005' }] } }, ['京B00001']],
    ['operator', { json: { userPri: [{ key: 'C003' }] } }, []],
    ['garden', { form: { userPri: '' } }, ['京C00001', '京C00002']],
  ] as const)('gives %s with %j the plates %j', async (user, options, expected) => {
    const answer = await barData(user, options);
    expect(answer.resultCode).toBe(200);
    expect(plates(answer.data)).toEqual(expected);
  });

  it('refuses a userPri entry without key, naming the field in zh and en', async () => {
    const json = { userPri: [{ code: 'C002' }] };
    expect(await barData('admin', { json })).toEqual({ resultCode: 400, message: '缺少字段：key', data: null });
    expect((await barData('admin', { json, lang: 'en' })).message).toBe('Missing field: key');
  });

  it.each([
    ['operator', ['京A00001']],
    ['garden', ['京C00001', '京C00002']],
    ['admin', ['京A00001', '京B00001', '京C00001', '京C00002']],
  ] as const)('lists only online trucks of %s companies', async (user, expected) => {
    const answer = await call<TruckStatusRow[]>(fs.server.url, 'GET', '/onlineTruck', { token: fs.as[user].token });
    expect(answer.resultCode).toBe(200);
    expect(plates(answer.data)).toEqual(expected);
    expect(answer.data.every((row) => row.status !== 0)).toBe(true);
  });

  it.each([
    ['operator', [{ code: 'DEV0', name: '设备京A00001' }, { code: 'DEV1', name: '设备京A00002' }]],
    ['manager', [{ code: 'DEV0', name: '设备京A00001' }, { code: 'DEV1', name: '设备京A00002' }, { code: 'DEV2', name: '设备京B00001' }]],
    ['garden', [{ code: 'DEV3', name: '设备京C00001' }, { code: 'DEV4', name: '设备京C00002' }]],
  ] as const)('lists the devices on %s trucks as code and name', async (user, expected) => {
    expect(await call<TruckDevice[]>(fs.server.url, 'GET', '/devices/all', { token: fs.as[user].token })).toEqual({ resultCode: 200, message: 'success', data: expected });
  });

  it('leaves devices that are on no truck out, even for the administrator', async () => {
    const answer = await call<TruckDevice[]>(fs.server.url, 'GET', '/devices/all', { token: fs.as.admin.token });
    expect(answer.data.map((d) => d.code)).toEqual(['DEV0', 'DEV1', 'DEV2', 'DEV3', 'DEV4']);
  });
});
