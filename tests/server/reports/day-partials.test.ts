// Grouped reports answered from stored day partials give the rows, order and totals of the plain grouped query, and
// an event written into a stored day changes the next answer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../../domain/format/time';
import { isAggregate, isDerived, type ReportDef } from '../../../domain/screens/reports/definition';
import type { ReportQuery } from '../../../domain/screens/reports/query';
import { REPORTS } from '../../../domain/screens/reports/registry';
import { withDerived } from '../../../domain/screens/reports/scores';
import { openDatabase, type OpenedDb } from '../../../server/db/open';
import { groupsFromDays } from '../../../server/reports/day-partials';
import { storeDefaultDays, storedDays } from '../../../server/reports/day-store';
import { sliceSql, type ReportContext } from '../../../server/reports/report-query';
import { cellOf, typeOf } from '../../../server/reports/report-sql';
import type { RowSet } from '../../../server/reports/row-set';
import { seededFleetDatabase } from '../../helpers/seeded-fleet';
import { TEST_DB_KIND, type TestDatabase } from '../../helpers/test-database';
import { DEFAULT_SIM } from './seeded-server';

const grouped = Object.values(REPORTS).filter((def) => def.source.type === 'groups');

describe('grouped reports from day partials', () => {
  let database: TestDatabase;
  let opened: OpenedDb;
  let companyCodes: string[];
  let truck: { id: number; companyCode: string };

  // The first file of a run to ask seeds the fleet (a 30-day history): as long as the seeded-server tests allow.
  beforeAll(async () => {
    database = await seededFleetDatabase(DEFAULT_SIM);
    opened = await openDatabase(database.target);
    companyCodes = (await opened.db.selectFrom('company').select('code').orderBy('code').execute()).map((company) => company.code);
    const first = await opened.db.selectFrom('truck').select(['id', 'companyCode']).orderBy('id').executeTakeFirstOrThrow();
    truck = { id: Number(first.id), companyCode: first.companyCode };
  }, 120_000);
  afterAll(async () => {
    await opened.db.destroy();
    await database.drop();
  });

  const context = (codes: readonly string[] = companyCodes): ReportContext => ({ db: opened.db, kind: TEST_DB_KIND, companyCodes: codes, now: Date.now() });

  /**
   * The plain grouped query's rows. A derived cell (a score) is no SQL: it is filled in from the row's cells, and rows
   * sorted by it are put in that order (stable, so ties keep the query's order of the key columns).
   */
  async function plain(ctx: ReportContext, def: ReportDef, query: ReportQuery): Promise<Record<string, unknown>[]> {
    const rows = (await sliceSql(ctx, def, query, 0, 1_000_000).execute(ctx.db)).rows;
    if (!def.columns.some((column) => isDerived(column.value))) return rows;
    const derived = rows.map((row) =>
      withDerived(def.columns, Object.fromEntries(def.columns.filter((column) => !isDerived(column.value)).map((column) => [column.key, cellOf(row[column.key], typeOf(column))]))),
    );
    const sortKey = query.sort ?? def.sort.key;
    const direction = (query.sort ? query.order : def.sort.order) === 'asc' ? 1 : -1;
    if (!def.columns.some((column) => column.key === sortKey && isDerived(column.value))) return derived;
    return derived.map((row, index) => ({ row, index })).sort((a, b) => direction * (Number(a.row[sortKey]) - Number(b.row[sortKey])) || a.index - b.index).map(({ row }) => row);
  }

  const close = (got: unknown, want: unknown): boolean =>
    got === want || (got !== null && want !== null && Math.abs(Number(got) - Number(want)) <= 1e-6 * Math.max(1, Math.abs(Number(want))));

  /**
   * The same groups with the same values, in the same order. Sums of floats added in another order may differ in their
   * last bits, so groups whose sort values are equal but for those bits may stand in either order.
   */
  function expectSame(def: ReportDef, query: ReportQuery, groups: RowSet | undefined, rows: readonly Record<string, unknown>[], count = rows.length): void {
    expect(groups, `${def.path} is answered from days`).toBeDefined();
    expect(groups?.rows.length, def.path).toBe(rows.length);
    const fromDays = groups?.first(count) ?? [];
    const keyColumns = def.columns.filter((column) => !isAggregate(column.value) && !isDerived(column.value));
    const keyOf = (row: Readonly<Record<string, unknown>>) => JSON.stringify(keyColumns.map((column) => row[column.key] ?? null));
    const wanted = new Map(rows.map((row) => [keyOf(row), row]));
    expect(fromDays.length, def.path).toBe(Math.min(count, rows.length));
    const sortKey = query.sort ?? def.sort.key;
    fromDays.forEach((row, index) => {
      const want = wanted.get(keyOf(row));
      expect(want, `${def.path}: group ${keyOf(row)} of the plain query`).toBeDefined();
      for (const column of def.columns) {
        expect(close(row[column.key] ?? null, want?.[column.key] ?? null), `${def.path} ${keyOf(row)} ${column.key}: ${row[column.key]} vs ${want?.[column.key]}`).toBe(true);
      }
      const atIndex = rows[index] ?? {};
      if (keyOf(atIndex) !== keyOf(row)) {
        expect(close(row[sortKey] ?? null, atIndex[sortKey] ?? null), `${def.path} row ${index} sorted by ${sortKey}`).toBe(true);
      }
    });
  }

  it.each(grouped.map((def) => [def.path, def] as const))('%s: the default query, every sort and a company subset as the plain query', async (_path, def) => {
    const now = Date.now();
    // A range that starts and ends inside days: two live edges around the stored whole days.
    const queries: ReportQuery[] = [
      { page: 1, size: 50 },
      { page: 1, size: 50, startTime: now - 20 * DAY_MS - 3_600_123, endTime: now - 2 * DAY_MS + 77_000 },
      ...def.columns.filter((column) => column.sortable !== false).map((column, index) => ({ page: 1, size: 50, sort: column.key, order: index % 2 === 0 ? ('asc' as const) : ('desc' as const) })),
      { page: 1, size: 50, companyCodes: companyCodes.slice(0, 2).join(',') },
    ];
    for (const query of queries) {
      const ctx = context();
      const [fromDays, rows] = [await groupsFromDays(ctx, def, query), await plain(ctx, def, query)];
      expectSame(def, query, fromDays, rows);
      // A first page picked without sorting every group.
      expectSame(def, query, fromDays, rows, 3);
    }
    // A user of one company sees only its groups.
    const one = context([truck.companyCode]);
    expectSame(def, { page: 1, size: 50 }, await groupsFromDays(one, def, { page: 1, size: 50 }), await plain(one, def, { page: 1, size: 50 }));
  });

  it("stores every grouped report's default range at once", async () => {
    const days = await storeDefaultDays(opened.db, TEST_DB_KIND);
    expect(storedDays(opened.db)).toEqual({ days, ready: true });
    // At least one 30-day default (the analysis reports'): its whole days before today.
    expect(days).toBeGreaterThanOrEqual(29);
  });

  it('leaves plate and select filters to the plain query', async () => {
    const def = grouped.find((candidate) => candidate.filters.some((filter) => filter.type === 'select'));
    const plated = grouped.find((candidate) => candidate.filters.some((filter) => filter.type === 'plate'));
    if (!def || !plated) throw new Error('expected a grouped report with a select filter and one with a plate filter');
    const select = def.filters.find((filter) => filter.type === 'select');
    if (select?.type !== 'select') throw new Error('no select');
    expect(await groupsFromDays(context(), def, { page: 1, size: 50, [select.key]: select.options[0]?.value ?? '' })).toBeUndefined();
    expect(await groupsFromDays(context(), plated, { page: 1, size: 50, signCode: 'X' })).toBeUndefined();
  });

  it('an event written into a stored day is in the next answer', async () => {
    const def = grouped.find((candidate) => candidate.source.type === 'groups' && candidate.source.kinds.includes('switch_cover') && candidate.columns.some((c) => c.key === 'openings'));
    if (!def || def.source.type !== 'groups') throw new Error('expected a grouped switch-cover report');
    const now = Date.now();
    const query: ReportQuery = { page: 1, size: 50, startTime: now - 10 * DAY_MS, endTime: now };
    const openings = async () => (await groupsFromDays(context(), def, query))?.rows.reduce((total, row) => total + Number(row['openings']), 0) ?? 0;
    const before = await openings();
    expect(before).toBeGreaterThan(0);
    // Five days back is a whole stored day of the range.
    const at = now - 5 * DAY_MS;
    await opened.db
      .insertInto('event')
      .values({ truckId: truck.id, companyCode: truck.companyCode, kind: 'switch_cover', startTime: at, endTime: at + 60_000, data: JSON.stringify({ abnormal: false }) })
      .execute();
    expect(await openings()).toBe(before + 1);
    expectSame(def, query, await groupsFromDays(context(), def, query), await plain(context(), def, query));
  });
});
