// Thresholds that act: a company's threshold rows, read from the database into the detection's cache, change which
// alarms the simulator's detection raises from the next check on; a company without a row keeps the defaults. Each
// check is driven directly on one truck, at set times, so nothing depends on chance or on the clock.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { EventKind } from '../../../domain/events';
import { TRUCK_STATUS } from '../../../domain/truck-status';
import type { Db } from '../../../server/db/open';
import type { NewAlarm } from '../../../server/store/alarms';
import { FleetEngine, type SimSink } from '../../../server/sim/engine';
import type { SimEvent } from '../../../server/sim/events';
import { loadFleet } from '../../../server/sim/fleet';
import { openCover, roadIncidents, roadStopAlarm, speeding } from '../../../server/sim/incidents';
import { loadedAbnormally } from '../../../server/sim/loading';
import type { TruckSim } from '../../../server/sim/truck-sim';
import { openThresholdCache, type ThresholdCache } from '../../../server/thresholds/threshold-cache';
import { recordThresholdHistory } from '../../../server/thresholds/threshold-history';
import { T0, seededDb, type SeededDb } from '../sim/fixture';

const MIN = 60_000;

class Recorder implements SimSink {
  alarms: NewAlarm[] = [];
  events: SimEvent[] = [];
  position(): void {}
  heartbeat(): void {}
  event(event: SimEvent): void {
    this.events.push(event);
  }
  alarm(alarm: NewAlarm): void {
    this.alarms.push(alarm);
  }
  ofType(type: number): NewAlarm[] {
    return this.alarms.filter((a) => a.type === type);
  }
  ofKind(kind: EventKind): SimEvent[] {
    return this.events.filter((e) => e.kind === kind);
  }
}

const stamp = { status: 1, version: 1, modifiedBy: 'test', modifiedAt: T0 };

/** The company's threshold row as a save leaves it: the row, and its values in the history from `at` (sim time) on. */
async function setThreshold(db: Db, companyCode: string, values: { parkingTimeoutMin: number; offlineTimeoutMin: number; overspeedKmh: number }, at = T0) {
  await db.deleteFrom('alarmThreshold').where('companyCode', '=', companyCode).execute();
  await db.insertInto('alarmThreshold').values({ companyCode, ...values, ...stamp }).execute();
  await recordThresholdHistory(db, at, [companyCode]);
}

describe('alarm detection reads the thresholds', () => {
  let s: SeededDb;
  let cache: ThresholdCache;
  let engine: FleetEngine;
  let truck: TruckSim;
  let company: string;
  let sink: Recorder;

  /** Runs detection on the engine with a fresh recorder and returns it. */
  const detect = (work: () => void): Recorder => {
    sink = new Recorder();
    engine.withSink(sink, work);
    return sink;
  };

  beforeAll(async () => {
    s = await seededDb('thresholds', 12);
    cache = openThresholdCache(s.db, { refreshMs: 0 });
    await cache.ready;
    engine = new FleetEngine(await loadFleet(s.db), { seed: 'thresholds', thresholds: cache.snapshot }, T0);
    const fuel = engine.trucks.find((t) => t.spec.model === 'fuel' && t.tanks.length > 0);
    if (!fuel) throw new Error('the seeded fleet has no tanker');
    truck = fuel;
    company = truck.spec.companyCode;
  }, 60_000);

  afterAll(async () => {
    cache.close();
    await s.close();
  });

  beforeEach(async () => {
    for (const table of ['alarmThreshold', 'alarmThresholdHistory', 'noAbnormalArea', 'loadingTolerance', 'alarmParameter'] as const) await s.db.deleteFrom(table).execute();
    await cache.refresh();
  });

  /** A speeding episode under way at `speed`, the alarm not yet raised. */
  const speedAt = (speed: number, at: number) => {
    truck.phase = 'toStation';
    truck.speed = speed;
    truck.speeding = { start: at, target: speed, until: at + 10 * MIN, max: speed, overAt: null, platformAlarmed: false, deviceAlarmed: false };
    return detect(() => speeding(engine, truck, at, at + 5000)).ofType(2);
  };

  it('raises overspeed (2) above 80 km/h without a row, and above the company threshold once it has one', async () => {
    expect(speedAt(85, T0)).toHaveLength(1);
    await setThreshold(s.db, company, { parkingTimeoutMin: 20, offlineTimeoutMin: 0, overspeedKmh: 88 });
    // Not yet read: the detection goes on with what it read last.
    expect(speedAt(85, T0 + MIN)).toHaveLength(1);
    await cache.refresh();
    expect(speedAt(85, T0 + 2 * MIN)).toEqual([]);
    const [over] = speedAt(89, T0 + 3 * MIN);
    expect(over?.properties).toMatchObject({ limit: 88, speed: 89 });
  });

  it("judges an ended overspeed episode's row by the threshold in force, and leaves other companies on the default", async () => {
    const other = engine.trucks.find((t) => t.spec.companyCode !== company);
    await setThreshold(s.db, company, { parkingTimeoutMin: 20, offlineTimeoutMin: 0, overspeedKmh: 100 });
    await cache.refresh();
    speedAt(95, T0);
    truck.phase = 'parked';
    truck.speed = 0;
    expect(detect(() => roadIncidents(engine, truck, T0 + 10 * MIN, T0 + 11 * MIN)).ofKind('overspeed')).toEqual([]);
    if (!other) throw new Error('the seeded fleet has one company');
    other.phase = 'toStation';
    other.speed = 85;
    other.speeding = { start: T0, target: 85, until: T0 + MIN, max: 85, overAt: null, platformAlarmed: false, deviceAlarmed: false };
    expect(detect(() => speeding(engine, other, T0, T0 + 5000)).ofType(2)).toHaveLength(1);
  });

  /** A roadside stop begun at `since`, checked at each of `minutes` after it; the alarms raised. */
  const stopChecked = (since: number, minutes: readonly number[]) => {
    // A stop begins as the simulator begins one (incidents.ts): not yet alarmed.
    truck.phase = 'roadStop';
    truck.since = since;
    truck.stopAlarmed = false;
    return detect(() => {
      for (const m of minutes) roadStopAlarm(engine, truck, since + m * MIN);
    }).ofType(4);
  };

  it('raises the stop alarm (4) once a roadside stop lasts the parking timeout: 20 minutes by default, the row\'s after', async () => {
    expect(stopChecked(T0, [19, 20, 25])).toEqual([expect.objectContaining({ startTime: T0, properties: expect.objectContaining({ durationMin: 20 }) })]);
    await setThreshold(s.db, company, { parkingTimeoutMin: 45, offlineTimeoutMin: 0, overspeedKmh: 80 });
    await cache.refresh();
    const since = T0 + 2 * 60 * MIN;
    expect(stopChecked(since, [20, 44])).toEqual([]);
    expect(stopChecked(since, [45, 50])).toEqual([expect.objectContaining({ startTime: since, properties: expect.objectContaining({ durationMin: 45 }) })]);
  });

  /** An offline spell begun at `since`, checked at each of `minutes` after it; the alarms raised. */
  const offlineChecked = (since: number, minutes: readonly number[]) => {
    truck.online = false;
    truck.offlineSince = since;
    const alarms = detect(() => {
      for (const m of minutes) engine.offlineAlarm(truck, since + m * MIN);
    }).ofType(7);
    truck.online = true;
    return alarms;
  };

  it('judges a stop by the parking timeout in force when it began: a change while it lasts does not move it', async () => {
    await setThreshold(s.db, company, { parkingTimeoutMin: 45, offlineTimeoutMin: 0, overspeedKmh: 80 }, T0);
    await setThreshold(s.db, company, { parkingTimeoutMin: 10, offlineTimeoutMin: 0, overspeedKmh: 80 }, T0 + 3 * 60 * MIN);
    await cache.refresh();
    // Begun under 45 minutes, checked after the change: 44 minutes raise nothing, 45 do.
    const before = T0 + 3 * 60 * MIN - 5 * MIN;
    expect(stopChecked(before, [10, 30, 44])).toEqual([]);
    expect(stopChecked(before, [45])).toEqual([expect.objectContaining({ startTime: before, properties: expect.objectContaining({ durationMin: 45 }) })]);
    // Begun under 10 minutes.
    const after = T0 + 3 * 60 * MIN;
    expect(stopChecked(after, [10])).toEqual([expect.objectContaining({ startTime: after, properties: expect.objectContaining({ durationMin: 10 }) })]);
  });

  it('raises the offline alarm (7) at once by default, and once a spell lasts the offline timeout when a row sets one', async () => {
    expect(offlineChecked(T0, [0, 5])).toEqual([expect.objectContaining({ startTime: T0 })]);
    await setThreshold(s.db, company, { parkingTimeoutMin: 20, offlineTimeoutMin: 30, overspeedKmh: 80 });
    await cache.refresh();
    const since = T0 + 3 * 60 * MIN;
    expect(offlineChecked(since, [0, 10, 29])).toEqual([]);
    expect(offlineChecked(since + 60 * MIN, [31, 40])).toEqual([
      expect.objectContaining({ startTime: since + 60 * MIN, properties: expect.objectContaining({ offlineMinutes: 31, timeoutMin: 30 }) }),
    ]);
  });

  it('judges an offline spell by the offline timeout in force when it began, and checks it at the step it ends', async () => {
    await setThreshold(s.db, company, { parkingTimeoutMin: 20, offlineTimeoutMin: 30, overspeedKmh: 80 }, T0);
    await setThreshold(s.db, company, { parkingTimeoutMin: 20, offlineTimeoutMin: 5, overspeedKmh: 80 }, T0 + 60 * MIN);
    await cache.refresh();
    const since = T0 + 50 * MIN;
    expect(offlineChecked(since, [0, 10, 29])).toEqual([]);
    // A spell of exactly 30 minutes whose last check is its coming back online (a parked truck switched on again):
    // that check raises it.
    truck.online = false;
    truck.offlineSince = since;
    const back = detect(() => {
      engine.offlineAlarm(truck, since + 29 * MIN);
      engine.comeOnline(truck, since + 30 * MIN);
    });
    expect(back.ofType(7)).toEqual([expect.objectContaining({ startTime: since, properties: expect.objectContaining({ timeoutMin: 30, offlineMinutes: 30 }) })]);
    expect(back.ofKind('offline')).toEqual([expect.objectContaining({ startTime: since, endTime: since + 30 * MIN })]);
  });

  it('raises alarm 7 for a spell under way when the engine starts once it reaches its timeout, not if it had by then', async () => {
    await setThreshold(s.db, company, { parkingTimeoutMin: 20, offlineTimeoutMin: 30, overspeedKmh: 80 }, T0 - 24 * 60 * MIN);
    await cache.refresh();
    const fleet = await loadFleet(s.db);
    const [short, long] = fleet.trucks.filter((spec) => spec.companyCode === company);
    if (!short || !long) throw new Error('the company has fewer than two trucks');
    // Both offline when the engine starts at T0: one since 10 minutes, one since 40 (its alarm raised by the run before).
    const live = new Map(fleet.live);
    for (const [spec, minutes] of [[short, 10], [long, 40]] as const) {
      const row = live.get(spec.id);
      if (!row) throw new Error(`no live row of ${spec.signCode}`);
      live.set(spec.id, { ...row, status: TRUCK_STATUS.offline, gpsTime: T0 - minutes * MIN });
    }
    const restarted = new FleetEngine({ ...fleet, live }, { seed: 'thresholds', thresholds: cache.snapshot }, T0);
    const checked = (id: number, minutes: number) => {
      const t = restarted.truck(id);
      if (!t) throw new Error(`no truck ${id}`);
      const recorder = new Recorder();
      restarted.withSink(recorder, () => restarted.offlineAlarm(t, T0 + minutes * MIN));
      return recorder.ofType(7);
    };
    expect(checked(short.id, 19)).toEqual([]);
    expect(checked(short.id, 20)).toEqual([expect.objectContaining({ startTime: T0 - 10 * MIN, properties: expect.objectContaining({ timeoutMin: 30 }) })]);
    expect(checked(long.id, 0)).toEqual([]);
    expect(checked(long.id, 60)).toEqual([]);
  });

  it('ignores a disabled row: its company is on the defaults again', async () => {
    await setThreshold(s.db, company, { parkingTimeoutMin: 20, offlineTimeoutMin: 0, overspeedKmh: 120 });
    await s.db.updateTable('alarmThreshold').set({ status: 0 }).where('companyCode', '=', company).execute();
    await cache.refresh();
    expect(speedAt(85, T0)).toHaveLength(1);
  });

  /** A cover opened at the truck's position and closed again; what was written and raised. */
  const coverOpened = (at: number) => {
    truck.phase = 'toStation';
    const opened = detect(() => openCover(engine, truck, 0, at, at + 2 * MIN));
    truck.phase = 'parked';
    const closed = detect(() => roadIncidents(engine, truck, at + 2 * MIN, at + 3 * MIN));
    return { seal: opened.ofKind('seal_break'), alarms: opened.ofType(1), cover: closed.ofKind('switch_cover') };
  };

  it("makes a cover opened inside one of the company's no-abnormal areas not abnormal: no seal break, no alarm 1", async () => {
    const outside = coverOpened(T0);
    expect(outside.seal).toHaveLength(1);
    expect(outside.alarms).toHaveLength(1);
    expect(outside.cover.map((e) => e.data)).toEqual([expect.objectContaining({ abnormal: true })]);

    const area = { lat: truck.lat + 0.001, lng: truck.lng, radiusM: 300, ...stamp };
    // Another company's area at the very spot does not count for this truck.
    const otherCompany = company === 'C003' ? 'C002' : 'C003';
    await s.db.insertInto('noAbnormalArea').values({ name: 'other company yard', companyCode: otherCompany, ...area }).execute();
    await cache.refresh();
    expect(coverOpened(T0 + 10 * MIN).alarms).toHaveLength(1);

    await s.db.insertInto('noAbnormalArea').values({ name: 'washing bay', companyCode: company, ...area }).execute();
    await cache.refresh();
    const inside = coverOpened(T0 + 20 * MIN);
    expect(inside.seal).toEqual([]);
    expect(inside.alarms).toEqual([]);
    expect(inside.cover.map((e) => e.data)).toEqual([expect.objectContaining({ abnormal: false })]);

    // 0.006° of latitude is about 670 m north: outside a 300 m circle centred 111 m north of where the truck was.
    truck.lat += 0.006;
    expect(coverOpened(T0 + 30 * MIN).alarms).toHaveLength(1);
    truck.lat -= 0.006;
  });

  it('checks a loaded compartment by the company tolerance of its product class', async () => {
    /** 10,000 L planned of `planned`, `litres` loaded of `actual`. */
    const abnormal = (planned: number, litres: number, actual = planned) => {
      const density = planned > 0 ? 0.74 : 0.84;
      return loadedAbnormally(engine, truck, planned, 10_000 * density, actual, litres);
    };
    // Default: 10‰ either way, any wrong product.
    expect([abnormal(92, 10_000), abnormal(92, 10_090), abnormal(92, 9_900), abnormal(92, 10_110), abnormal(0, 9_880)]).toEqual([false, false, false, true, true]);
    expect(abnormal(92, 10_000, 95)).toBe(true);
    expect(abnormal(0, 10_000, -1)).toBe(true);

    await s.db
      .insertInto('loadingTolerance')
      .values({ companyCode: company, gasolineToleranceL: 300, gasolineTolerancePermille: 5, dieselToleranceL: 0, dieselTolerancePermille: 2, ...stamp })
      .execute();
    await cache.refresh();
    // Gasoline: the larger of 300 L and 5‰ (50 L); diesel: 2‰ (20 L).
    expect([abnormal(92, 10_110), abnormal(95, 10_300), abnormal(98, 10_301), abnormal(0, 10_020), abnormal(0, 10_021)]).toEqual([false, false, true, false, true]);
    expect(abnormal(92, 10_000, 0)).toBe(true);
  });

  it('reads the alarm parameters: the high loss rate and the overlong working time', async () => {
    expect(cache.snapshot().limits(company)).toMatchObject({ highLossRate: 0.003, overlongWorkMin: 600 });
    await s.db.insertInto('alarmParameter').values({ companyCode: company, highLossPermille: 5.5, overlongWorkMin: 480, ...stamp }).execute();
    await cache.refresh();
    expect(cache.snapshot().limits(company)).toMatchObject({ highLossRate: 0.0055, overlongWorkMin: 480, overspeedKmh: 80 });
  });
});
