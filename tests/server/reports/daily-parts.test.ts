// Computed reports answered from stored days (fence mileage, driver scores) give what one live computation of the whole
// range gives, and a fix, an alarm or a fence written since changes the next answer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS, MINUTE_MS } from '../../../domain/format/time';
import { parseFenceShape } from '../../../domain/fence-shape';
import { openDatabase, type OpenedDb } from '../../../server/db/open';
import { DRIVER_SCORES } from '../../../server/reports/computed/driver-score';
import { dayOf, dayStart, wholeDaysOf } from '../../../server/reports/day-plan';
import { FENCE_MILEAGE } from '../../../server/reports/computed/fence-mileage';
import { dailyParts, type DailyCompute, type Part } from '../../../server/reports/daily-parts';
import type { ReportContext } from '../../../server/reports/report-query';
import { seededFleetDatabase } from '../../helpers/seeded-fleet';
import { TEST_DB_KIND, type TestDatabase } from '../../helpers/test-database';
import { DEFAULT_SIM } from './seeded-server';

/** Parts merged by key, their sums rounded: floats added in another order differ in their last bits. */
function byKey(parts: readonly Part[]): Map<string, Record<string, number>> {
  const merged = new Map<string, Record<string, number>>();
  for (const part of parts) {
    const sums = merged.get(part.key) ?? {};
    for (const [name, value] of Object.entries(part.sums)) sums[name] = (sums[name] ?? 0) + value;
    merged.set(part.key, sums);
  }
  for (const sums of merged.values()) for (const name of Object.keys(sums)) sums[name] = Math.round((sums[name] ?? 0) * 1e6) / 1e6;
  return merged;
}

describe('computed reports from stored days', () => {
  let database: TestDatabase;
  let opened: OpenedDb;
  let companies: string[];
  let now = 0;

  // The first file of a run to ask seeds the fleet (a 30-day history): as long as the seeded-server tests allow.
  beforeAll(async () => {
    database = await seededFleetDatabase(DEFAULT_SIM);
    opened = await openDatabase(database.target);
    companies = (await opened.db.selectFrom('company').select('code').orderBy('code').execute()).map((company) => company.code);
    now = Date.now();
  }, 120_000);
  afterAll(async () => {
    await opened.db.destroy();
    await database.drop();
  });

  const context = (): ReportContext => ({ db: opened.db, kind: TEST_DB_KIND, companyCodes: companies, now: Date.now() });

  /** Stored days and live edges against one live piece over the whole range. */
  async function expectSame(compute: DailyCompute, startTime: number, endTime: number): Promise<Map<string, Record<string, number>>> {
    const fromDays = byKey(await dailyParts(context(), compute, startTime, endTime, companies));
    const live = byKey(await compute.parts(context(), startTime, endTime, companies));
    expect(fromDays.size, compute.id).toBeGreaterThan(0);
    expect([...fromDays.keys()].sort(), compute.id).toEqual([...live.keys()].sort());
    for (const [key, sums] of live) expect(fromDays.get(key), `${compute.id} ${key}`).toEqual(sums);
    return fromDays;
  }

  it('gives the fence mileage of a range cut inside days as one computation of it, stored or not', async () => {
    const range = [now - 2.5 * DAY_MS - 3_600_123, now - 0.3 * DAY_MS] as const;
    await expectSame(FENCE_MILEAGE, ...range);
    // Again, every whole day now stored.
    await expectSame(FENCE_MILEAGE, ...range);
  });

  it("gives drivers' shifts and alarms of a range as one computation of it", async () => {
    await expectSame(DRIVER_SCORES, now - 20 * DAY_MS - 7_000_000, now - 2 * DAY_MS + 5_000);
  });

  it('counts a fix written into a stored day, or into the day a range begins inside, in the next answer', async () => {
    const fence = await opened.db.selectFrom('fence').select(['id', 'geometry']).where('type', '=', 'circle').orderBy('id').executeTakeFirstOrThrow();
    const shape = parseFenceShape(fence.geometry);
    if (!shape || shape.geometry.type !== 'Point') throw new Error('expected a circle');
    const [lng, lat] = shape.geometry.coordinates;
    const truck = await opened.db.selectFrom('truck').select(['id', 'companyCode']).orderBy('id', 'desc').executeTakeFirstOrThrow();
    const range = [now - 2.5 * DAY_MS, now] as const;
    const entries = async () => (await dailyParts(context(), FENCE_MILEAGE, ...range, companies)).find((part) => part.key === `${truck.id}:${fence.id}`)?.sums['entries'] ?? 0;
    const before = await entries();
    // A lone fix at the circle's centre in a whole (stored) day, while the truck stood (no fix within 20 min): an
    // entry, with no segment.
    const [first, last] = wholeDaysOf(...range);
    expect(last).toBeGreaterThanOrEqual(first);
    const fixes = (await opened.db.selectFrom('position').select('time').where('truckId', '=', truck.id).where('time', '>=', dayStart(first))
      .where('time', '<', dayStart(last + 1)).orderBy('time').execute()).map((row) => Number(row.time));
    const gap = fixes.findIndex((time, index) => index > 0 && time - (fixes[index - 1] ?? time) > 40 * MINUTE_MS);
    expect(gap, 'a stop of the truck').toBeGreaterThan(0);
    const at = (fixes[gap] ?? 0) - 20 * MINUTE_MS;
    // A range that begins inside the fix's day, an hour before it: that day is its edge piece, kept between calls too.
    const edgeEntries = async () =>
      (await dailyParts(context(), FENCE_MILEAGE, at - 3_600_000, now, companies)).find((part) => part.key === `${truck.id}:${fence.id}`)?.sums['entries'] ?? 0;
    const edgeBefore = await edgeEntries();
    expect(await edgeEntries()).toBe(edgeBefore);
    await opened.db.insertInto('position').values({ truckId: truck.id, time: at, lat, lng, speed: 0, heading: 0, area: '' }).execute();
    expect(await entries()).toBe(before + 1);
    expect(await edgeEntries()).toBe(edgeBefore + 1);
  });

  it('drops every stored day when a fence is drawn', async () => {
    const truck = await opened.db.selectFrom('truck').select(['id', 'companyCode']).orderBy('id').executeTakeFirstOrThrow();
    const fix = await opened.db.selectFrom('position').select(['lat', 'lng', 'time']).where('truckId', '=', truck.id).where('time', '<', now - DAY_MS).orderBy('time', 'desc').executeTakeFirstOrThrow();
    const range = [now - 2 * DAY_MS, now] as const;
    await dailyParts(context(), FENCE_MILEAGE, ...range, companies);
    const { id } = await opened.db
      .insertInto('fence')
      .values({
        name: '新画围栏', type: 'circle', companyCode: truck.companyCode, approvalStatus: 1, modifier: 'test', modifyTime: now, modifyType: 'new',
        approver: null, approvalTime: null, address: '',
        geometry: JSON.stringify({ type: 'Feature', properties: { shape: 'circle', radius: 50 }, geometry: { type: 'Point', coordinates: [Number(fix.lng), Number(fix.lat)] } }),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const parts = await dailyParts(context(), FENCE_MILEAGE, ...range, companies);
    expect(parts.find((part) => part.key === `${truck.id}:${id}`)?.sums['entries']).toBeGreaterThanOrEqual(1);
  });

  it("grows today's part by the fixes since the last call and drops it for a fix timed before that call's end", async () => {
    const truck = await opened.db.selectFrom('truck').select(['id', 'companyCode']).orderBy('id').executeTakeFirstOrThrow();
    const [lat, lng] = [35.5, 125.5];
    const { id } = await opened.db
      .insertInto('fence')
      .values({
        name: '海上围栏', type: 'circle', companyCode: truck.companyCode, approvalStatus: 1, modifier: 'test', modifyTime: now, modifyType: 'new',
        approver: null, approvalTime: null, address: '',
        geometry: JSON.stringify({ type: 'Feature', properties: { shape: 'circle', radius: 500 }, geometry: { type: 'Point', coordinates: [lng, lat] } }),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // Calls made at noon of today (China day) by the report's clock, whatever the wall clock says: run within ten
    // minutes of midnight, the late fix and the next one would be joined as one stay (MAX_GAP_MS) and count one entry.
    const today = dayStart(dayOf(Date.now()));
    const noon = today + DAY_MS / 2;
    const entries = async (endTime: number) =>
      (await dailyParts({ ...context(), now: endTime }, FENCE_MILEAGE, today - 2 * DAY_MS, endTime, companies)).find((part) => part.key === `${truck.id}:${id}`)?.sums['entries'] ?? 0;
    const fix = (time: number) => opened.db.insertInto('position').values({ truckId: truck.id, time, lat, lng, speed: 0, heading: 0, area: '' }).execute();
    const first = noon;
    expect(await entries(first)).toBe(0);
    // Timed before the last call's end (a late fix): today's stored part is dropped and made again.
    await fix(today + 1000);
    const second = noon + 1000;
    expect(await entries(second)).toBe(1);
    // Timed after it: today grows by it.
    await fix(second + 30_000);
    expect(await entries(second + 31_000)).toBe(2);
    expect(await entries(second + 32_000)).toBe(2);
  });

  it("counts an alarm written into a stored shift in the driver's next answer", async () => {
    const range = [now - 20 * DAY_MS, now - 2 * DAY_MS] as const;
    const shift = await opened.db
      .selectFrom('event')
      .select(['truckId', 'companyCode', 'startTime', 'endTime'])
      .where('kind', '=', 'sign')
      .where('startTime', '>=', range[0] + DAY_MS)
      .orderBy('startTime')
      .executeTakeFirstOrThrow();
    const total = async () =>
      (await dailyParts(context(), DRIVER_SCORES, ...range, companies))
        .filter((part) => Number(part.fields['truckId']) === Number(shift.truckId))
        .reduce((sum, part) => sum + (part.sums['fatigueEvents'] ?? 0), 0);
    const before = await total();
    const truck = await opened.db.selectFrom('truck').select('signCode').where('id', '=', shift.truckId).executeTakeFirstOrThrow();
    // Late in the shift, which began the day before: the alarm's own day is not the shift's.
    const at = Number(shift.endTime) - 1000;
    await opened.db
      .insertInto('alarm')
      .values({ type: 16, truckId: shift.truckId, signCode: truck.signCode, companyCode: shift.companyCode, startTime: at, insertTime: at, remark: '', properties: '{}', state: 1 })
      .execute();
    expect(await total()).toBe(before + 1);
  });
});
