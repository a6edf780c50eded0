// The alarm lists against the alarms: a seeded fleet run through eight days by the simulator's own backfill, its
// detection reading the database's thresholds, with one company's timeouts saved at the start and changed halfway
// through, another's set once and the rest on the defaults. alarm_parking and alarm_off_line list exactly the stops and
// spells the simulator raised alarm 4 and 7 for, each with the timeout that judged it; the counts that drill down to
// them (off_line_analysis, exception_sum) agree; and a stop or spell from before the change is judged by the old value.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS, MINUTE_MS } from '../../../domain/format/time';
import { THRESHOLD_ENTITIES } from '../../../domain/screens/entities/thresholds';
import type { ReportDef } from '../../../domain/screens/reports/definition';
import { DRIVING_REPORTS } from '../../../domain/screens/reports/driving';
import type { ReportRow } from '../../../domain/screens/reports/wire';
import { createRow, updateRow, type WriteContext, type WriteResult } from '../../../server/entities/entity-write';
import { reportRun, type ReportContext } from '../../../server/reports/report-query';
import { backfill } from '../../../server/sim';
import { openThresholdCache } from '../../../server/thresholds/threshold-cache';
import { TEST_DB_KIND } from '../../helpers/test-database';
import { ALL_COMPANIES, T0, seededDb, type SeededDb } from '../sim/fixture';

const EXCEPTION = '/driving_monitor/exception_report';
const ANALYSIS = '/driving_monitor/data_analysis';
const parkingList = DRIVING_REPORTS[`${EXCEPTION}/alarm_parking`];
const offlineList = DRIVING_REPORTS[`${EXCEPTION}/alarm_off_line`];
const offlineBands = DRIVING_REPORTS[`${EXCEPTION}/off_line_analysis`];
const exceptionSum = DRIVING_REPORTS[`${ANALYSIS}/exception_sum`];
const THRESHOLD = THRESHOLD_ENTITIES['/setting/alarm_threshold/threshold'];

const DAYS = 8;
const START = T0 - DAYS * DAY_MS;
const CHANGE = T0 - 4 * DAY_MS;
/** What the lists are compared over: after the first instant (a truck offline when history begins raised nothing then) and early enough that every stop and spell begun in it has ended by T0. */
const RANGE = { startTime: START + 1, endTime: T0 - DAY_MS };
/** C002's timeouts before and after CHANGE; C003's throughout. */
const BEFORE = { parkingTimeoutMin: 10, offlineTimeoutMin: 100 };
const AFTER = { parkingTimeoutMin: 25, offlineTimeoutMin: 60 };
const C003 = { parkingTimeoutMin: 15, offlineTimeoutMin: 60 };

interface Spell {
  readonly signCode: string;
  readonly companyCode: string;
  readonly startTime: number;
  readonly minutes: number;
}

const saved = (result: WriteResult) => {
  if (result.kind !== 'saved') throw new Error(`threshold not saved: ${result.kind}`);
  return result.row;
};
const form = (values: Readonly<Record<string, number | string>>) => Object.fromEntries(Object.entries(values).map(([key, value]) => [key, String(value)]));
const byStart = (a: readonly [string, number], b: readonly [string, number]) => a[0].localeCompare(b[0]) || a[1] - b[1];

describe('alarm lists judged by the timeouts in force', () => {
  let s: SeededDb;
  let ctx: ReportContext;
  /** Every stored alarm of a type in RANGE, as [plate, start]. */
  let alarmsOf: (type: 4 | 7) => Promise<[string, number][]>;
  /** Every stored event of a kind in RANGE, with its company and length. */
  let spellsOf: (kind: 'parking' | 'offline', roadside: boolean) => Promise<Spell[]>;

  const rows = async (def: ReportDef, query: Record<string, string | number> = {}): Promise<ReportRow[]> => {
    const found: ReportRow[] = [];
    for await (const row of reportRun(ctx, def).rows({ page: 1, size: 1000, ...RANGE, ...query }, 1000)) found.push(row);
    return found;
  };

  beforeAll(async () => {
    s = await seededDb('timeout-alarms', 16, START);
    // Saved as the threshold screen saves them, each at its time on the simulation's clock.
    const writer = (now: number): WriteContext => ({
      db: s.db, now, caller: { userId: 1, userName: 'admin', superMan: true, companyCodes: ALL_COMPANIES, lang: 'zh' },
    });
    const c002 = saved(await createRow(writer(START - DAY_MS), THRESHOLD, form({ companyCode: 'C002', ...BEFORE, overspeedKmh: 80 })));
    saved(await createRow(writer(START - DAY_MS), THRESHOLD, form({ companyCode: 'C003', ...C003, overspeedKmh: 80 })));
    saved(await updateRow(writer(CHANGE), THRESHOLD, c002.key, form({ companyCode: 'C002', ...AFTER, overspeedKmh: 80 }), c002.version));
    const cache = openThresholdCache(s.db, { refreshMs: 0 });
    await cache.ready;
    await backfill(s.db, { seed: 'timeout-alarms', now: T0, eventDays: DAYS, positionDays: 0, thresholds: cache.snapshot });
    cache.close();
    ctx = { db: s.db, kind: TEST_DB_KIND, companyCodes: ALL_COMPANIES, now: T0 };

    alarmsOf = async (type) =>
      (await s.db.selectFrom('alarm').select(['signCode', 'startTime']).where('type', '=', type)
        .where('startTime', '>=', RANGE.startTime).where('startTime', '<=', RANGE.endTime).execute())
        .map((alarm): [string, number] => [alarm.signCode, Number(alarm.startTime)]).sort(byStart);
    spellsOf = async (kind, roadside) => {
      const events = await s.db
        .selectFrom('event as e').innerJoin('truck as t', 't.id', 'e.truckId')
        .select(['t.signCode', 'e.companyCode', 'e.startTime', 'e.endTime', 'e.data'])
        .where('e.kind', '=', kind).where('e.startTime', '>=', RANGE.startTime).where('e.startTime', '<=', RANGE.endTime)
        .execute();
      return events
        .filter((event) => !roadside || (JSON.parse(event.data) as { inPark: boolean }).inPark === false)
        .map((event) => ({
          signCode: event.signCode, companyCode: event.companyCode, startTime: Number(event.startTime),
          minutes: (Number(event.endTime) - Number(event.startTime)) / MINUTE_MS,
        }));
    };
  }, 180_000);

  afterAll(async () => s.close());

  it('lists exactly the roadside stops the simulator raised alarm 4 for, each with the parking timeout that judged it', async () => {
    const listed = await rows(parkingList);
    const alarms = await alarmsOf(4);
    expect(alarms.length).toBeGreaterThan(20);
    expect(listed.map((row): [string, number] => [String(row['signCode']), Number(row['startTime'])]).sort(byStart)).toEqual(alarms);
    // Fewer than every roadside stop: the short ones raised nothing.
    expect(alarms.length).toBeLessThan((await spellsOf('parking', true)).length);
  });

  it('lists exactly the offline spells the simulator raised alarm 7 for, each with the offline timeout that judged it', async () => {
    const listed = await rows(offlineList);
    const alarms = await alarmsOf(7);
    expect(alarms.length).toBeGreaterThan(10);
    expect(listed.map((row): [string, number] => [String(row['signCode']), Number(row['lastGpsTime'])]).sort(byStart)).toEqual(alarms);
    expect(alarms.length).toBeLessThan((await spellsOf('offline', false)).length);
  });

  it('judges a stop or spell begun before the change by the old timeout, and one begun after by the new', async () => {
    const cases = [
      { def: parkingList, start: 'startTime', timeout: 'parkingTimeout', spells: await spellsOf('parking', true), key: 'parkingTimeoutMin' },
      { def: offlineList, start: 'lastGpsTime', timeout: 'offlineTimeout', spells: await spellsOf('offline', false), key: 'offlineTimeoutMin' },
    ] as const;
    for (const { def, start, timeout, spells, key } of cases) {
      const listed = await rows(def);
      const shown = new Map(listed.map((row) => [`${String(row['signCode'])}@${Number(row[start])}`, Number(row[timeout])]));
      const inForce = (spell: Spell) => {
        if (spell.companyCode === 'C003') return C003[key];
        if (spell.companyCode !== 'C002') return key === 'parkingTimeoutMin' ? 20 : 0;
        return (spell.startTime < CHANGE ? BEFORE : AFTER)[key];
      };
      // Every stop or spell is listed exactly when it lasted the timeout in force when it began, which the row shows.
      for (const spell of spells) {
        const expected = spell.minutes >= inForce(spell) ? inForce(spell) : undefined;
        expect(shown.get(`${spell.signCode}@${spell.startTime}`), `${key} ${spell.companyCode} ${spell.minutes} min`).toBe(expected);
      }
      // The test holds C002 stops or spells that only the old or only the new timeout lists, on each side of the change.
      const between = (spell: Spell) => spell.companyCode === 'C002' && spell.minutes >= Math.min(BEFORE[key], AFTER[key]) && spell.minutes < Math.max(BEFORE[key], AFTER[key]);
      expect(spells.filter((spell) => between(spell) && spell.startTime < CHANGE).length, key).toBeGreaterThan(0);
      expect(spells.filter((spell) => between(spell) && spell.startTime >= CHANGE).length, key).toBeGreaterThan(0);
    }
  });

  it("counts in off_line_analysis and exception_sum exactly the alarms the lists show", async () => {
    const alarms7 = await alarmsOf(7);
    const perTruck = new Map<string, number>();
    for (const [plate] of alarms7) perTruck.set(plate, (perTruck.get(plate) ?? 0) + 1);
    const bands = await rows(offlineBands);
    expect(new Map(bands.map((row) => [String(row['signCode']), Number(row['offlines'])]))).toEqual(perTruck);

    // exception_sum: a row per company and China month; the alarms counted the same way.
    const month = (time: number) => new Date(time + 8 * 3_600_000).toISOString().slice(0, 7);
    const companyOf = new Map((await s.db.selectFrom('truck').select(['signCode', 'companyCode']).execute()).map((truck) => [truck.signCode, truck.companyCode]));
    const names = new Map((await s.db.selectFrom('company').select(['code', 'name']).execute()).map((company) => [company.name, company.code]));
    const tally = (alarms: readonly [string, number][]) => {
      const counts = new Map<string, number>();
      for (const [plate, time] of alarms) {
        const key = `${companyOf.get(plate) ?? ''} ${month(time)}`;
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
      return counts;
    };
    const sums = await rows(exceptionSum);
    const counted = (column: string) =>
      new Map(sums.filter((row) => Number(row[column]) > 0).map((row) => [`${names.get(String(row['companyName'])) ?? ''} ${String(row['month'])}`, Number(row[column])]));
    expect(counted('parkingTimeouts')).toEqual(tally(await alarmsOf(4)));
    expect(counted('offlines')).toEqual(tally(alarms7));
  });
});
