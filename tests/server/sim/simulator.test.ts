// The live simulator over short runs: the same seed replays exactly, only changed rows go out, alarms on demand are typed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALARM_TYPE_IDS } from '../../../domain/alarm-types';
import { parseLiveAlarm } from '../../../domain/wire/live-alarm';
import { roundCoord } from '../../../server/sim/city';
import { loadFleet } from '../../../server/sim/fleet';
import { report, statusRow } from '../../../server/sim/truck-sim';
import { createTruckSim } from '../../../server/sim/truck-start';
import { statusRows } from '../../../server/store/trucks';
import { ALL_COMPANIES, T0, history, record, run, seededDb, simulate, type SeededDb } from './fixture';

async function replay(seed: number) {
  const s = await seededDb(seed);
  const recorder = record(s.hub);
  const sim = simulate(s, { seed, alarmRate: 5 });
  await run(sim, 240);
  const stored = await history(s.db);
  sim.stop();
  await s.close();
  return { published: recorder, stored };
}

// Each test seeds two 80-truck databases and replays 20 minutes on both: 11 s alone on PostgreSQL, past the default
// 20 s beside a 30-day backfill; as long as the backfill's own determinism test allows.
describe('deterministic runs', () => {
  it('publishes and stores identical rows, alarms and history for the same seed', async () => {
    const [a, b] = await Promise.all([replay(7), replay(7)]);
    expect(a.published.rows.length).toBeGreaterThan(100);
    expect(a.published.alarms.length).toBeGreaterThan(0);
    expect(a.stored.positions.length).toBeGreaterThan(0);
    expect(a.stored.positions.filter((p) => !/^\p{Script=Han}+区\p{Script=Han}+$/u.test(p.area))).toEqual([]);
    expect(a.stored.events.length).toBeGreaterThan(0);
    expect(a.stored.heartbeats.length).toBeGreaterThan(0);
    expect(b).toEqual(a);
  }, 60_000);

  it('runs differently for a different seed', async () => {
    const [a, b] = await Promise.all([replay(7), replay(8)]);
    expect(b.published.rows).not.toEqual(a.published.rows);
    expect(b.stored.positions).not.toEqual(a.stored.positions);
  }, 60_000);
});

describe('published rows', () => {
  let s: SeededDb;
  beforeAll(async () => {
    s = await seededDb(5);
  });
  afterAll(async () => {
    await s.close();
  });

  it('publishes only rows that changed in the tick, exactly as stored', async () => {
    const sim = simulate(s, { seed: 5 });
    await sim.ready;
    const total = (await s.db.selectFrom('truck').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;
    let published: number[] = [];
    s.hub.onRows((rows) => published.push(...rows.map((r) => r.row.truckId)));
    for (let i = 1; i <= 60; i += 1) {
      const before = new Map((await statusRows(s.db, { companyCodes: ALL_COMPANIES })).map((r) => [r.row.truckId, r]));
      published = [];
      const tickRows: unknown[] = [];
      const off = s.hub.onRows((rows) => tickRows.push(...rows));
      await sim.tick(T0 + i * 5000);
      off();
      const after = await statusRows(s.db, { companyCodes: ALL_COMPANIES });
      // Every seeded truck has reported, so each row has a fix, and "exactly as stored" below covers it too.
      expect(after.filter((r) => typeof r.row.lat !== 'number' || typeof r.row.lng !== 'number' || typeof r.row.heading !== 'number')).toEqual([]);
      expect(published.length).toBeLessThan(Number(total));
      expect(new Set(published).size).toBe(published.length);
      for (const row of after) {
        if (published.includes(row.row.truckId)) {
          expect(row, `truck ${row.row.truckId} was published unchanged`).not.toEqual(before.get(row.row.truckId));
          expect(tickRows).toContainEqual(row);
        } else {
          expect(row, `truck ${row.row.truckId} changed without being published`).toEqual(before.get(row.row.truckId));
        }
      }
    }
    sim.stop();
  });

  it('sends no fix for a truck until it reports, then its position rounded as stored', async () => {
    const [spec] = (await loadFleet(s.db)).trucks;
    if (!spec) throw new Error('the seeded fleet has no trucks');
    // No live row: a truck just added to the master data, placed near its yard but not yet reported.
    const t = createTruckSim(spec, undefined, 5, T0);
    const before = statusRow(t).row;
    expect(before.gpsTime).toBeNull();
    expect(Object.keys(before).filter((key) => ['lat', 'lng', 'heading'].includes(key))).toEqual([]);

    t.lat += 0.0000004;
    t.heading = 123.4;
    report(t, T0 + 1000);
    const after = statusRow(t).row;
    expect(after).toMatchObject({ gpsTime: T0 + 1000, lat: roundCoord(t.lat), lng: roundCoord(t.lng), heading: 123.4 });
    expect(after.lat).not.toBe(t.lat);
  });

  it("shows each tank's capacity and seal, and a seal broken with nothing else changed as a changed row", async () => {
    const spec = (await loadFleet(s.db)).trucks.find((truck) => truck.tanks.length > 0);
    if (!spec) throw new Error('the seeded fleet has no tanker');
    const t = createTruckSim(spec, undefined, 5, T0);
    report(t, T0 + 1000);
    const before = statusRow(t).row.lastIventoryMap;
    expect(Object.values(before).map((tank) => [tank.capacity, tank.sealed])).toEqual(t.tanks.map((tank) => [tank.capacity, tank.sealed]));
    const [first] = t.tanks;
    if (!first) throw new Error('a tanker without tanks');
    first.sealed = !first.sealed;
    report(t, T0 + 2000);
    expect(statusRow(t).row.lastIventoryMap['1']?.sealed).toBe(first.sealed);
  });

  it('writes again a stored row lacking readings, keeps one that has them all, and keeps an open seal across a restart', async () => {
    const spec = (await loadFleet(s.db)).trucks.find((truck) => truck.tanks.length > 1);
    if (!spec) throw new Error('the seeded fleet has no tanker of two compartments');
    const live = { truckId: spec.id, status: 2, alarm: '', gpsTime: T0, statusTime: T0, speed: 0, area: '', lat: 31.2, lng: 121.4, heading: 0, updatedAt: T0 };
    const seeded = createTruckSim(spec, { ...live, inventory: JSON.stringify({ 1: { oilCode: 92, vt: 100 }, 2: { oilCode: 92, vt: 100, sealed: false } }) }, 5, T0);
    expect(seeded.lastRowKey).toBe('');
    expect(seeded.tanks.map((tank) => tank.sealed).slice(0, 2)).toEqual([true, false]);
    const full = createTruckSim(spec, { ...live, inventory: JSON.stringify(seeded.shown.tanks) }, 5, T0);
    expect(full.lastRowKey).not.toBe('');
  });
});

describe('raiseAlarm', () => {
  let s: SeededDb;
  beforeAll(async () => {
    s = await seededDb(9);
  });
  afterAll(async () => {
    await s.close();
  });

  it('raises every catalogue type, each a valid wire alarm stored with the next seq', async () => {
    const sim = simulate(s, { seed: 9 });
    const seen = record(s.hub);
    let lastSeq = 0;
    for (const type of ALARM_TYPE_IDS) {
      const published = await sim.raiseAlarm(type);
      expect(published.alarm.type).toBe(type);
      expect(published.alarm.seq).toBeGreaterThan(lastSeq);
      lastSeq = published.alarm.seq;
      expect(parseLiveAlarm(JSON.parse(JSON.stringify(published.alarm))), `type ${type}`).toBeDefined();
    }
    expect(seen.alarms.map((a) => a.alarm.type)).toEqual([...ALARM_TYPE_IDS]);
    sim.stop();
  });

  it('gives 202, 203 and 205 their typed properties with realistic values', async () => {
    const sim = simulate(s, { seed: 9 });
    const loss = await sim.raiseAlarm(202);
    const work = await sim.raiseAlarm(203);
    const oil = await sim.raiseAlarm(205);
    if (loss.alarm.type !== 202 || work.alarm.type !== 203 || oil.alarm.type !== 205) throw new Error('wrong types');
    const lossRate = Math.abs(loss.alarm.properties.lossRate);
    expect(lossRate).toBeGreaterThan(loss.alarm.properties.highLossRateThreshold);
    expect(lossRate).toBeLessThan(0.011);
    expect(loss.alarm.properties.signCode).toBe(loss.alarm.signCode);
    expect(loss.alarm.properties.startArea).toMatch(/区/);
    expect(work.alarm.properties.driverWorkingDuration).toBeGreaterThan(600);
    expect(work.alarm.properties.driver.name).not.toBe('');
    expect(work.alarm.properties.companyName).toMatch(/公司|局/);
    expect(oil.alarm.properties.taskCode).not.toBe('');
    expect(oil.alarm.properties.tankSequence).toBeGreaterThanOrEqual(1);
    expect(oil.alarm.properties.actualOilCode).not.toBe(oil.alarm.properties.oilCode);
    expect(oil.alarm.properties.mass).toBeGreaterThan(0);
    sim.stop();
  });

  it('raises on the truck it is given and shows the alarm status on its next row', async () => {
    const sim = simulate(s, { seed: 9 });
    await sim.ready;
    const truck = await s.db.selectFrom('truckLive').select('truckId').where('status', '<>', 0).executeTakeFirstOrThrow();
    const alarm = await sim.raiseAlarm(5, truck.truckId);
    expect(alarm.alarm.truckId).toBe(truck.truckId);
    const rows = record(s.hub);
    await sim.tick(T0 + 5000);
    const row = rows.rows.flat().find((r) => r.row.truckId === truck.truckId);
    expect(row?.row.status).toBe(3);
    expect(row?.row.alarm).toBe('急加速急减速');
    sim.stop();
  });

  it('rejects unknown types and unknown trucks', async () => {
    const sim = simulate(s, { seed: 9 });
    await expect(sim.raiseAlarm(23)).rejects.toThrow(/unknown alarm type/);
    await expect(sim.raiseAlarm(999)).rejects.toThrow(Error);
    await expect(sim.raiseAlarm(2, 999_999)).rejects.toThrow(/no truck/);
    sim.stop();
  });
});

describe('master data changing under the simulator', () => {
  it('stops simulating a truck deleted meanwhile and keeps ticking for the rest', async () => {
    const s = await seededDb(12);
    const sim = simulate(s, { seed: 12 });
    const seen = record(s.hub);
    await run(sim, 6);
    const victim = seen.rows.flat()[0]?.row.truckId;
    if (victim === undefined) throw new Error('no rows published');
    await s.db.updateTable('driver').set({ truckId: null }).where('truckId', '=', victim).execute();
    await s.db.updateTable('device').set({ truckId: null }).where('truckId', '=', victim).execute();
    await s.db.deleteFrom('truck').where('id', '=', victim).execute();
    seen.rows.length = 0;
    await run(sim, 120, 5000, T0 + 6 * 5000);
    sim.stop();
    const published = seen.rows.flat();
    expect(published.length).toBeGreaterThan(0);
    expect(published.filter((r) => r.row.truckId === victim)).toEqual([]);
    const orphans = await s.db.selectFrom('position').select('id').where('truckId', '=', victim).execute();
    expect(orphans).toEqual([]);
    await s.close();
  });
});
