// The water-truck reports on the seeded fleet: rows only from sprinklers, each day's runs, volumes, distances and fills
// equal to the events behind them, the ledger tab's totals, and the calls open to the route's own menu entry only
// (the garden user and admin, not a role with another monitor screen).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHINA_OFFSET_MS, DAY_MS, HOUR_MS } from '../../../domain/format/time';
import type { ReportDef } from '../../../domain/screens/reports/definition';
import { reportCallPath, reportFor } from '../../../domain/screens/reports/registry';
import { SPRINKLER_REPORTS } from '../../../domain/screens/reports/sprinkler';
import { RESULT_CODE } from '../../../domain/wire/envelope';
import { API, call, login } from '../../helpers/api';
import { startSeededServer, type SeededServer } from './seeded-server';

const statistics = SPRINKLER_REPORTS['/monitor/sprinkler_statistics'];
const inventory = SPRINKLER_REPORTS['/monitor/sprinkler_inventory'];
const ledger = (() => {
  const def = reportFor('/monitor/sprinkler_inventory', 'ledger');
  if (def?.tab?.key !== 'ledger') throw new Error('no ledger tab');
  return def;
})();

interface Stored {
  readonly signCode: string;
  readonly companyName: string;
  readonly model: string;
  readonly kind: string;
  readonly startTime: number;
  readonly endTime: number | null;
  readonly data: Readonly<Record<string, unknown>>;
}

/** The China date of a time, as the reports' `day` column holds it. */
const chinaDay = (ms: number) => new Date(ms + CHINA_OFFSET_MS).toISOString().slice(0, 10);
const num = (value: unknown) => Number(value ?? 0);

describe('the water-truck reports', () => {
  let seeded: SeededServer;
  let events: Stored[];
  let range: { startTime: number; endTime: number };

  beforeAll(async () => {
    seeded = await startSeededServer();
    // The live simulator keeps writing: a range that ends hours ago gets no new runs or fills while the test reads.
    const now = Date.now();
    range = { startTime: now - 7 * DAY_MS, endTime: now - 3 * HOUR_MS };
    const rows = await seeded.server.services.db
      .selectFrom('event as e')
      .innerJoin('truck as t', 't.id', 'e.truckId')
      .innerJoin('company as c', 'c.code', 'e.companyCode')
      .select(['t.signCode', 'c.name as companyName', 't.model', 'e.kind', 'e.startTime', 'e.endTime', 'e.data'])
      .where('e.kind', 'in', ['spray', 'water_fill'])
      .where('e.startTime', '>=', range.startTime)
      .where('e.startTime', '<=', range.endTime)
      .execute();
    events = rows.map((row) => ({
      ...row,
      startTime: Number(row.startTime),
      endTime: row.endTime === null ? null : Number(row.endTime),
      data: (typeof row.data === 'string' ? JSON.parse(row.data) : row.data) as Record<string, unknown>,
    }));
  }, 120_000);
  afterAll(async () => seeded.server.close());

  /** A page of 1,000 rows and the totals; every row of the range unless the ledger's. */
  const all = async (def: ReportDef, user: 'admin' | 'garden' = 'admin') => {
    const answer = await seeded.page(def, user, { ...range, size: 1000 });
    expect(answer.resultCode, answer.message).toBe(200);
    if (def !== ledger) expect(answer.data.hasMore).toBe(false);
    return answer.data;
  };

  it('has runs and fills only from sprinklers in the seeded history', () => {
    expect(events.filter((event) => event.kind === 'spray').length).toBeGreaterThan(20);
    expect(events.filter((event) => event.kind === 'water_fill').length).toBeGreaterThan(20);
    expect(new Set(events.map((event) => event.model))).toEqual(new Set(['sprinkler']));
  });

  it('sums each sprinkler day of spray statistics exactly as its runs', async () => {
    const answer = await all(statistics);
    const expected = new Map<string, { runs: number; volume: number; km: number; seconds: number }>();
    for (const event of events.filter((one) => one.kind === 'spray')) {
      const key = `${event.signCode} ${chinaDay(event.startTime)}`;
      const sums = expected.get(key) ?? { runs: 0, volume: 0, km: 0, seconds: 0 };
      sums.runs += 1;
      sums.volume += num(event.data['volume']);
      sums.km += num(event.data['distanceKm']);
      sums.seconds += ((event.endTime ?? event.startTime) - event.startTime) / 1000;
      expected.set(key, sums);
    }
    expect(answer.rows.length).toBe(expected.size);
    for (const row of answer.rows) {
      const sums = expected.get(`${String(row['signCode'])} ${String(row['day'])}`);
      expect(sums, `${String(row['signCode'])} ${String(row['day'])}`).toBeDefined();
      expect(row['sprayRuns']).toBe(sums?.runs);
      expect(num(row['sprayVolume'])).toBeCloseTo(sums?.volume ?? -1, 1);
      expect(num(row['sprayDistance'])).toBeCloseTo(sums?.km ?? -1, 1);
      expect(num(row['sprayTime'])).toBeCloseTo(sums?.seconds ?? -1, 0);
    }
    const volume = events.filter((one) => one.kind === 'spray').reduce((total, event) => total + num(event.data['volume']), 0);
    expect(answer.summary?.['sprayVolume']).toBeCloseTo(volume, 1);
  });

  it('balances each sprinkler day of the inventory: water taken on in its fills, sprayed out in its runs', async () => {
    const answer = await all(inventory);
    const expected = new Map<string, { fills: number; takenOn: number; runs: number; sprayed: number }>();
    for (const event of events) {
      const key = `${event.signCode} ${chinaDay(event.startTime)}`;
      const sums = expected.get(key) ?? { fills: 0, takenOn: 0, runs: 0, sprayed: 0 };
      if (event.kind === 'water_fill') {
        sums.fills += 1;
        sums.takenOn += num(event.data['takenOn']);
      } else {
        sums.runs += 1;
        sums.sprayed += num(event.data['volume']);
      }
      expected.set(key, sums);
    }
    expect(answer.rows.length).toBe(expected.size);
    for (const row of answer.rows) {
      const sums = expected.get(`${String(row['signCode'])} ${String(row['day'])}`);
      expect(row['waterFills']).toBe(sums?.fills);
      expect(num(row['waterTakenOn'])).toBeCloseTo(sums?.takenOn ?? -1, 1);
      expect(row['sprayRuns']).toBe(sums?.runs);
      expect(num(row['sprayVolume'])).toBeCloseTo(sums?.sprayed ?? -1, 1);
    }
  });

  it('lists every fill and run in the ledger tab, with the totals of both', async () => {
    const answer = await all(ledger);
    expect(answer.total).toBe(events.length);
    expect(new Set(answer.rows.map((row) => row['waterMovement']))).toEqual(new Set(['water_fill', 'spray']));
    const takenOn = events.reduce((total, event) => total + (event.kind === 'water_fill' ? num(event.data['takenOn']) : 0), 0);
    expect(answer.summary?.['waterTakenOn']).toBeCloseTo(takenOn, 1);
  });

  it('gives the garden user its own sprinklers, the same days as admin sees for its company', async () => {
    const garden = await all(statistics, 'garden');
    expect(garden.rows.length).toBeGreaterThan(0);
    const companies = new Set(events.map((event) => event.companyName));
    expect(companies.size).toBe(1);
    for (const row of garden.rows) expect(companies.has(String(row['companyName']))).toBe(true);
    expect(garden.total).toBe((await all(statistics)).total);
  });

  it('refuses a role whose menu lacks the screen, though it holds another monitor screen, on every call', async () => {
    const db = seeded.server.services.db;
    const role = await db.insertInto('role').values({ roleName: '地图员', description: '', superMan: 0, status: 1 }).returning('id').executeTakeFirstOrThrow();
    await db.insertInto('roleFunction').values([
      { roleId: role.id, functionId: 'personal' }, { roleId: role.id, functionId: '/monitor/track_map' },
    ]).execute();
    await db.updateTable('appUser').set({ roleId: role.id }).where('userName', '=', 'operator').execute();
    const { token } = await login(seeded.server.url, 'operator');
    for (const def of [statistics, inventory, ledger]) {
      for (const suffix of ['', '/totals']) {
        const answer = await call(seeded.server.url, 'GET', `${reportCallPath(def)}${suffix}`, { token, query: range });
        expect(answer.resultCode, `${reportCallPath(def)}${suffix}`).toBe(RESULT_CODE.UNAUTHORIZED);
      }
    }
    const form = { ...range, headers: '车牌号', fields: 'signCode' };
    const refused = await call(seeded.server.url, 'POST', `${reportCallPath(statistics)}/export`, { token, form });
    expect(refused.resultCode).toBe(RESULT_CODE.UNAUTHORIZED);
    // The same export is a workbook for admin.
    const response = await fetch(`${seeded.server.url}${API}${reportCallPath(statistics)}/export`, {
      method: 'POST',
      headers: { 'header-id': seeded.tokens.admin, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(Object.entries(form).map(([key, value]) => [key, String(value)])).toString(),
    });
    expect(response.headers.get('content-type')).toContain('spreadsheetml');
    expect((await response.arrayBuffer()).byteLength).toBeGreaterThan(1000);
    // Granted the screen, the role may.
    await db.insertInto('roleFunction').values({ roleId: role.id, functionId: '/monitor/sprinkler_statistics' }).execute();
    const granted = await call(seeded.server.url, 'GET', reportCallPath(statistics), { token, query: range });
    expect(granted.resultCode).toBe(200);
  });
});
