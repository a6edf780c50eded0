// History at first start: 30 days of events and alarms, 3 days of positions, and a live handover (its time is a goal of
// `npm run bench`, which times a first start, not an assertion here).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toPublishedAlarm } from '../../../server/store/alarms';
import { backfill, type BackfillReport } from '../../../server/sim';
import { T0, history, record, run, seededDb, simulate, type SeededDb } from './fixture';

const DAY = 24 * 3_600_000;

describe('backfill of the default fleet', () => {
  let s: SeededDb;
  let report: BackfillReport;
  let stored: Awaited<ReturnType<typeof history>>;

  beforeAll(async () => {
    s = await seededDb(77);
    report = await backfill(s.db, { seed: 77, now: T0 });
    stored = await history(s.db);
  }, 60_000);

  afterAll(async () => {
    await s.close();
  });

  it('reports what it stored', () => {
    expect(report).toEqual({
      events: stored.events.length, alarms: stored.alarms.length, positions: stored.positions.length, heartbeats: stored.heartbeats.length,
    });
  });

  it('spreads events and alarms over the last 30 days, every day having some', () => {
    const days = (times: number[]) => new Set(times.map((t) => Math.min(29, Math.floor((T0 - t) / DAY))));
    const ends = stored.events.map((e) => e.endTime ?? e.startTime);
    // Folded, not spread: a quarter of a million arguments overflow the stack.
    const min = (times: number[]) => times.reduce((a, b) => Math.min(a, b), Number.POSITIVE_INFINITY);
    const max = (times: number[]) => times.reduce((a, b) => Math.max(a, b), Number.NEGATIVE_INFINITY);
    expect(min(ends)).toBeGreaterThanOrEqual(T0 - 30 * DAY);
    expect(max(ends)).toBeLessThanOrEqual(T0);
    // Only a span already under way when history begins (a driver's shift) may start a little earlier.
    expect(min(stored.events.map((e) => e.startTime))).toBeGreaterThanOrEqual(T0 - 30 * DAY - 3 * 3_600_000);
    expect(days(ends).size).toBe(30);
    expect(days(stored.alarms.map((a) => a.startTime)).size).toBe(30);
  });

  it('keeps positions and heartbeats to the last 3 days, covering them', () => {
    const times = stored.positions.map((p) => p.time);
    expect(Math.min(...times)).toBeGreaterThanOrEqual(T0 - 3 * DAY);
    expect(Math.min(...times)).toBeLessThan(T0 - 2.9 * DAY);
    expect(Math.max(...times)).toBeGreaterThan(T0 - 0.1 * DAY);
    expect(Math.min(...stored.heartbeats.map((h) => h.heartTime))).toBeGreaterThanOrEqual(T0 - 3 * DAY);
    const trucks = new Set(stored.positions.map((p) => p.truckId));
    expect(trucks.size).toBeGreaterThan(60);
  });

  it('stores alarms in time order, valid on the wire, the old ones acknowledged', () => {
    const starts = stored.alarms.map((a) => a.startTime);
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    expect(stored.alarms.filter((a) => toPublishedAlarm(a) === undefined)).toEqual([]);
    expect(stored.alarms.filter((a) => (a.acknowledged === 1) !== (T0 - a.startTime > DAY))).toEqual([]);
    expect(new Set(stored.alarms.map((a) => a.type)).size).toBeGreaterThan(30);
  });

  it('leaves each live row where history ends, and the live simulator carries on from there', async () => {
    const live = await s.db.selectFrom('truckLive').selectAll().execute();
    expect(live).toHaveLength(80);
    expect(live.every((l) => l.updatedAt === T0 && (l.gpsTime ?? 0) <= T0 && (l.gpsTime ?? 0) > T0 - DAY)).toBe(true);
    const seen = record(s.hub);
    const sim = simulate(s, { seed: 77 });
    await run(sim, 12);
    sim.stop();
    expect(seen.rows.flat().length).toBeGreaterThan(0);
    const newer = await s.db.selectFrom('position').select('time').where('time', '>', T0).execute();
    expect(newer.length).toBeGreaterThan(0);
  });
});
