// GET /map/base and GET /map/config on the real server over a seeded fleet: the city, the caller's companies' enabled
// places and approved fences only, for holders of a monitor screen; the settings for anyone logged in.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseFenceShape, type LngLat } from '../../../domain/fence-shape';
import { MAP_CALL_PATHS, type BaseMap, type MapConfig, type PlaceFeature } from '../../../domain/map/base-map';
import { RESULT_CODE } from '../../../domain/wire/envelope';
import { FENCE_APPROVAL_STATUS } from '../../../domain/wire/records';
import { mapConfigOf } from '../../../server/config';
import type { Db } from '../../../server/db/open';
import { COMPANIES, DEMO_ACCOUNTS } from '../../../server/seed/accounts';
import { DISTRICTS, ROADS } from '../../../server/sim/city';
import { seedFleet } from '../../../server/sim';
import { call, login } from '../../helpers/api';
import { startServer, type RunningServer } from '../../helpers/server';

const PLACE_TABLES = ['depot', 'station', 'park', 'serviceDepot'] as const;
const CIRCLE = JSON.stringify({ type: 'Feature', properties: { shape: 'circle', radius: 250 }, geometry: { type: 'Point', coordinates: [121.4712345, 31.2298765] } });

/** Fences the seed lacks: one of the garden's company, and approved ones whose geometry is missing or unreadable. */
async function insertFences(db: Db): Promise<void> {
  const fence = (name: string, companyCode: string, geometry: string | null) => ({
    name, type: 'circle', companyCode, approvalStatus: FENCE_APPROVAL_STATUS.approved, modifier: 'manager', modifyTime: 1,
    modifyType: 'new' as const, approver: 'admin', approvalTime: 2, address: '', geometry,
  });
  await db.insertInto('fence').values([
    fence('园林局苗圃围栏', 'C005', CIRCLE), fence('未画围栏', 'C002', null), fence('坏围栏', 'C002', '{"type":"Feature"'),
  ]).execute();
}

/** `kind:code` of every enabled place of these companies, as the database holds them. */
async function enabledPlaces(db: Db, companies: readonly string[]): Promise<string[]> {
  const lists = await Promise.all(PLACE_TABLES.map(async (kind) => {
    const rows = await db.selectFrom(kind).select(['code', 'companyCode', 'status']).execute();
    return rows.filter((row) => row.status === 1 && companies.includes(row.companyCode)).map((row) => `${kind}:${row.code}`);
  }));
  return lists.flat().sort();
}

async function approvedFenceIds(db: Db, companies: readonly string[]): Promise<number[]> {
  const rows = await db.selectFrom('fence').select(['id', 'companyCode', 'approvalStatus', 'geometry']).orderBy('id').execute();
  return rows.filter((row) => row.approvalStatus === FENCE_APPROVAL_STATUS.approved && companies.includes(row.companyCode) && parseFenceShape(row.geometry))
    .map((row) => row.id);
}

const placesOf = (map: BaseMap) => map.features.filter((f): f is PlaceFeature => f.properties.kind !== 'district' && f.properties.kind !== 'road');
const placeKeys = (map: BaseMap) => placesOf(map).map((f) => `${f.properties.kind}:${f.properties.code}`).sort();
const companiesOf = (user: string) => DEMO_ACCOUNTS.find((a) => a.userName === user)?.companies ?? [];

function inside(map: BaseMap, [lng, lat]: LngLat): boolean {
  const [[south, west], [north, east]] = map.bounds;
  return lat >= south && lat <= north && lng >= west && lng <= east;
}

function everyCoordinate(map: BaseMap): number[] {
  const points = [
    ...map.features.flatMap((f) => (f.geometry.type === 'Point' ? [f.geometry.coordinates] : f.geometry.coordinates)),
    ...map.fences.flatMap((f) => (f.geometry.type === 'Point' ? [f.geometry.coordinates] : f.geometry.coordinates[0])),
  ];
  return [...map.bounds.flat(), ...points.flat()];
}

describe('the map calls', () => {
  let server: RunningServer;
  let db: Db;
  let disabledStation: string;
  const tokens = new Map<string, string>();
  const base = (user: string) => call<BaseMap>(server.url, 'GET', MAP_CALL_PATHS.base, { token: tokens.get(user) });

  beforeAll(async () => {
    server = await startServer({
      prepare: async (services) => {
        await seedFleet(services.db, { seed: 16, trucks: 6 });
        await insertFences(services.db);
        const station = await services.db.selectFrom('station').select('code').where('companyCode', '=', 'C002').orderBy('code').executeTakeFirstOrThrow();
        await services.db.updateTable('station').set({ status: 0 }).where('code', '=', station.code).execute();
        disabledStation = `station:${station.code}`;
      },
    });
    db = server.services.db;
    for (const user of ['admin', 'manager', 'garden', 'operator']) tokens.set(user, (await login(server.url, user)).token);
  });
  afterAll(() => server.close());

  it('frames every district and place of the city, with ROADS-named lines inside the frame', async () => {
    const answer = await base('admin');
    expect(answer.resultCode).toBe(RESULT_CODE.OK);
    const map = answer.data;
    const districts = map.features.filter((f) => f.properties.kind === 'district');
    expect(districts.map((f) => f.properties.name)).toEqual(DISTRICTS.map((d) => d.name));
    for (const d of DISTRICTS) expect(inside(map, [d.lng, d.lat])).toBe(true);
    for (const place of placesOf(map)) expect(inside(map, place.geometry.coordinates)).toBe(true);
    const roads = map.features.filter((f) => f.properties.kind === 'road');
    expect(roads.length).toBeGreaterThan(10);
    for (const road of roads) {
      expect(road.geometry.type).toBe('LineString');
      if (road.geometry.type !== 'LineString') continue;
      expect(road.geometry.coordinates).toHaveLength(2);
      for (const point of road.geometry.coordinates) expect(inside(map, point)).toBe(true);
      expect(ROADS).toContain(road.properties.name);
    }
  });

  it('rounds every coordinate to 5 decimals', async () => {
    const { data } = await base('admin');
    const coordinates = everyCoordinate(data);
    expect(coordinates.length).toBeGreaterThan(100);
    for (const value of coordinates) expect(Math.round(value * 1e5) / 1e5).toBe(value);
    const nursery = data.fences.find((f) => f.name === '园林局苗圃围栏');
    expect(nursery?.geometry.coordinates).toEqual([121.47123, 31.22988]);
  });

  it('shows a superMan every enabled place of every company, of all four kinds, and no disabled one', async () => {
    const { data } = await base('admin');
    const keys = placeKeys(data);
    expect(keys).toEqual(await enabledPlaces(db, COMPANIES.map((c) => c.code)));
    expect(new Set(placesOf(data).map((f) => f.properties.kind))).toEqual(new Set(PLACE_TABLES));
    expect(keys).not.toContain(disabledStation);
    for (const place of placesOf(data)) expect(place.properties.name).not.toBe('');
  });

  it('shows other users only their own companies\' enabled places', async () => {
    const manager = placeKeys((await base('manager')).data);
    expect(manager).toEqual(await enabledPlaces(db, companiesOf('manager')));
    expect(manager.length).toBeLessThan(placeKeys((await base('admin')).data).length);
    const garden = await base('garden');
    expect(garden.resultCode).toBe(RESULT_CODE.OK);
    expect(placeKeys(garden.data)).toEqual(await enabledPlaces(db, ['C005']));
    expect(placeKeys(garden.data).length).toBeGreaterThan(0);
    expect(manager.filter((key) => placeKeys(garden.data).includes(key))).toEqual([]);
  });

  it('carries the approved fences of the caller\'s companies that have a shape, as stored with their id and name', async () => {
    const admin = (await base('admin')).data.fences;
    expect(admin.map((f) => f.id)).toEqual(await approvedFenceIds(db, COMPANIES.map((c) => c.code)));
    expect(admin.length).toBeGreaterThan(1);
    expect(admin.map((f) => f.name)).not.toContain('未画围栏');
    expect(admin.map((f) => f.name)).not.toContain('坏围栏');
    const stored = await db.selectFrom('fence').select(['id', 'name', 'approvalStatus']).execute();
    for (const fence of admin) {
      expect(stored.find((row) => row.id === fence.id)).toMatchObject({ name: fence.name, approvalStatus: FENCE_APPROVAL_STATUS.approved });
      const shape = { type: fence.type, properties: fence.properties, geometry: fence.geometry };
      expect(parseFenceShape(JSON.stringify(shape))).toEqual(shape);
    }
    const manager = (await base('manager')).data.fences;
    expect(manager.map((f) => f.id)).toEqual(await approvedFenceIds(db, companiesOf('manager')));
    expect(manager.map((f) => f.name)).not.toContain('园林局苗圃围栏');
    expect((await base('garden')).data.fences.map((f) => f.name)).toEqual(['园林局苗圃围栏']);
  });

  it('gives the base map to a role with the fence screens (base data) but no monitor screen, refuses it to a role with neither and to a caller without a session', async () => {
    const role = await db.insertInto('role').values({ roleName: '档案员', description: '', superMan: 0, status: 1 }).returning('id').executeTakeFirstOrThrow();
    await db.insertInto('roleFunction').values([{ roleId: role.id, functionId: 'personal' }, { roleId: role.id, functionId: 'base_data' }]).execute();
    await db.updateTable('appUser').set({ roleId: role.id }).where('userName', '=', 'operator').execute();
    expect((await base('operator')).resultCode).toBe(RESULT_CODE.OK);
    await db.deleteFrom('roleFunction').where('roleId', '=', role.id).where('functionId', '=', 'base_data').execute();
    expect((await base('operator')).resultCode).toBe(RESULT_CODE.UNAUTHORIZED);
    expect((await call(server.url, 'GET', MAP_CALL_PATHS.config, { token: tokens.get('operator') })).resultCode).toBe(RESULT_CODE.OK);
    expect((await call(server.url, 'GET', MAP_CALL_PATHS.base)).resultCode).toBe(RESULT_CODE.SESSION_EXPIRED);
    expect((await call(server.url, 'GET', MAP_CALL_PATHS.config)).resultCode).toBe(RESULT_CODE.SESSION_EXPIRED);
  });

  it('answers the default settings, no tile server, to any logged-in user', async () => {
    for (const user of ['admin', 'garden']) {
      const answer = await call<MapConfig>(server.url, 'GET', MAP_CALL_PATHS.config, { token: tokens.get(user) });
      expect(answer.resultCode).toBe(RESULT_CODE.OK);
      expect(answer.data).toEqual({ tileUrl: null, attribution: '', coords: 'wgs84', maxZoom: 18 });
    }
  });
});

describe('the map calls on a server with settings', () => {
  const SET = { MAP_TILE_URL: 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png', MAP_TILE_ATTRIBUTION: '© OpenStreetMap', MAP_MAX_ZOOM: '19' };
  let server: RunningServer;
  let legacy: RunningServer;
  beforeAll(async () => {
    // As main.ts does: the settings read from the environment at start, carried by the services.
    server = await startServer({ map: mapConfigOf(SET) });
    legacy = await startServer({ contract: 'legacy' });
  });
  afterAll(async () => {
    await server.close();
    await legacy.close();
  });

  it("lets the console load the tile server's images, its subdomains too, and no other host's", async () => {
    const policy = (await fetch(`${server.url}/login`)).headers.get('content-security-policy') ?? '';
    expect(policy).toContain("img-src 'self' data: blob: https://*.tile.openstreetmap.org;");
    const offline = (await fetch(`${legacy.url}/login`)).headers.get('content-security-policy') ?? '';
    expect(offline).toContain("img-src 'self' data: blob:;");
  });

  it('answers the tile server the environment names', async () => {
    const { token } = await login(server.url, 'manager');
    const answer = await call<MapConfig>(server.url, 'GET', MAP_CALL_PATHS.config, { token });
    expect(answer.data).toEqual({ tileUrl: SET.MAP_TILE_URL, attribution: SET.MAP_TILE_ATTRIBUTION, coords: 'wgs84', maxZoom: 19 });
  });

  it('has neither call in legacy mode, as the legacy backend has none', async () => {
    const { token } = await login(legacy.url, 'admin');
    for (const path of Object.values(MAP_CALL_PATHS)) expect((await call(legacy.url, 'GET', path, { token })).resultCode).toBe(404);
  });
});
