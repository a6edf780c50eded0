// truck_loss by year (params spec §9, "year selection for truck loss"), on the seeded fleet: the years it offers are
// those its trips cover up to the current one in the fleet's zone, the chosen year is its range, this year by default.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventData } from '../../../domain/events';
import { CARGO_REPORTS } from '../../../domain/screens/reports/cargo';
import { reportCallPath } from '../../../domain/screens/reports/registry';
import { YEARS_SUFFIX } from '../../../domain/screens/reports/wire';
import { call } from '../../helpers/api';
import { startSeededServer, type SeededServer } from './seeded-server';

const truckLoss = CARGO_REPORTS['/cargo_monitor/data_analysis/truck_loss'];
/** The year of a moment on China's calendar, worked out here rather than by the code under test. */
const chinaYearOf = (ms: number) => Number(new Intl.DateTimeFormat('en', { timeZone: 'Asia/Shanghai', year: 'numeric' }).format(ms));

describe('truck_loss by year', () => {
  let seeded: SeededServer;
  let now = 0;

  beforeAll(async () => {
    seeded = await startSeededServer();
    now = Date.now();
  }, 120_000);
  afterAll(async () => seeded.server.close());

  const db = () => seeded.server.services.db;
  const years = async (user: 'admin' | 'operator') => {
    const answer = await call<number[]>(seeded.server.url, 'GET', `${reportCallPath(truckLoss)}${YEARS_SUFFIX}`, { token: seeded.tokens[user] });
    expect(answer.resultCode).toBe(200);
    return answer.data;
  };

  /** A trip of the first truck that left its depot at `startTime`, 100 L lost of 10,000. */
  const insertTrip = async (startTime: number) => {
    const truck = await db().selectFrom('truck').select(['id', 'signCode', 'companyCode']).orderBy('id').executeTakeFirstOrThrow();
    const data: EventData['trip'] = {
      taskCode: 'T-OLD', depotName: '一号油库', stationName: '一号站', oilCodes: [92], loadVolume: 10_000, unloadVolume: 9_900,
      deliveredVolume: 9_900, loss: 100, lossRate: 0.01, highLossRateThreshold: 0.003, abnormal: true,
      compartments: [{ compartment: 1, oilCode: 92, loaded: 10_000, arrived: 9_900, delivered: 9_900, loss: 100, lossRate: 0.01 }],
      startArea: '油库', endArea: '加油站',
    };
    await db().insertInto('event').values({
      truckId: truck.id, companyCode: truck.companyCode, kind: 'trip', startTime, endTime: startTime + 3_600_000, data: JSON.stringify(data),
    }).execute();
    return truck;
  };

  it('offers the years its trips cover, newest first, down from the current year of China', async () => {
    const first = await db().selectFrom('event').select('startTime').where('kind', '=', 'trip').orderBy('startTime').limit(1).executeTakeFirstOrThrow();
    const [from, to] = [chinaYearOf(Number(first.startTime)), chinaYearOf(now)];
    expect(await years('admin')).toEqual(Array.from({ length: to - from + 1 }, (_, i) => to - i));
  });

  it('lists the chosen year only, the current one when none is chosen, and offers a year of an old trip', async () => {
    const current = chinaYearOf(now);
    const old = current - 2;
    // 1 January of the old year, 00:30 in China: still 31 December in UTC.
    const startTime = Date.UTC(old, 0, 1, 0, 30) - 8 * 3_600_000;
    const truck = await insertTrip(startTime);
    expect(await years('admin')).toEqual([current, current - 1, old]);

    const chosen = await seeded.page(truckLoss, 'admin', { year: old, signCode: truck.signCode });
    expect(chosen.resultCode).toBe(200);
    expect(chosen.data.rows.map((row) => [row['month'], row['trips'], row['loss']])).toEqual([[`${old}-01`, 1, 100]]);
    const byDefault = await seeded.page(truckLoss, 'admin', { signCode: truck.signCode, size: 100 });
    expect(byDefault.data.rows.length).toBeGreaterThan(0);
    expect(byDefault.data.rows.every((row) => String(row['month']).startsWith(`${current}-`))).toBe(true);
    // A start and an end are not this report's filters: the year is its range.
    const ranged = await seeded.page(truckLoss, 'admin', { signCode: truck.signCode, startTime, endTime: startTime + 1 });
    expect(ranged.data.total).toBe(byDefault.data.total);
  });

  it('refuses a year that is no year, in both languages', async () => {
    const [zh, en] = [await seeded.page(truckLoss, 'admin', { year: '20x6' }, 'zh'), await seeded.page(truckLoss, 'admin', { year: '20x6' }, 'en')];
    expect([zh.resultCode, zh.message, en.resultCode, en.message]).toEqual([400, '筛选值“20x6”无效', 400, 'The filter value "20x6" is not valid']);
  });

  it('refuses a year outside 1970–2099, in both languages, rather than reading 0099 as 1999', async () => {
    for (const year of ['0099', '1969', '2100']) {
      const [zh, en] = [await seeded.page(truckLoss, 'admin', { year }, 'zh'), await seeded.page(truckLoss, 'admin', { year }, 'en')];
      expect([zh.resultCode, zh.message, en.resultCode, en.message]).toEqual([400, `筛选值“${year}”无效`, 400, `The filter value "${year}" is not valid`]);
    }
  });
});
