// History at first start: 30 days of events and alarms, 3 days of positions, and a live handover (its time is a goal of
// `npm run bench`, which times a first start, not an assertion here).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fenceContains, isCircleShape, parseFenceShape } from '../../../domain/fence-shape';
import { toPublishedAlarm } from '../../../server/store/alarms';
import { distanceKm } from '../../../server/sim/city';
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
  }, 120_000);

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

  it('keeps positions and heartbeats to the last 3 days, covering them, and a silent truck\'s last heartbeat', () => {
    const times = stored.positions.map((p) => p.time);
    expect(Math.min(...times)).toBeGreaterThanOrEqual(T0 - 3 * DAY);
    expect(Math.min(...times)).toBeLessThan(T0 - 2.9 * DAY);
    expect(Math.max(...times)).toBeGreaterThan(T0 - 0.1 * DAY);
    const older = stored.heartbeats.filter((h) => h.heartTime < T0 - 3 * DAY);
    const recent = new Set(stored.heartbeats.filter((h) => h.heartTime >= T0 - 3 * DAY).map((h) => h.truckId));
    expect(older.filter((h) => recent.has(h.truckId))).toEqual([]);
    expect(new Set(older.map((h) => h.truckId)).size).toBe(older.length);
    const trucks = new Set(stored.positions.map((p) => p.truckId));
    expect(trucks.size).toBeGreaterThan(60);
  });

  it('stores each fix with the address text where it was taken', () => {
    expect(stored.positions.filter((p) => !/^\p{Script=Han}+区\p{Script=Han}+$/u.test(p.area))).toEqual([]);
  });

  it('stores fixes inside every depot, yard and zone fence, and many kilometres inside the zones', async () => {
    const fences = await s.db.selectFrom('fence').select(['name', 'geometry']).execute();
    const byTruck = [...stored.positions].sort((a, b) => a.truckId - b.truckId || a.time - b.time);
    const short = fences.flatMap((f) => {
      const shape = parseFenceShape(f.geometry);
      if (!shape || isCircleShape(shape)) return [];
      let hits = 0;
      let km = 0;
      byTruck.forEach((p, i) => {
        if (fenceContains(shape, p.lat, p.lng)) hits += 1;
        const q = byTruck[i + 1];
        // Two fixes of one drive (a few minutes apart) both inside: the way between them was driven inside.
        if (q && q.truckId === p.truckId && q.time - p.time <= 10 * 60_000 && fenceContains(shape, q.lat, q.lng)) km += distanceKm(p, q);
      });
      const zone = !f.name.endsWith('围栏');
      return hits < 20 || (zone && km < 100) ? [`${f.name}: ${hits} fixes, ${Math.round(km)} km`] : [];
    });
    expect(short).toEqual([]);
  });

  it('stores alarms in time order, valid on the wire, those older than a day resolved and the others new', () => {
    const starts = stored.alarms.map((a) => a.startTime);
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    expect(stored.alarms.filter((a) => toPublishedAlarm(a) === undefined)).toEqual([]);
    expect(stored.alarms.filter((a) => a.state !== (T0 - a.startTime > DAY ? 2 : 0))).toEqual([]);
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
