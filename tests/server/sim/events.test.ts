// The default fleet's history as the report screens read it: every event kind and every abnormal subset in the last
// week, each row of its declared shape, from trucks of the right model, and alarms dated exactly as their events.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEventData, type ParsedEvent } from '../../../domain/event-shapes';
import { EVENT_KINDS, type EventData, type EventKind } from '../../../domain/events';
import { PROCESS_STATES } from '../../../domain/process-states';
import { parseTruckStatusRow } from '../../../domain/wire/truck-row';
import type { TruckModel } from '../../../server/db/schema';
import { backfill } from '../../../server/sim';
import { allEvents, T0, seededDb, type SeededDb } from './fixture';

const SEED = 20261122;
const DAY = 24 * 3_600_000;
const WEEK_START = T0 - 7 * DAY;

interface Stored {
  readonly truckId: number;
  readonly startTime: number;
  readonly event: ParsedEvent;
}

/** The process state an event was stamped with, if its kind carries one. */
function processOf(event: ParsedEvent | undefined): string | undefined {
  return event && 'process' in event.data ? event.data.process : undefined;
}

type Of<K extends EventKind> = Stored & { readonly event: { readonly kind: K; readonly data: EventData[K] } };

/** The abnormal subsets the exception screens list, each of which the last week must show at least once. */
const ABNORMAL: { readonly [name: string]: (e: ParsedEvent) => boolean } = {
  'not empty (alarm_not_empty)': (e) => e.kind === 'empty_check' && !e.data.empty,
  'cover opened on the road (alarm_switch_cover)': (e) => e.kind === 'switch_cover' && e.data.abnormal,
  'high pressure (alarm_high_pressure)': (e) => e.kind === 'pressure' && e.data.abnormal,
  'temperature or humidity out of range (alarm_temp_hum)': (e) => e.kind === 'temp_humidity' && e.data.abnormal,
  'box door opened on the road': (e) => e.kind === 'box_door' && e.data.abnormal,
  'abnormal load (bz_abnormal_oil_loading)': (e) => e.kind === 'load' && e.data.abnormal,
  'high loss (alm_high_loss)': (e) => e.kind === 'trip' && e.data.abnormal,
  'device fault (device_alarm)': (e) => e.kind === 'device_fault',
  'water in the pipe (alarm_pipe_water)': (e) => e.kind === 'pipe_water',
};

/** Kinds only one model writes: cargo records come from fuel tankers, cold-box records from refrigerated trucks. */
const MODEL_OF: Partial<Record<EventKind, TruckModel>> = {
  load: 'fuel', unload: 'fuel', trip: 'fuel', level: 'fuel', switch_cover: 'fuel', seal_break: 'fuel', emergency_valve: 'fuel',
  empty_check: 'fuel', meter_status: 'fuel', flow_change: 'fuel', lock_open: 'fuel', product_change: 'fuel', pressure: 'fuel',
  task_modify: 'fuel', pipe_water: 'fuel', spray: 'sprinkler', water_fill: 'sprinkler', temp_humidity: 'refrigerated', box_door: 'refrigerated',
};

describe('history of the default fleet (80 trucks, seed 20261122, 30 days)', () => {
  let s: SeededDb;
  let events: Stored[];
  let malformed: { kind: string; data: string }[];
  let alarms: { type: number; truckId: number; startTime: number; properties: Record<string, unknown> }[];
  let models: Map<number, TruckModel>;

  const ofKind = <K extends EventKind>(kind: K): Of<K>[] => events.filter((e): e is Of<K> => e.event.kind === kind);
  const key = (truckId: number, startTime: number) => `${truckId}@${startTime}`;

  beforeAll(async () => {
    s = await seededDb(SEED);
    await backfill(s.db, { seed: SEED, now: T0 });
    const rows = await allEvents(s.db);
    events = [];
    malformed = [];
    for (const row of rows) {
      const event = parseEventData(row.kind, row.data);
      if (event) events.push({ truckId: row.truckId, startTime: row.startTime, event });
      else malformed.push({ kind: row.kind, data: row.data });
    }
    const stored = await s.db.selectFrom('alarm').select(['type', 'truckId', 'startTime', 'properties']).execute();
    alarms = stored.map((a) => ({ ...a, properties: JSON.parse(a.properties) as Record<string, unknown> }));
    const trucks = await s.db.selectFrom('truck').select(['id', 'model']).execute();
    models = new Map(trucks.map((t) => [t.id, t.model]));
  }, 120_000);

  afterAll(async () => {
    await s.close();
  });

  it('stores every event with the data its kind declares', () => {
    expect(events.length).toBeGreaterThan(10_000);
    expect(malformed.slice(0, 3)).toEqual([]);
  });

  it('has at least 5 events of every kind in the last 7 days', () => {
    const week = events.filter((e) => e.startTime >= WEEK_START);
    const counts = Object.fromEntries(EVENT_KINDS.map((kind) => [kind, week.filter((e) => e.event.kind === kind).length]));
    expect(Object.entries(counts).filter(([, n]) => n < 5)).toEqual([]);
  });

  it('has heartbeat gaps and daily uploads in every week of the 30 days', () => {
    const weeks = [0, 1, 2, 3].map((w) => events.filter((e) => e.startTime >= T0 - (w + 1) * 7 * DAY && e.startTime < T0 - w * 7 * DAY));
    const counts = weeks.map((week) => ({
      heartbeat_gap: week.filter((e) => e.event.kind === 'heartbeat_gap').length,
      upload: week.filter((e) => e.event.kind === 'upload').length,
    }));
    expect(counts.filter((c) => c.heartbeat_gap < 5 || c.upload < 6 * 70)).toEqual([]);
  });

  it('has every abnormal subset at least once in the last 7 days', () => {
    const week = events.filter((e) => e.startTime >= WEEK_START);
    const missing = Object.entries(ABNORMAL).filter(([, abnormal]) => !week.some((e) => abnormal(e.event))).map(([name]) => name);
    expect(missing).toEqual([]);
  });

  it('stamps each of the ten process states on events of the last day', () => {
    const day = events.filter((e) => e.startTime >= T0 - DAY);
    expect(PROCESS_STATES.filter((state) => !day.some((e) => processOf(e.event) === state))).toEqual([]);
  });

  it('writes model-specific kinds only for trucks of that model', () => {
    const wrong = events.filter((e) => {
      const model = MODEL_OF[e.event.kind];
      return model !== undefined && models.get(e.truckId) !== model;
    });
    expect(wrong.slice(0, 3)).toEqual([]);
  });

  it('dates 1, 3, 202 and 205 exactly as their events, on the same truck, both ways', () => {
    const pairs: readonly [number, readonly Stored[]][] = [
      [1, ofKind('seal_break')],
      [3, ofKind('pipe_water')],
      [202, ofKind('trip').filter((e) => e.event.data.abnormal)],
      [205, ofKind('load').filter((e) => e.event.data.abnormal)],
    ];
    for (const [type, matching] of pairs) {
      const alarmKeys = new Set(alarms.filter((a) => a.type === type).map((a) => key(a.truckId, a.startTime)));
      const eventKeys = new Set(matching.map((e) => key(e.truckId, e.startTime)));
      expect(alarmKeys.size, `alarms ${type}`).toBeGreaterThan(0);
      expect([...alarmKeys].filter((k) => !eventKeys.has(k)), `alarms ${type} without an event`).toEqual([]);
      expect([...eventKeys].filter((k) => !alarmKeys.has(k)), `events without alarm ${type}`).toEqual([]);
    }
  });

  it('gives a cover alarm (1) the compartment of its abnormal switch_cover row', () => {
    const covers = new Map(ofKind('switch_cover').filter((e) => e.event.data.abnormal).map((e) => [key(e.truckId, e.startTime), e.event.data]));
    const ones = alarms.filter((a) => a.type === 1);
    const unmatched = ones.filter((a) => covers.get(key(a.truckId, a.startTime))?.compartment !== a.properties['compartment']);
    // A cover still open when history ends has no row yet.
    expect(unmatched.filter((a) => a.startTime < T0 - DAY)).toEqual([]);
  });

  it('dates the stop (4), offline (7) and overspeed (2) alarms as their rows once those have ended', () => {
    const rows: readonly [number, readonly Stored[]][] = [
      [4, ofKind('parking').filter((e) => !e.event.data.inPark)],
      [7, ofKind('offline')],
      [2, ofKind('overspeed')],
    ];
    for (const [type, matching] of rows) {
      const eventKeys = new Set(matching.map((e) => key(e.truckId, e.startTime)));
      const settled = alarms.filter((a) => a.type === type && a.startTime < T0 - DAY);
      expect(settled.length, `alarms ${type}`).toBeGreaterThan(0);
      expect(settled.filter((a) => !eventKeys.has(key(a.truckId, a.startTime))), `alarms ${type} without a row`).toEqual([]);
    }
  });

  it('balances each trip: compartments add up, loss is loaded minus arrived, abnormal beyond the 3‰ threshold', () => {
    const broken = ofKind('trip').filter(({ event: { data } }) => {
      const loaded = data.compartments.reduce((sum, c) => sum + c.loaded, 0);
      const arrived = data.compartments.reduce((sum, c) => sum + c.arrived, 0);
      return Math.abs(loaded - data.loadVolume) > 1 || Math.abs(arrived - data.unloadVolume) > 1
        || data.compartments.some((c) => Math.abs(c.loaded - c.arrived - c.loss) > 0.2 || c.delivered > c.arrived)
        || data.abnormal !== Math.abs(data.lossRate) > data.highLossRateThreshold;
    });
    expect(broken.slice(0, 3)).toEqual([]);
  });

  it('counts each meter up transfer by transfer, and reads an empty check against the tolerance', () => {
    const byMeter = new Map<string, EventData['flow_change'][]>();
    for (const e of ofKind('flow_change')) byMeter.set(e.event.data.meterNo, [...(byMeter.get(e.event.data.meterNo) ?? []), e.event.data]);
    const gaps = [...byMeter.values()].flatMap((list) => list.slice(1).filter((f, i) => f.startTotaliser !== list[i]?.endTotaliser));
    expect(gaps).toEqual([]);
    expect(ofKind('flow_change').filter((e) => Math.abs(e.event.data.endTotaliser - e.event.data.startTotaliser - e.event.data.volume) > 0.2)).toEqual([]);
    const checks = ofKind('empty_check').map((e) => e.event.data);
    expect(checks.filter((c) => c.empty !== c.residualVt <= 5)).toEqual([]);
    const notEmpty = checks.filter((c) => !c.empty).length / checks.length;
    expect(notEmpty).toBeGreaterThan(0.01);
    expect(notEmpty).toBeLessThan(0.06);
  });

  it('leaves live rows whose inventory carries levels, V20 and temperatures, and humidity for cold compartments', async () => {
    const live = await s.db.selectFrom('truckLive').select(['truckId', 'inventory']).execute();
    const tanks = live.flatMap((l) => Object.values(JSON.parse(l.inventory) as Record<string, Record<string, unknown>>).map((tank) => ({ model: models.get(l.truckId), tank })));
    const fuel = tanks.filter((t) => t.model === 'fuel').map((t) => t.tank);
    const cold = tanks.filter((t) => t.model === 'refrigerated').map((t) => t.tank);
    expect(fuel.length).toBeGreaterThan(100);
    expect(fuel.every((t) => typeof t['levelMm'] === 'number' && typeof t['v20'] === 'number' && typeof t['temperature'] === 'number')).toBe(true);
    expect(cold.length).toBeGreaterThan(0);
    expect(cold.every((t) => typeof t['temperature'] === 'number' && typeof t['humidity'] === 'number' && t['vt'] === 0)).toBe(true);
    const row = { status: 1, signCode: 'x', truckCompany: '', alarm: '', gpsTime: null, statusTime: null, speed: 0, area: '' };
    const parsed = live.map((l) => parseTruckStatusRow({ ...row, lastIventoryMap: JSON.parse(l.inventory) as unknown }));
    expect(parsed.every((p) => p !== undefined)).toBe(true);
  });
});

describe('backfill determinism', () => {
  it('writes the same events and alarms for the same seed', async () => {
    const runs = await Promise.all([1, 2].map(async () => {
      const s = await seededDb(31, 20);
      await backfill(s.db, { seed: 31, now: T0, eventDays: 3 });
      const events = await allEvents(s.db);
      const alarms = await s.db.selectFrom('alarm').select(['type', 'truckId', 'startTime', 'properties']).orderBy('seq').execute();
      await s.close();
      return { events, alarms };
    }));
    const [a, b] = runs;
    expect(new Set(a?.events.map((e) => e.kind)).size).toBeGreaterThan(15);
    // The replay covers every process state, so each is stamped alike on both runs.
    const states = new Set(a?.events.map((e) => processOf(parseEventData(e.kind, e.data))));
    expect(PROCESS_STATES.filter((state) => !states.has(state))).toEqual([]);
    expect(b).toEqual(a);
  }, 60_000);
});
