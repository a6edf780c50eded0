// One query builder for every report definition: the visible companies, the filters, the sort, the page, the total and
// the summary row. Raw SQL fragments composed from the definition, because the columns are data, not code.
import { sql, type RawBuilder } from 'kysely';
import { isDerived, isGrouped, type ReportDef } from '../../domain/screens/reports/definition';
import type { ReportQuery } from '../../domain/screens/reports/query';
import { withDerived } from '../../domain/screens/reports/scores';
import type { ReportCell, ReportPage, ReportRow, ReportTotals } from '../../domain/screens/reports/wire';
import type { Db } from '../db/open';
import type { DbKind } from '../db/target';
import { readPage, REPORT_PAGING, type PageSource } from '../routes/paging';
import { computedRowSet } from './computed-rows';
import { groupsFromDays } from './day-partials';
import { cellOf, companiesOf, fromWhere, isGroupKey, tableOf, typeOf } from './report-sql';
import { rowSet, type Cells, type RowSet } from './row-set';
import { valueSql, type ValueSql } from './sql-values';

type Expr = RawBuilder<unknown>;

export interface ReportContext {
  readonly db: Db;
  readonly kind: DbKind;
  /** The caller's companies (userPri); nothing outside them is ever read. */
  readonly companyCodes: readonly string[];
  readonly now: number;
}

/** SELECT … of every column the SQL answers, plus the row id (events) and GROUP BY (grouped sources). */
function selected(values: ValueSql, def: ReportDef, body: Expr): Expr {
  const list = def.columns.filter((column) => !isDerived(column.value)).map((column) => sql`${values.value(column.value)} as ${sql.ref(column.key)}`);
  if (isGrouped(def.source)) {
    const keys = def.columns.filter(isGroupKey).map((column) => values.value(column.value));
    return sql`select ${sql.join(list)} ${body} group by ${sql.join(keys)}`;
  }
  // A row's id is unique among the report's rows (the grid keys rows by it): an event's id, or, where one event or
  // truck gives a row per element (compartment), that id and the element's place.
  const id = def.source.type === 'live'
    ? sql`${sql.ref('t.id')} * 100 + ${values.value({ from: 'itemKey' })}`
    : def.source.type === 'events' && def.source.expand
      ? sql`${sql.ref('e.id')} * 100 + cast(${sql.ref('item.key')} as integer)`
      : sql`${sql.ref(def.source.type === 'alarms' ? 'e.seq' : 'e.id')}`;
  return sql`select ${id} as ${sql.ref('rowId')}, ${sql.join(list)} ${body}`;
}

function orderBy(def: ReportDef, query: ReportQuery): Expr {
  const key = query.sort ?? def.sort.key;
  const order = (query.sort ? query.order : def.sort.order) === 'asc' ? sql`asc` : sql`desc`;
  // A derived cell (a score) is no SQL column: such rows are read whole in the key columns' order and sorted after.
  const derived = def.columns.some((column) => column.key === key && isDerived(column.value));
  // A stable tie-break, so paging never shows a row twice or skips one: a group by its key columns; a row by its id,
  // unique per row. Only as many as that: every extra key is a value the database must compute for every row before
  // it can sort, instead of walking an index and stopping.
  const ties = isGrouped(def.source)
    ? def.columns.filter((column) => column.key !== key && isGroupKey(column)).map((column) => sql`${sql.ref(column.key)}`)
    : [sql`${sql.ref('rowId')} desc`];
  return sql`order by ${sql.join(derived ? ties : [sql`${sql.ref(key)} ${order}`, ...ties])}`;
}

function rowOf(def: ReportDef, raw: Readonly<Record<string, unknown>>, fallbackId: number): ReportRow {
  const cells: Record<string, ReportCell> = {};
  for (const column of def.columns) {
    if (!isDerived(column.value)) cells[column.key] = cellOf(raw[column.key], typeOf(column));
  }
  return { ...withDerived(def.columns, cells), id: raw.rowId === undefined ? fallbackId : Number(raw.rowId) };
}

/** The SQL of `limit` rows of a report from `offset` on, in the query's order (also the benchmark's query plans). */
export function sliceSql(ctx: ReportContext, def: ReportDef, query: ReportQuery, offset: number, limit: number): RawBuilder<Record<string, unknown>> {
  const values = valueSql(ctx.kind, tableOf(def));
  const full = selected(values, def, fromWhere(ctx, values, def, query, companiesOf(ctx, query)));
  return sql<Record<string, unknown>>`select * from (${full}) as x ${orderBy(def, query)} limit ${limit} offset ${offset}`;
}

/** The SQL that counts a query's rows (also the benchmark's query plans). */
export function countSql(ctx: ReportContext, def: ReportDef, query: ReportQuery): RawBuilder<{ total: number | string }> {
  const values = valueSql(ctx.kind, tableOf(def));
  const companies = companiesOf(ctx, query);
  // Rows are counted on the bare FROM … WHERE: no column need be computed to count them.
  const counted = isGrouped(def.source)
    ? sql`select count(*) as ${sql.ref('total')} from (${selected(values, def, fromWhere(ctx, values, def, query, companies))}) as x`
    : sql`select count(*) as ${sql.ref('total')} ${fromWhere(ctx, values, def, query, companies)}`;
  return sql<{ total: number | string }>`${counted}`;
}

/** Rows ordered by a derived cell are read in chunks of this many, all of them, then ordered in memory. */
const DERIVED_CHUNK = 5_000;

interface ReportRun {
  page(query: ReportQuery): Promise<ReportPage>;
  totals(query: ReportQuery): Promise<ReportTotals>;
  /** Every row of the query in sort order, read a page at a time (the export). */
  rows(query: ReportQuery, chunk: number): AsyncGenerator<ReportRow>;
  count(query: ReportQuery): Promise<number>;
}

export function reportRun(ctx: ReportContext, def: ReportDef): ReportRun {
  const values = valueSql(ctx.kind, tableOf(def));
  const full = (query: ReportQuery, companies: readonly string[]) => selected(values, def, fromWhere(ctx, values, def, query, companies));

  async function count(query: ReportQuery): Promise<number> {
    const result = await countSql(ctx, def, query).execute(ctx.db);
    return Number(result.rows[0]?.total ?? 0);
  }

  async function slice(query: ReportQuery, offset: number, limit: number): Promise<ReportRow[]> {
    const result = await sliceSql(ctx, def, query, offset, limit).execute(ctx.db);
    return result.rows.map((raw, index) => rowOf(def, raw, offset + index + 1));
  }

  async function summary(query: ReportQuery): Promise<Record<string, number> | undefined> {
    const summed = def.columns.filter((column) => column.summary !== undefined);
    const companies = companiesOf(ctx, query);
    // A caller without companies has no rows and so no summary row, rather than one of zeros.
    if (summed.length === 0 || companies.length === 0) return undefined;
    const list = summed.map((column) =>
      column.summary === 'count' ? sql`count(${sql.ref(column.key)}) as ${sql.ref(column.key)}` : sql`sum(${sql.ref(column.key)}) as ${sql.ref(column.key)}`,
    );
    const result = await sql<Record<string, unknown>>`select ${sql.join(list)} from (${full(query, companies)}) as x`.execute(ctx.db);
    const raw = result.rows[0] ?? {};
    return Object.fromEntries(summed.map((column) => [column.key, Number(raw[column.key] ?? 0)]));
  }

  /**
   * Every row of a query held in memory, where the query is answered that way: computed rows, grouped reports from
   * stored days, and rows ordered by a derived cell (a score orders no SQL). Undefined: the SQL pages it.
   */
  async function inMemory(query: ReportQuery): Promise<RowSet | undefined> {
    if (def.source.type === 'computed') return computedRowSet(ctx, def, query);
    const days = await groupsFromDays(ctx, def, query);
    const sortKey = query.sort ?? def.sort.key;
    if (days || !def.columns.some((column) => column.key === sortKey && isDerived(column.value))) return days;
    const rows: Cells[] = [];
    for (let offset = 0; ; offset += DERIVED_CHUNK) {
      const chunk = await slice({ ...query, sort: undefined, order: undefined }, offset, DERIVED_CHUNK);
      rows.push(...chunk.map(({ id: _id, ...cells }) => cells));
      if (chunk.length < DERIVED_CHUNK) return rowSet(ctx.kind, def, query, rows);
    }
  }

  /** The summary row over rows already at hand (grouped reports answered from day partials). */
  function summaryOf(rows: readonly Readonly<Record<string, ReportCell>>[]): Record<string, number> | undefined {
    const summed = def.columns.filter((column) => column.summary !== undefined);
    if (summed.length === 0) return undefined;
    return Object.fromEntries(summed.map((column) => {
      const cells = rows.map((row) => row[column.key]).filter((cell) => cell !== null && cell !== undefined);
      return [column.key, column.summary === 'count' ? cells.length : cells.reduce<number>((total, cell) => total + Number(cell), 0)];
    }));
  }

  /** The query's rows, held in memory or read by the SQL. */
  async function source(query: ReportQuery): Promise<PageSource<ReportRow>> {
    const held = await inMemory(query);
    if (!held) return { count: () => count(query), slice: (offset, limit) => slice(query, offset, limit) };
    return { count: () => Promise.resolve(held.rows.length), slice: (offset, limit) => Promise.resolve(held.first(offset + limit).slice(offset)) };
  }

  return {
    async count(query) {
      return (await source(query)).count();
    },
    async page(query) {
      return readPage(REPORT_PAGING, query, await source(query));
    },
    async totals(query) {
      const groups = await inMemory(query);
      const [total, sums] = groups ? [groups.rows.length, summaryOf(groups.rows)] : await Promise.all([count(query), summary(query)]);
      return sums ? { total, summary: sums } : { total };
    },
    async *rows(query, chunk) {
      const groups = await inMemory(query);
      if (groups) {
        yield* groups.first(groups.rows.length);
        return;
      }
      for (let offset = 0; ; offset += chunk) {
        const rows = await slice(query, offset, chunk);
        yield* rows;
        if (rows.length < chunk) return;
      }
    },
  };
}
