// The fleet's master data: deterministic per seed, shaped per company fleet, unique where the rules say so.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedFleet } from '../../../server/sim';
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
    expect(new Set(drivers.map((d) => d.name)).size).toBe(drivers.length);
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

  it('refuses to seed a second fleet into the same database', async () => {
    await expect(seedFleet(a.db, { seed: 42, now: T0 })).rejects.toThrow(/empty fleet/);
  });
});
