// GET /indicator/monitor/safe_target and /device_target on the seeded fleet (80 trucks, 30 days of history), on both
// databases: every figure equals a direct count of the `alarm` and `event` rows in the answer's span, per range; the
// operator's figures count only C002's rows; the garden user, without the screens, is refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INDICATORS } from '../../../domain/screens/indicators/dashboards';
import type { IndicatorDef, IndicatorRange, IndicatorSource } from '../../../domain/screens/indicators/definition';
import { indicatorCallPath, type IndicatorAnswer } from '../../../domain/screens/indicators/wire';
import { call } from '../../helpers/api';
import { startSeededServer, type SeededServer } from '../reports/seeded-server';

interface Row {
  readonly truckId: number;
  readonly startTime: number;
  readonly key: string | number;
}

describe('GET /indicator<path>', () => {
  let seeded: SeededServer;
  beforeAll(async () => {
    seeded = await startSeededServer();
  }, 600_000);
  afterAll(async () => seeded.server.close());

  const ask = (def: IndicatorDef, user: 'admin' | 'operator' | 'garden', range?: IndicatorRange) =>
    call<IndicatorAnswer>(seeded.server.url, 'GET', indicatorCallPath(def.path), { token: seeded.tokens[user], query: range ? { range } : {} });

  /** The source's rows in the span and companies, read plainly (no grouping in SQL), to count in JavaScript. */
  async function rowsOf(source: IndicatorSource, answer: IndicatorAnswer, companies?: readonly string[]): Promise<Row[]> {
    const db = seeded.server.services.db;
    if (source.from === 'alarms') {
      let query = db.selectFrom('alarm').select(['truckId', 'startTime', 'type as key'])
        .where('type', 'in', [...source.types]).where('startTime', '>=', answer.startTime).where('startTime', '<=', answer.endTime);
      if (companies) query = query.where('companyCode', 'in', [...companies]);
      return (await query.execute()).map((row) => ({ ...row, startTime: Number(row.startTime) }));
    }
    let query = db.selectFrom('event').select(['truckId', 'startTime', 'kind as key'])
      .where('kind', 'in', [...source.kinds]).where('startTime', '>=', answer.startTime).where('startTime', '<=', answer.endTime);
    if (companies) query = query.where('companyCode', 'in', [...companies]);
    return (await query.execute()).map((row) => ({ ...row, startTime: Number(row.startTime) }));
  }

  async function expectFigures(def: IndicatorDef, answer: IndicatorAnswer, companies?: readonly string[]) {
    for (const figure of def.figures) {
      const value = answer.figures[figure.key];
      if (!value) throw new Error(`no figure ${figure.key}`);
      if (figure.chart === 'trend') {
        for (const line of figure.series) {
          const rows = await rowsOf(line.source, answer, companies);
          const buckets = value.series?.[line.key] ?? [];
          expect(buckets.reduce((a, b) => a + b, 0), `${figure.key}.${line.key}`).toBe(rows.length);
          const expected = new Array<number>(buckets.length).fill(0);
          for (const row of rows) {
            const index = Math.floor((row.startTime - answer.startTime) / answer.bucketMs);
            expected[index] = (expected[index] ?? 0) + 1;
          }
          expect(buckets).toEqual(expected);
        }
        continue;
      }
      const rows = await rowsOf(figure.source, answer, companies);
      expect(value.total, figure.key).toBe(rows.length);
      if (figure.chart === 'byType') {
        const byType = new Map<number, number>();
        for (const row of rows) byType.set(Number(row.key), (byType.get(Number(row.key)) ?? 0) + 1);
        expect(new Map((value.types ?? []).map((row) => [row.type, row.count]))).toEqual(byType);
      }
      if (figure.chart === 'top') {
        const byTruck = new Map<number, number>();
        for (const row of rows) byTruck.set(row.truckId, (byTruck.get(row.truckId) ?? 0) + 1);
        const trucks = value.trucks ?? [];
        expect(trucks.length).toBe(Math.min(figure.limit, byTruck.size));
        const most = Math.max(0, ...byTruck.values());
        expect(trucks[0]?.count ?? 0).toBe(most);
        for (const truck of trucks) expect(truck.count).toBe(byTruck.get(truck.truckId));
        expect(trucks.every((truck, i) => i === 0 || truck.count <= (trucks[i - 1]?.count ?? 0))).toBe(true);
        expect(trucks.every((truck) => truck.signCode !== '')).toBe(true);
      }
    }
  }

  it('answers safe_target over the last 30 days by default with counts equal to the tables, some not zero', async () => {
    const answer = await ask(INDICATORS['/monitor/safe_target'], 'admin');
    expect(answer.resultCode).toBe(200);
    expect(answer.data.range).toBe('30d');
    expect(answer.data.endTime - answer.data.startTime).toBeGreaterThan(29 * 86_400_000);
    expect(answer.data.figures['alarmTrend']?.series?.['vehicle']).toHaveLength(30);
    expect(answer.data.figures['vehicleAlarms']?.total).toBeGreaterThan(0);
    await expectFigures(INDICATORS['/monitor/safe_target'], answer.data);
  });

  it('answers device_target with counts equal to the tables, some not zero', async () => {
    const answer = await ask(INDICATORS['/monitor/device_target'], 'admin');
    expect(answer.resultCode).toBe(200);
    expect(Object.values(answer.data.figures).some((figure) => figure.total > 0)).toBe(true);
    await expectFigures(INDICATORS['/monitor/device_target'], answer.data);
  });

  it('narrows to the past day in hours and 7 days in days, each at most the 30 days', async () => {
    const def = INDICATORS['/monitor/safe_target'];
    const [month, week, day] = await Promise.all((['30d', '7d', '1d'] as const).map((range) => ask(def, 'admin', range)));
    expect(week?.data.figures['alarmTrend']?.series?.['driver']).toHaveLength(7);
    expect(day?.data.figures['alarmTrend']?.series?.['driver']).toHaveLength(24);
    expect(day?.data.bucketMs).toBe(3_600_000);
    for (const answer of [week, day]) {
      if (!answer || !month) throw new Error('missing answer');
      expect(answer.resultCode).toBe(200);
      await expectFigures(def, answer.data);
      expect(answer.data.figures['cargoAlarms']?.total ?? 0).toBeLessThanOrEqual(month.data.figures['cargoAlarms']?.total ?? 0);
    }
  });

  it('counts only the operator company C002, refuses the garden user, and refuses a range not offered', async () => {
    for (const def of Object.values(INDICATORS)) {
      const [all, own] = await Promise.all([ask(def, 'admin'), ask(def, 'operator')]);
      expect(own.resultCode).toBe(200);
      await expectFigures(def, own.data, ['C002']);
      const key = def.figures[0]?.key ?? '';
      expect(own.data.figures[key]?.total ?? 0).toBeLessThan(all.data.figures[key]?.total ?? 0);
      // The garden user holds monitor screens (the sprinkler ones) but not this dashboard.
      expect(await ask(def, 'garden')).toEqual({ resultCode: 401, message: '您没有访问此功能的权限', data: null });
    }
    const wrong = await call<unknown>(seeded.server.url, 'GET', indicatorCallPath('/monitor/safe_target'), { token: seeded.tokens.admin, query: { range: '90d' } });
    expect(wrong.resultCode).not.toBe(200);
  });
});
