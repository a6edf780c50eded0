// The device-health rows of a backfill against the tables behind them: each heartbeat gap is a silence of the stored
// heartbeats with the truck online, and each day's upload counts what was stored for that truck and day.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEARTBEAT_OVERTIME_MS } from '../../../domain/constants';
import { parseEventData } from '../../../domain/event-shapes';
import type { EventData } from '../../../domain/events';
import { backfill } from '../../../server/sim';
import { allEvents, T0, seededDb, type SeededDb } from './fixture';

const SEED = 20261122;
const MIN = 60_000;
const DAY = 24 * 60 * MIN;
const CHINA = 8 * 60 * MIN;
/** Heartbeats and fixes are stored for the last 3 days of the 8 simulated. */
const TRACK_FROM = T0 - 3 * DAY;
const chinaDay = (time: number) => Math.floor((time + CHINA) / DAY);

interface Row<D> {
  readonly id: number;
  readonly truckId: number;
  readonly startTime: number;
  readonly endTime: number | null;
  readonly data: D;
}

describe('device records of the default fleet (8 days, heartbeats and fixes for 3)', () => {
  let s: SeededDb;
  let gaps: Row<EventData['heartbeat_gap']>[];
  let uploads: Row<EventData['upload']>[];
  let offline: Row<unknown>[];
  let events: { id: number; truckId: number; kind: string }[];
  /** Per truck, its stored heartbeat times in order (the window's, not a silent truck's older last one). */
  let beats: Map<number, number[]>;
  let positions: { truckId: number; time: number }[];
  let alarms: { truckId: number; startTime: number }[];

  beforeAll(async () => {
    s = await seededDb(SEED);
    await backfill(s.db, { seed: SEED, now: T0, eventDays: 8 });
    const rows = await allEvents(s.db);
    events = rows;
    gaps = [];
    uploads = [];
    offline = [];
    for (const row of rows) {
      const parsed = parseEventData(row.kind, row.data);
      if (parsed?.kind === 'heartbeat_gap') gaps.push({ ...row, data: parsed.data });
      else if (parsed?.kind === 'upload') uploads.push({ ...row, data: parsed.data });
      else if (parsed?.kind === 'offline') offline.push({ ...row, data: parsed.data });
    }
    const stored = await s.db.selectFrom('heartbeat').select(['truckId', 'heartTime']).orderBy('heartTime').execute();
    beats = new Map();
    for (const b of stored) if (b.heartTime >= TRACK_FROM) beats.set(b.truckId, [...(beats.get(b.truckId) ?? []), b.heartTime]);
    positions = await s.db.selectFrom('position').select(['truckId', 'time']).execute();
    alarms = await s.db.selectFrom('alarm').select(['truckId', 'startTime']).execute();
  }, 120_000);

  afterAll(async () => {
    await s.close();
  });

  const wentOffline = (truckId: number, from: number, to: number) =>
    offline.some((o) => o.truckId === truckId && o.startTime < to && (o.endTime ?? T0) > from);

  it('dates each heartbeat gap from the last heartbeat before the silence to the next, over 30 min apart, the truck online', () => {
    const stored = gaps.filter((g) => g.startTime >= TRACK_FROM);
    expect(stored.length).toBeGreaterThan(5);
    const wrong = stored.filter((g) => {
      const times = beats.get(g.truckId) ?? [];
      const at = times.indexOf(g.startTime);
      const end = g.endTime ?? 0;
      return at < 0 || times[at + 1] !== end || end - g.startTime <= HEARTBEAT_OVERTIME_MS
        || g.data.gapMin !== Math.round((end - g.startTime) / MIN) || wentOffline(g.truckId, g.startTime, end);
    });
    expect(wrong).toEqual([]);
    expect(gaps.filter((g) => wentOffline(g.truckId, g.startTime, g.endTime ?? 0))).toEqual([]);
  });

  it('writes a gap for every silence of over 30 min between stored heartbeats that is not a link drop', () => {
    const written = new Set(gaps.map((g) => `${g.truckId}@${g.startTime}`));
    const missing: string[] = [];
    let silences = 0;
    for (const [truckId, times] of beats) {
      times.forEach((time, i) => {
        const next = times[i + 1];
        if (next === undefined || next - time <= HEARTBEAT_OVERTIME_MS || wentOffline(truckId, time, next)) return;
        silences += 1;
        if (!written.has(`${truckId}@${time}`)) missing.push(`${truckId}@${time}`);
      });
    }
    expect(silences).toBeGreaterThan(5);
    expect(missing).toEqual([]);
  });

  it('writes one upload row per truck and China day, spanning the day, its transmissions within it', () => {
    expect(new Set(uploads.map((u) => `${u.truckId}@${u.data.date}`)).size).toBe(uploads.length);
    const wrong = uploads.filter(({ startTime, endTime, data }) => {
      const dayStart = chinaDay(startTime) * DAY - CHINA;
      return new Date(dayStart + CHINA).toISOString().slice(0, 10) !== data.date || endTime !== dayStart + DAY - 1
        || data.firstTime < startTime || data.firstTime > data.lastTime || data.lastTime > dayStart + DAY - 1
        || data.statusReports < data.heartbeats - 1;
    });
    expect(wrong).toEqual([]);
    // The first day began when history did, 10:00 China time.
    expect(Math.min(...uploads.map((u) => u.startTime))).toBe(T0 - 8 * DAY);
  });

  it('counts the fixes and heartbeats stored for the truck that day, for the days fully stored', () => {
    const count = (rows: readonly { truckId: number; time: number }[]) => {
      const counts = new Map<string, number>();
      for (const r of rows) {
        const key = `${r.truckId}@${chinaDay(r.time)}`;
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
      return counts;
    };
    const fixes = count(positions);
    const heartbeats = count([...beats].flatMap(([truckId, times]) => times.map((time) => ({ truckId, time }))));
    const full = uploads.filter((u) => u.startTime >= TRACK_FROM);
    expect(full.length).toBeGreaterThanOrEqual(2 * 78);
    const wrong = full.filter((u) => {
      const key = `${u.truckId}@${chinaDay(u.startTime)}`;
      return u.data.positions !== (fixes.get(key) ?? 0) || u.data.heartbeats !== (heartbeats.get(key) ?? 0);
    });
    expect(wrong).toEqual([]);
    // Every truck that sent anything on such a day has its row.
    const rowKeys = new Set(full.map((u) => `${u.truckId}@${chinaDay(u.startTime)}`));
    const days = new Set(full.map((u) => chinaDay(u.startTime)));
    expect([...fixes.keys()].filter((k) => days.has(Number(k.split('@')[1])) && !rowKeys.has(k))).toEqual([]);
  });

  it('counts the event rows written for the truck since its previous upload row', () => {
    const since = new Map<number, number>();
    const wrong: number[] = [];
    for (const e of events) {
      if (e.kind !== 'upload') {
        since.set(e.truckId, (since.get(e.truckId) ?? 0) + 1);
        continue;
      }
      const upload = uploads.find((u) => u.id === e.id);
      if (upload?.data.events !== (since.get(e.truckId) ?? 0)) wrong.push(e.id);
      since.set(e.truckId, 0);
    }
    expect(wrong).toEqual([]);
  });

  it('counts the alarms raised for the truck, up to those of the last, unfinished day', () => {
    const lastTurn = chinaDay(T0) * DAY - CHINA;
    const wrong = [...new Set(uploads.map((u) => u.truckId))].filter((truckId) => {
      const counted = uploads.filter((u) => u.truckId === truckId).reduce((sum, u) => sum + u.data.alarms, 0);
      const mine = alarms.filter((a) => a.truckId === truckId);
      // An alarm may be dated back up to a day before it is raised (a trip's high loss, a stop, an offline spell).
      return counted > mine.length || counted < mine.filter((a) => a.startTime < lastTurn - DAY).length;
    });
    expect(wrong).toEqual([]);
    expect(uploads.reduce((sum, u) => sum + u.data.alarms, 0)).toBeGreaterThan(0);
  });
});
