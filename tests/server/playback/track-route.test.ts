// GET /track on the seeded fleet (80 trucks, 30 days of history) on both databases: one truck's fixes in time order
// within the range, its stops, cover openings and alarms as marks, the ≤ 3-day rule in the caller's language, and
// the caller's companies only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRACK_CALL_PATH, type TrackAnswer } from '../../../domain/playback/track-wire';
import { DAY_MS } from '../../../domain/format/time';
import { call } from '../../helpers/api';
import { startSeededServer, type SeededServer } from '../reports/seeded-server';

describe('GET /track', () => {
  let seeded: SeededServer;
  let own: { id: number; companyCode: string };
  let foreign: { id: number };
  let end: number;

  beforeAll(async () => {
    seeded = await startSeededServer();
    const db = seeded.server.services.db;
    const trucks = await db.selectFrom('truck').select(['id', 'companyCode']).orderBy('id').execute();
    const c002 = trucks.find((truck) => truck.companyCode === 'C002');
    const other = trucks.find((truck) => truck.companyCode !== 'C002');
    if (!c002 || !other) throw new Error('the seeded fleet lacks a C002 truck or another');
    own = c002;
    foreign = other;
    const newest = await db.selectFrom('position').select((eb) => eb.fn.max('time').as('time')).executeTakeFirstOrThrow();
    end = Number(newest.time);
  }, 600_000);
  afterAll(async () => seeded.server.close());

  const track = (user: 'admin' | 'operator' | 'garden', query: Record<string, number>, lang?: 'zh' | 'en') =>
    call<TrackAnswer>(seeded.server.url, 'GET', TRACK_CALL_PATH, { token: seeded.tokens[user], query, lang });

  it('answers a day of fixes in time order within the range, as columns of one length', async () => {
    const startTime = end - DAY_MS;
    const answer = await track('operator', { truckId: own.id, startTime, endTime: end });
    expect(answer.resultCode).toBe(200);
    const { fixes } = answer.data;
    expect(answer.data.truckId).toBe(own.id);
    expect(answer.data.signCode).not.toBe('');
    // The history writes a fix every 3 minutes while the truck is out (none while it stands in its yard).
    expect(fixes.time.length).toBeGreaterThan(30);
    for (const column of [fixes.lat, fixes.lng, fixes.speed, fixes.heading]) expect(column).toHaveLength(fixes.time.length);
    expect(fixes.time.every((t, i) => t >= startTime && t <= end && (i === 0 || t >= (fixes.time[i - 1] ?? 0)))).toBe(true);
    expect(fixes.speed.some((speed) => speed > 0)).toBe(true);
    const rows = await seeded.server.services.db.selectFrom('position').select(['time'])
      .where('truckId', '=', own.id).where('time', '>=', startTime).where('time', '<=', end).execute();
    expect(fixes.time).toHaveLength(rows.length);
  });

  it('marks the stops, cover openings and alarms of the range, in time order, each as the tables hold it', async () => {
    const startTime = end - 3 * DAY_MS;
    const answer = await track('admin', { truckId: own.id, startTime, endTime: end });
    const { marks } = answer.data;
    const db = seeded.server.services.db;
    const [parking, covers, alarms] = await Promise.all([
      db.selectFrom('event').select('id').where('truckId', '=', own.id).where('kind', '=', 'parking').where('startTime', '>=', startTime).where('startTime', '<=', end).execute(),
      db.selectFrom('event').select('id').where('truckId', '=', own.id).where('kind', '=', 'switch_cover').where('startTime', '>=', startTime).where('startTime', '<=', end).execute(),
      db.selectFrom('alarm').select('type').where('truckId', '=', own.id).where('startTime', '>=', startTime).where('startTime', '<=', end).execute(),
    ]);
    expect(parking.length + covers.length + alarms.length).toBeGreaterThan(0);
    expect(marks.filter((mark) => mark.kind === 'stop')).toHaveLength(parking.length);
    expect(marks.filter((mark) => mark.kind === 'cover')).toHaveLength(covers.length);
    expect(marks.filter((mark) => mark.kind === 'alarm').map((mark) => mark.detail).sort()).toEqual(alarms.map((row) => row.type).sort());
    expect(marks.every((mark, i) => i === 0 || mark.startTime >= (marks[i - 1]?.startTime ?? 0))).toBe(true);
    expect(marks.filter((mark) => mark.kind === 'stop').every((mark) => mark.detail > 0)).toBe(true);
  });

  // As objects ({"time":…,"lat":…} each) a fix is about 85 bytes; as columns about 41 (docs/playback.md).
  it('keeps three days compact: under 45 bytes a fix', async () => {
    const answer = await track('admin', { truckId: own.id, startTime: end - 3 * DAY_MS, endTime: end });
    const bytes = Buffer.byteLength(JSON.stringify(answer.data.fixes));
    const perFix = bytes / answer.data.fixes.time.length;
    console.info(`playback: 3 days = ${answer.data.fixes.time.length} fixes, ${bytes} bytes of fixes (${perFix.toFixed(1)} a fix)`);
    expect(perFix).toBeLessThan(45);
  });

  it('answers an empty track for a range without fixes', async () => {
    const answer = await track('admin', { truckId: own.id, startTime: 1000, endTime: 2000 });
    expect(answer.resultCode).toBe(200);
    expect(answer.data.fixes.time).toEqual([]);
    expect(answer.data.marks).toEqual([]);
  });

  it('refuses a range over 3 days, in the caller language, and allows exactly 3 days', async () => {
    const zh = await track('admin', { truckId: own.id, startTime: end - 4 * DAY_MS, endTime: end });
    expect(zh).toMatchObject({ resultCode: 400, message: '轨迹回放查询时间不能超过3天' });
    const en = await track('admin', { truckId: own.id, startTime: end - 3 * DAY_MS - 1, endTime: end }, 'en');
    expect(en).toMatchObject({ resultCode: 400, message: 'Track playback can cover at most 3 days' });
    expect((await track('admin', { truckId: own.id, startTime: end - 3 * DAY_MS, endTime: end })).resultCode).toBe(200);
  });

  it('refuses a start after the end', async () => {
    const answer = await track('admin', { truckId: own.id, startTime: end, endTime: end - 1 }, 'en');
    expect(answer).toMatchObject({ resultCode: 400, message: 'The start time must not be after the end time' });
  });

  it('answers 404 for a truck not of the caller companies, and for no truck at all', async () => {
    const answer = await track('operator', { truckId: foreign.id, startTime: end - DAY_MS, endTime: end }, 'en');
    expect(answer).toMatchObject({ resultCode: 404, message: `Truck #${foreign.id} does not exist` });
    expect((await track('garden', { truckId: own.id, startTime: end - DAY_MS, endTime: end })).resultCode).toBe(404);
    expect((await track('admin', { truckId: 999_999, startTime: end - DAY_MS, endTime: end })).resultCode).toBe(404);
  });

  it('asks for every field', async () => {
    const answer = await track('admin', { truckId: own.id, startTime: end - DAY_MS }, 'en');
    expect(answer).toMatchObject({ resultCode: 400, message: 'Missing field: endTime' });
  });
});
