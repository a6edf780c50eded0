// A simulated day of the default fleet: every alarm type and event kind occurs, tanks stay in bounds, states stay consistent.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALARM_TYPE_IDS } from '../../../domain/alarm-types';
import { parseLiveAlarm } from '../../../domain/wire/live-alarm';
import type { PublishedRow } from '../../../server/live/hub';
import { EVENT_KINDS } from '../../../server/sim';
import { compartmentLitres } from '../../../server/sim/tanks';
import { T0, history, record, run, seededDb, simulate, type Recorder, type SeededDb } from './fixture';

const STEP_MS = 60_000;
const HOURS = 24;
const END = T0 + HOURS * 3_600_000;

describe(`a simulated day (${HOURS} h, alarm rate ×20)`, () => {
  let s: SeededDb;
  let seen: Recorder;
  let rows: PublishedRow[];
  let stored: Awaited<ReturnType<typeof history>>;
  let capacities: Map<number, number[]>;

  beforeAll(async () => {
    s = await seededDb(2024);
    seen = record(s.hub);
    const sim = simulate(s, { seed: 2024, alarmRate: 20 });
    const started = performance.now();
    await run(sim, (HOURS * 3_600_000) / STEP_MS, STEP_MS);
    console.log(`simulated ${HOURS} h of 80 trucks in ${Math.round(performance.now() - started)} ms`);
    sim.stop();
    rows = seen.rows.flat();
    stored = await history(s.db);
    const trucks = await s.db.selectFrom('truck').selectAll().execute();
    capacities = new Map(trucks.map((t) => [t.id, compartmentLitres(t.model, t.capacity, t.compartments)]));
  }, 120_000);

  afterAll(async () => {
    await s.close();
  });

  it('raises every alarm type of the catalogue, each a valid wire alarm', () => {
    const types = new Set(seen.alarms.map((a) => a.alarm.type));
    expect([...ALARM_TYPE_IDS].filter((id) => !types.has(id))).toEqual([]);
    const invalid = seen.alarms.filter((a) => parseLiveAlarm(JSON.parse(JSON.stringify(a.alarm))) === undefined);
    expect(invalid).toEqual([]);
  });

  it('computes 202 loss from the trip: rate between 0.3% and 1%, either sign, over the 0.003 threshold', () => {
    const losses = seen.alarms.flatMap((a) => (a.alarm.type === 202 ? [a.alarm.properties] : []));
    expect(losses.length).toBeGreaterThan(0);
    for (const p of losses) {
      expect(Math.abs(p.lossRate)).toBeGreaterThan(p.highLossRateThreshold);
      expect(Math.abs(p.lossRate)).toBeLessThanOrEqual(0.0101);
      expect(p.endTime).toBeGreaterThan(Number(p.startTime));
    }
  });

  it('never lets a compartment go below empty or above its capacity', () => {
    let checked = 0;
    const outside: string[] = [];
    for (const { row } of rows) {
      const caps = capacities.get(row.truckId) ?? [];
      for (const [no, tank] of Object.entries(row.lastIventoryMap)) {
        const capacity = caps[Number(no) - 1] ?? 0;
        if (tank.vt < 0 || tank.vt > capacity) outside.push(`${row.signCode} #${no}: ${tank.vt} of ${capacity}`);
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(1000);
    expect(outside).toEqual([]);
  });

  it('brings offline trucks back online', () => {
    const wentOffline = new Map<number, number>();
    const cameBack = new Set<number>();
    for (const { row } of rows) {
      if (row.status === 0 && !wentOffline.has(row.truckId)) wentOffline.set(row.truckId, Number(row.statusTime));
      else if (row.status !== 0 && wentOffline.has(row.truckId)) cameBack.add(row.truckId);
    }
    // Offline spells last at most 8 hours, so any that began before the last 9 hours must have ended.
    const early = [...wentOffline].filter(([, since]) => since < END - 9 * 3_600_000).map(([id]) => id);
    expect(early.length).toBeGreaterThan(0);
    expect(early.filter((id) => !cameBack.has(id))).toEqual([]);
  });

  it('keeps the status code consistent with what the row shows', () => {
    const broken: string[] = [];
    const check = (ok: boolean, row: PublishedRow['row'], rule: string) => {
      if (!ok) broken.push(`${row.signCode} status ${row.status}: ${rule}`);
    };
    for (const { row } of rows) {
      // A refrigerated truck's cold compartments (with humidity) carry goods, not litres: they say nothing about load.
      const tanks = Object.values(row.lastIventoryMap).filter((tank) => tank.humidity === undefined);
      if (row.status === 4) check(row.speed === 0, row, 'stopped at speed 0');
      if (row.status === 3) check(row.alarm !== '', row, 'alarm status names its alarm');
      if (row.status === 1 || row.status === 2 || row.status === 4) check(row.alarm === '', row, 'no alarm text outside alarm status');
      if (row.status === 2 && tanks.length > 0) check(tanks.some((t) => t.vt > 0), row, 'loaded means something in a tank');
      if (row.status === 1 && tanks.length > 0) check(tanks.every((t) => t.vt === 0), row, 'empty means empty tanks');
      if (row.status === 0) check(Number(row.gpsTime) <= Number(row.statusTime), row, 'no fix after going offline');
    }
    expect(broken.slice(0, 10)).toEqual([]);
    expect(new Set(rows.map((r) => r.row.status))).toEqual(new Set([0, 1, 2, 3, 4]));
  });

  it('writes every event kind with its report fields', () => {
    const kinds = new Set(stored.events.map((e) => e.kind));
    expect(EVENT_KINDS.filter((k) => !kinds.has(k))).toEqual([]);
    const load = stored.events.find((e) => e.kind === 'load');
    expect(JSON.parse(load?.data ?? '{}')).toMatchObject({ taskCode: expect.any(String), compartment: expect.any(Number), volume: expect.any(Number) });
    const trip = stored.events.find((e) => e.kind === 'trip');
    expect(JSON.parse(trip?.data ?? '{}')).toMatchObject({ loss: expect.any(Number), lossRate: expect.any(Number), startArea: expect.any(String) });
    expect(stored.events.filter((e) => e.endTime !== null && e.endTime < e.startTime)).toEqual([]);
  });

  it('stores a position about every minute per moving truck and heartbeats every few minutes per online truck', () => {
    const perTruck = new Map<number, number[]>();
    for (const p of stored.positions) perTruck.set(p.truckId, [...(perTruck.get(p.truckId) ?? []), p.time]);
    const gaps = [...perTruck.values()].flatMap((times) => times.slice(1).map((t, i) => t - (times[i] ?? 0)));
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(60_000);
    expect(stored.positions.length).toBeGreaterThan(80 * 60);
    expect(stored.heartbeats.length).toBeGreaterThan(80 * 12 * 5);
    expect(stored.heartbeats.filter((h) => h.voltage < 18 || h.voltage > 30)).toEqual([]);
  });
});
