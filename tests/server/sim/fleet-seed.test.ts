// The fleet's master data: deterministic per seed, shaped per company fleet, unique where the rules say so.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fenceContains, isCircleShape, parseFenceShape, type FenceShape } from '../../../domain/fence-shape';
import { seedFleet } from '../../../server/sim';
import { distanceKm } from '../../../server/sim/city';
import { compartmentLitres } from '../../../server/sim/tanks';
import { T0, seededDb, type SeededDb } from './fixture';

async function masterData(s: SeededDb) {
  const { db } = s;
  return {
    trucks: await db.selectFrom('truck').selectAll().orderBy('id').execute(),
    drivers: await db.selectFrom('driver').selectAll().orderBy('id').execute(),
    devices: await db.selectFrom('device').selectAll().orderBy('id').execute(),
    depots: await db.selectFrom('depot').selectAll().orderBy('id').execute(),
    stations: await db.selectFrom('station').selectAll().orderBy('id').execute(),
    parks: await db.selectFrom('park').selectAll().orderBy('id').execute(),
    serviceDepots: await db.selectFrom('serviceDepot').selectAll().orderBy('id').execute(),
    live: await db.selectFrom('truckLive').selectAll().orderBy('truckId').execute(),
    fences: await db.selectFrom('fence').selectAll().orderBy('id').execute(),
  };
}

describe('seedFleet', () => {
  let a: SeededDb;
  let b: SeededDb;
  let c: SeededDb;

  beforeAll(async () => {
    [a, b, c] = await Promise.all([seededDb(42), seededDb(42), seededDb(43)]);
  });
  afterAll(async () => {
    await Promise.all([a.close(), b.close(), c.close()]);
  });

  it('writes identical master data for the same seed and different data for another seed', async () => {
    const [first, second, other] = await Promise.all([masterData(a), masterData(b), masterData(c)]);
    expect(second).toEqual(first);
    expect(other.trucks.map((t) => t.signCode)).not.toEqual(first.trucks.map((t) => t.signCode));
  });

  it('gives the default fleet about 80 trucks, 3+ depots, 10+ stations and 3+ parks', async () => {
    const data = await masterData(a);
    expect(data.trucks).toHaveLength(80);
    expect(data.depots.length).toBeGreaterThanOrEqual(3);
    expect(data.stations.length).toBeGreaterThanOrEqual(10);
    expect(data.parks.length).toBeGreaterThanOrEqual(3);
  });

  it('gives each fleet company one service depot a few km from its yard, unique by code and name, at version 1', async () => {
    const { parks, serviceDepots } = await masterData(a);
    expect(serviceDepots.map((s) => s.companyCode)).toEqual(parks.map((p) => p.companyCode));
    expect(new Set(serviceDepots.map((s) => s.code)).size).toBe(serviceDepots.length);
    expect(new Set(serviceDepots.map((s) => s.name)).size).toBe(serviceDepots.length);
    serviceDepots.forEach((depot, i) => {
      const yard = parks[i];
      const km = yard ? distanceKm(yard, depot) : Infinity;
      expect(km, depot.name).toBeGreaterThan(0.5);
      expect(km, depot.name).toBeLessThan(5);
      expect(depot).toMatchObject({ status: 1, version: 1, modifiedBy: null, modifiedAt: null });
      expect(depot.address).toMatch(/^上海市.+号$/);
    });
  });

  it('puts tankers with 1–5 compartments in fuel companies, sprinklers with one water tank in C005, and a few others', async () => {
    const { trucks, live } = await masterData(a);
    const liveOf = new Map(live.map((l) => [l.truckId, l]));
    const fuel = trucks.filter((t) => t.model === 'fuel');
    const sprinklers = trucks.filter((t) => t.model === 'sprinkler');
    expect(fuel.every((t) => ['C002', 'C003', 'C004'].includes(t.companyCode) && t.compartments >= 1 && t.compartments <= 5)).toBe(true);
    expect(sprinklers.length).toBeGreaterThan(0);
    for (const t of sprinklers) {
      expect(t.companyCode).toBe('C005');
      expect(t.compartments).toBe(1);
      const inventory = JSON.parse(liveOf.get(t.id)?.inventory ?? '{}') as Record<string, { oilCode: number; vt: number }>;
      expect(Object.values(inventory).map((tank) => tank.oilCode)).toEqual([-1]);
    }
    expect(trucks.some((t) => t.model === 'refrigerated')).toBe(true);
    expect(trucks.some((t) => t.model === 'truck')).toBe(true);
    expect(trucks.some((t) => t.companyCode === 'C001')).toBe(false);
  });

  it('gives every truck one driver and one device, with valid-looking codes and phones', async () => {
    const { trucks, drivers, devices } = await masterData(a);
    expect(new Set(drivers.map((d) => d.truckId))).toEqual(new Set(trucks.map((t) => t.id)));
    expect(new Set(devices.map((d) => d.truckId))).toEqual(new Set(trucks.map((t) => t.id)));
    // A device's list is its company's: each one belongs to its truck's company and is made for its model.
    const truckOf = new Map(trucks.map((t) => [t.id, t]));
    for (const d of devices) {
      expect(d.companyCode).toBe(truckOf.get(d.truckId ?? 0)?.companyCode);
      expect(d.vehicleType).toBe(truckOf.get(d.truckId ?? 0)?.model);
    }
    expect(new Set(drivers.map((d) => d.name)).size).toBe(drivers.length);
    // Each truck's terminal phone is a SIM card of its company, with a 20-digit ICCID and some SMS bought for it.
    const cards = await a.db.selectFrom('phoneNumber').selectAll().execute();
    expect(cards.map((c) => [c.phone, c.truckId, c.companyCode]).sort()).toEqual(trucks.map((t) => [t.phone, t.id, t.companyCode]).sort());
    for (const c of cards) expect(c.iccid).toMatch(/^8986\d{16}$/);
    const recharged = new Set((await a.db.selectFrom('messageRecharge').select('phone').execute()).map((r) => r.phone));
    expect(recharged).toEqual(new Set(trucks.map((t) => t.phone)));
    for (const d of drivers) {
      expect(d.code.length).toBeLessThanOrEqual(7);
      expect(d.idNumber).toMatch(/^\d{17}[\dX]$/);
      expect(d.mobile).toMatch(/^\d{11}$/);
    }
    for (const t of trucks) {
      expect(t.phone).toMatch(/^\d{11}$/);
      expect(t.signCode).toMatch(/^沪[A-Z]·[A-Z]\d{4}$/);
    }
  });

  it('starts every truck with a live row whose tanks fit their compartments', async () => {
    const { trucks, live } = await masterData(a);
    expect(live).toHaveLength(trucks.length);
    const liveOf = new Map(live.map((l) => [l.truckId, l]));
    for (const t of trucks) {
      const row = liveOf.get(t.id);
      expect(row, t.signCode).toBeDefined();
      const capacities = compartmentLitres(t.model, t.capacity, t.compartments);
      const tanks = Object.values(JSON.parse(row?.inventory ?? '{}') as Record<string, { vt: number }>);
      expect(tanks).toHaveLength(capacities.length);
      tanks.forEach((tank, i) => {
        expect(tank.vt).toBeGreaterThanOrEqual(0);
        expect(tank.vt).toBeLessThanOrEqual(capacities[i] ?? 0);
      });
      expect(row?.area).toMatch(/区/);
    }
    expect(new Set(live.map((l) => l.status))).toEqual(new Set([0, 1, 2, 4]));
  });

  it('leaves fences pending, approved and rejected for the approval calls', async () => {
    const { fences } = await masterData(a);
    expect(new Set(fences.map((f) => f.approvalStatus))).toEqual(new Set([0, 1, 2]));
    for (const f of fences) expect(f.approver === null).toBe(f.approvalStatus === 0);
  });

  it('gives every fence a valid shape whose kind is its type', async () => {
    const { fences } = await masterData(a);
    const shapes = fences.map((f) => ({ type: f.type, shape: parseFenceShape(f.geometry) }));
    expect(shapes.filter((s) => s.shape?.properties.shape !== s.type)).toEqual([]);
    expect(new Set(fences.map((f) => f.type))).toEqual(new Set(['polygon', 'rectangle', 'circle']));
  });

  it('outlines each depot with 5–7 corners 400–700 m across, the first stations with 150–300 m circles, each yard with 300 × 200 m', async () => {
    const { fences, depots, stations, parks } = await masterData(a);
    const shapeOf = (name: string): FenceShape | undefined => parseFenceShape(fences.find((f) => f.name === `${name}围栏`)?.geometry ?? null);
    const ringOf = (shape: FenceShape | undefined) => (shape && !isCircleShape(shape) ? shape.geometry.coordinates[0].map(([lng, lat]) => ({ lat, lng })) : []);
    for (const depot of depots) {
      const shape = shapeOf(depot.name);
      const ring = ringOf(shape);
      expect(shape?.properties.shape, depot.name).toBe('polygon');
      expect(ring.length - 1).toBeGreaterThanOrEqual(5);
      expect(ring.length - 1).toBeLessThanOrEqual(7);
      const across = Math.max(...ring.flatMap((p) => ring.map((q) => distanceKm(p, q))));
      expect(across).toBeGreaterThan(0.35);
      expect(across).toBeLessThan(0.7);
      expect(shape && fenceContains(shape, depot.lat, depot.lng)).toBe(true);
    }
    const circles = stations.slice(0, 6).map((s) => shapeOf(s.name));
    for (const shape of circles) {
      expect(shape && isCircleShape(shape) ? shape.properties.radius : 0).toBeGreaterThanOrEqual(150);
      expect(shape && isCircleShape(shape) ? shape.properties.radius : Infinity).toBeLessThanOrEqual(300);
    }
    expect(stations.slice(6).map((s) => shapeOf(s.name))).toEqual(stations.slice(6).map(() => undefined));
    for (const park of parks) {
      const ring = ringOf(shapeOf(park.name));
      expect(ring).toHaveLength(5);
      const [sw, se, ne] = ring;
      expect(sw && se ? distanceKm(sw, se) : 0).toBeCloseTo(0.3, 2);
      expect(se && ne ? distanceKm(se, ne) : 0).toBeCloseTo(0.2, 2);
    }
  });

  it('adds zones several km across for a few companies', async () => {
    const { fences } = await masterData(a);
    const zones = fences.filter((f) => !f.name.endsWith('围栏'));
    expect(zones.map((z) => z.name)).toContain('内环限行区');
    expect(zones.map((z) => z.name)).toContain('外高桥港区');
    const perCompany = new Map<string, number>();
    for (const z of zones) perCompany.set(z.companyCode, (perCompany.get(z.companyCode) ?? 0) + 1);
    expect(perCompany.size).toBeGreaterThanOrEqual(3);
    expect([...perCompany.values()].every((n) => n <= 3)).toBe(true);
    for (const zone of zones) {
      const shape = parseFenceShape(zone.geometry);
      const ring = shape && !isCircleShape(shape) ? shape.geometry.coordinates[0] : [];
      const lngs = ring.map(([lng]) => lng);
      expect((Math.max(...lngs) - Math.min(...lngs)) * 95, zone.name).toBeGreaterThan(2.5);
    }
  });

  it('refuses to seed a second fleet into the same database', async () => {
    await expect(seedFleet(a.db, { seed: 42, now: T0 })).rejects.toThrow(/empty fleet/);
  });
});
