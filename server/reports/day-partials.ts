// Grouped reports answered from per-day partial aggregates. A month of trips is tens of thousands of events whose JSON
// every grouped query read again (200–550 ms over 1,000,000 events); a whole past day's groups do not change once its
// events are written, so each is computed once, kept in memory, and only the range's two partial edge days are read
// live. Events are only ever inserted, in id order (see write-order.ts), so a day's partial stays right until an event
// of its kinds with a start time in that day is inserted: every call first reads the events inserted since the last
// call (an index range on the id) and drops the days they fall in. What goes into a day is the same FROM … WHERE as the
// plain query, so both answer the same rows; a query with a plate or a select filter takes the plain query (it reads
// one truck's or a fraction of the events, and the filter's value is not among the groups' keys).
import { sql, type RawBuilder } from 'kysely';
import { CHINA_OFFSET_MS, DAY_MS } from '../../src/domain/format/time';
import type { GroupedSource, ReportColumn, ReportDef, ValueSource } from '../../src/domain/screens/reports/definition';
import type { ReportQuery } from '../../src/domain/screens/reports/query';
import type { ReportCell, ReportRow } from '../../src/domain/screens/reports/wire';
import { REPORTS } from '../../src/domain/screens/reports/registry';
import type { Db } from '../db/open';
import type { DbKind } from '../db/target';
import type { ReportContext } from './report-query';
import { aggregated, cellOf, companiesOf, fromWhere, queryRange, typeOf, usesHandling } from './report-sql';
import { valueSql, type ValueSql } from './sql-values';

type Expr = RawBuilder<unknown>;

/** One stored part of an aggregate and how parts of several days combine. */
interface Part {
  readonly sql: Expr;
  readonly combine: 'sum' | 'min' | 'max';
}

/** How a column's final value is made from its parts (indexes into the partial row's parts). */
type Finish =
  | { readonly kind: 'key'; readonly index: number; readonly resolve?: 'signCode' | 'companyName' }
  | { readonly kind: 'part'; readonly index: number }
  | { readonly kind: 'ratio'; readonly numerator: number; readonly denominator: number }
  | { readonly kind: 'share'; readonly index: number }
  | { readonly kind: 'distinctTrucks' };

interface Plan {
  readonly keys: readonly Expr[];
  readonly parts: readonly Part[];
  readonly finish: readonly Finish[];
  /** distinctTrucks needs the truck of every partial row; other reports group without it (fewer rows per day). */
  readonly byTruck: boolean;
}

/** A group of one day: its company, its truck (when the plan keeps it), its key cells and its aggregate parts. */
interface PartialRow {
  /** The key cells as one string, made once when the row is read (a stored row is merged on every call). */
  readonly key: string;
  readonly company: string;
  readonly truck: number | undefined;
  readonly keys: readonly ReportCell[];
  readonly parts: readonly (number | null)[];
}

const MAX_CACHED_DAYS = 20_000;
/** Days back from now every grouped report stores at a start, beside its default range. */
const STORED_AT_START_DAYS = 31;

function planOf(values: ValueSql, def: ReportDef): Plan {
  const keys: Expr[] = [];
  const parts: Part[] = [];
  const part = (expr: Expr, combine: Part['combine']): number => parts.push({ sql: expr, combine }) - 1;
  let byTruck = false;
  const finish = def.columns.map((column): Finish => {
    const value: ValueSource = column.value;
    switch (value.from) {
      case 'truck':
        // A truck's plate and company name are read when answering, so an edit of them shows in every stored day.
        keys.push(value.field === 'signCode' ? sql`${sql.ref('e.truckId')}` : sql`${sql.ref('e.companyCode')}`);
        return { kind: 'key', index: keys.length - 1, resolve: value.field };
      case 'count':
        return { kind: 'part', index: part(sql`count(*)`, 'sum') };
      case 'share':
        return { kind: 'share', index: part(sql`count(*)`, 'sum') };
      case 'sum':
      case 'countWhen':
        return { kind: 'part', index: part(values.value(value), 'sum') };
      case 'min':
      case 'max':
        return { kind: 'part', index: part(values.value(value), value.from) };
      case 'avg':
        return {
          kind: 'ratio',
          numerator: part(sql`sum(${values.value(value.of)})`, 'sum'),
          denominator: part(sql`count(${values.value(value.of)})`, 'sum'),
        };
      case 'ratio':
        return {
          kind: 'ratio',
          numerator: part(sql`sum(${values.value(value.numerator)})`, 'sum'),
          denominator: part(sql`sum(${values.value(value.denominator)})`, 'sum'),
        };
      case 'distinctTrucks':
        byTruck = true;
        return { kind: 'distinctTrucks' };
      default:
        keys.push(values.value(value));
        return { kind: 'key', index: keys.length - 1 };
    }
  });
  return { keys, parts, finish, byTruck };
}

type DayGroupedDef = ReportDef & { readonly source: GroupedSource };

/** Grouped reports over events that no operator's handling changes: their days can be stored. */
function isDayGrouped(def: ReportDef): def is DayGroupedDef {
  return def.source.type === 'groups' && !usesHandling(def);
}

/** Whether a query of this report is answered from day partials (else the plain grouped query answers it). */
function answersFromDays(ctx: ReportContext, def: ReportDef, query: ReportQuery): def is DayGroupedDef {
  if (!isDayGrouped(def)) return false;
  if (query.signCode?.trim()) return false;
  if (def.filters.some((filter) => filter.type === 'select' && query[filter.key] !== undefined && query[filter.key] !== '')) return false;
  const { startTime, endTime } = queryRange(ctx, def, query);
  return startTime !== undefined && endTime !== undefined && startTime <= endTime;
}

/** China days are numbered from the epoch; day d covers [d·DAY − 8 h, (d + 1)·DAY − 8 h). */
const dayOf = (ms: number): number => Math.floor((ms + CHINA_OFFSET_MS) / DAY_MS);
const dayStart = (day: number): number => day * DAY_MS - CHINA_OFFSET_MS;

function numberOrNull(value: unknown): number | null {
  if (value === null || value === undefined) return null;
  return Number(value);
}

function combine(how: Part['combine'], a: number | null, b: number | null): number | null {
  if (a === null) return b;
  if (b === null) return a;
  if (how === 'sum') return a + b;
  return how === 'min' ? Math.min(a, b) : Math.max(a, b);
}

/** The plain query's order, so both answer the same pages: text by code point ("C"), nulls below every value on SQLite
 * and above every value on PostgreSQL. */
function compareCells(a: ReportCell, b: ReportCell, nullsHigh: boolean): number {
  if (a === b) return 0;
  if (a === null) return nullsHigh ? 1 : -1;
  if (b === null) return nullsHigh ? -1 : 1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  const [x, y] = [String(a), String(b)];
  return x < y ? -1 : x > y ? 1 : 0;
}

interface StoredReport {
  readonly kinds: readonly string[];
  readonly days: Map<number, readonly PartialRow[]>;
}

interface DayCache {
  /** The highest event id read; events above it are new. Undefined until the first call. */
  seen: number | undefined;
  /** Bumped whenever new events dropped days: a day computed across a bump may miss them and is not kept. */
  generation: number;
  /** report path → its event kinds, and China day → that day's groups. */
  readonly reports: Map<string, StoredReport>;
  size: number;
  /** The default ranges' days were stored after the start (storeDefaultDays). */
  ready: boolean;
}

// Per database handle: each server (and each test's server) has its own, and a second instance on the same database
// keeps its own, right by the same id watermark.
const caches = new WeakMap<Db, DayCache>();

function cacheOf(db: Db): DayCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = { seen: undefined, generation: 0, reports: new Map(), size: 0, ready: false };
    caches.set(db, cache);
  }
  return cache;
}

/** Drops the stored days that events inserted since the last call fall in. */
async function dropChangedDays(ctx: ReportContext, cache: DayCache): Promise<void> {
  if (cache.seen === undefined) {
    const top = await ctx.db.selectFrom('event').select((eb) => eb.fn.max('id').as('top')).executeTakeFirst();
    cache.seen = Number(top?.top ?? 0);
    return;
  }
  // Row by row in id order: grouping here would let SQLite walk the kind index for the GROUP BY instead of the id range.
  const fresh = await ctx.db.selectFrom('event').select(['id', 'kind', 'startTime']).where('id', '>', cache.seen).orderBy('id').execute();
  if (fresh.length === 0) return;
  cache.generation += 1;
  for (const event of fresh) {
    cache.seen = Math.max(cache.seen, Number(event.id));
    const day = dayOf(Number(event.startTime));
    for (const report of cache.reports.values()) {
      if (report.kinds.includes(event.kind) && report.days.delete(day)) cache.size -= 1;
    }
  }
}

async function partialRows(
  ctx: ReportContext, values: ValueSql, def: ReportDef, plan: Plan, from: number, to: number, companies: readonly string[] | 'all',
): Promise<{ day: number; row: PartialRow }[]> {
  const range = { page: 1, size: 1, startTime: from, endTime: to };
  const day = sql`(${sql.ref('e.startTime')} + ${sql.lit(CHINA_OFFSET_MS)}) / ${sql.lit(DAY_MS)}`;
  const groupKeys = [day, sql`${sql.ref('e.companyCode')}`, ...(plan.byTruck ? [sql`${sql.ref('e.truckId')}`] : []), ...plan.keys];
  const selected = [
    sql`${day} as ${sql.ref('day')}`,
    sql`${sql.ref('e.companyCode')} as ${sql.ref('company')}`,
    ...(plan.byTruck ? [sql`${sql.ref('e.truckId')} as ${sql.ref('truck')}`] : []),
    ...plan.keys.map((key, index) => sql`${key} as ${sql.ref(`k${index}`)}`),
    ...plan.parts.map((part, index) => sql`${part.sql} as ${sql.ref(`p${index}`)}`),
  ];
  const result = await sql<Record<string, unknown>>`select ${sql.join(selected)} ${fromWhere(ctx, values, def, range, companies)}
    group by ${sql.join(groupKeys)}`.execute(ctx.db);
  const keyColumns = def.columns.filter((column) => !aggregated(column));
  const keyTypes = keyColumns.map((column) => (column.value.from === 'truck' ? (column.value.field === 'signCode' ? 'number' : 'text') : typeOf(column)));
  return result.rows.map((raw) => {
    const keys = plan.keys.map((_, index) => cellOf(raw[`k${index}`], keyTypes[index] ?? 'text'));
    const row: PartialRow = {
      key: keys.map((cell) => (cell === null ? '\u0001' : String(cell))).join('\u0000'),
      company: String(raw['company']),
      truck: plan.byTruck ? Number(raw['truck']) : undefined,
      keys,
      parts: plan.parts.map((_, index) => numberOrNull(raw[`p${index}`])),
    };
    return { day: Math.floor(Number(raw['day'])), row };
  });
}

/** The stored groups of the whole days [first, last], computing the missing ones in one query. */
async function wholeDays(
  ctx: ReportContext, cache: DayCache, values: ValueSql, def: DayGroupedDef, plan: Plan, first: number, last: number,
): Promise<(readonly PartialRow[])[]> {
  let report = cache.reports.get(def.path);
  if (!report) {
    report = { kinds: def.source.kinds, days: new Map() };
    cache.reports.set(def.path, report);
  }
  const stored = report.days;
  const missing: number[] = [];
  for (let day = first; day <= last; day += 1) if (!stored.has(day)) missing.push(day);
  const found = new Map<number, PartialRow[]>();
  if (missing.length > 0) {
    const generation = cache.generation;
    const [from, to] = [missing[0] ?? first, missing[missing.length - 1] ?? last];
    for (const { day, row } of await partialRows(ctx, values, def, plan, dayStart(from), dayStart(to + 1) - 1, 'all')) {
      const rows = found.get(day) ?? [];
      rows.push(row);
      found.set(day, rows);
    }
    if (generation === cache.generation) {
      for (let day = from; day <= to; day += 1) {
        if (!stored.has(day)) cache.size += 1;
        stored.set(day, found.get(day) ?? []);
      }
      evict(cache);
    }
  }
  const days: (readonly PartialRow[])[] = [];
  for (let day = first; day <= last; day += 1) days.push(stored.get(day) ?? found.get(day) ?? []);
  return days;
}

/** Keeps memory bounded: drops the oldest stored days of the largest report first. */
function evict(cache: DayCache): void {
  while (cache.size > MAX_CACHED_DAYS) {
    let largest: Map<number, readonly PartialRow[]> | undefined;
    for (const { days } of cache.reports.values()) if (!largest || days.size > largest.size) largest = days;
    if (!largest || largest.size === 0) return;
    largest.delete(Math.min(...largest.keys()));
    cache.size -= 1;
  }
}

/** The first and last China day that lie wholly in [startTime, endTime] (first > last: none). */
function wholeDaysOf(startTime: number, endTime: number): [number, number] {
  const first = startTime === dayStart(dayOf(startTime)) ? dayOf(startTime) : dayOf(startTime) + 1;
  const last = endTime === dayStart(dayOf(endTime) + 1) - 1 ? dayOf(endTime) : dayOf(endTime) - 1;
  return [first, last];
}

/**
 * Stores the whole days of every grouped report's default range, one report after another, so that the first caller
 * after a start does not wait for a month or a year of events to be read (each report's first call would, 0.2–0.6 s
 * over 1,000,000 events).
 */
export async function storeDefaultDays(db: Db, kind: DbKind, now = Date.now()): Promise<number> {
  const ctx: ReportContext = { db, kind, companyCodes: [], now };
  const cache = cacheOf(db);
  const values = valueSql(kind, 'event');
  await dropChangedDays(ctx, cache);
  for (const def of Object.values(REPORTS)) {
    if (!isDayGrouped(def)) continue;
    const { startTime, endTime } = queryRange(ctx, def, { page: 1, size: 1 });
    if (startTime === undefined || endTime === undefined) continue;
    // The default range and the last month: a range picked from the presets (last 30 days) is answered from them too.
    const [first, last] = wholeDaysOf(Math.min(startTime, now - STORED_AT_START_DAYS * DAY_MS), endTime);
    // A week per query: on SQLite a query holds the event loop, and sockets and calls wait no longer than a week's read.
    const plan = planOf(values, def);
    for (let from = first; from <= last; from += 7) await wholeDays(ctx, cache, values, def, plan, from, Math.min(last, from + 6));
  }
  cache.ready = true;
  return cache.size;
}

/** How many report days this server holds, and whether the default ranges' ones are all in (diagnostics). */
export function storedDays(db: Db): { readonly days: number; readonly ready: boolean } {
  const cache = caches.get(db);
  return { days: cache?.size ?? 0, ready: cache?.ready ?? false };
}

interface Group {
  readonly keys: readonly ReportCell[];
  /** The first row's own parts until a second row is merged in (most groups of a truck a day have one row). */
  parts: readonly (number | null)[];
  owned: boolean;
  readonly trucks: Set<number> | undefined;
}

/** Every group of a query: their count and cells, and the first of them in the query's order. */
export interface DayGroups {
  /** In no order; without ids. */
  readonly rows: readonly Readonly<Record<string, ReportCell>>[];
  /** The first `count` rows in the query's order, numbered from 1 as the plain query numbers them. */
  first(count: number): ReportRow[];
}

/** Every group of the query; undefined when the plain grouped query must answer it. */
export async function groupsFromDays(ctx: ReportContext, def: ReportDef, query: ReportQuery): Promise<DayGroups | undefined> {
  if (!answersFromDays(ctx, def, query)) return undefined;
  const companies = new Set(companiesOf(ctx, query));
  if (companies.size === 0) return { rows: [], first: () => [] };
  const { startTime = 0, endTime = 0 } = queryRange(ctx, def, query);
  const values = valueSql(ctx.kind, 'event');
  const plan = planOf(values, def);
  const cache = cacheOf(ctx.db);
  await dropChangedDays(ctx, cache);

  // Whole days inside the range come from the store; the parts of the first and last day outside it are read live.
  const [firstWhole, lastWhole] = wholeDaysOf(startTime, endTime);
  const visible = [...companies];
  const pieces: (readonly PartialRow[])[] = [];
  if (firstWhole > lastWhole) {
    pieces.push((await partialRows(ctx, values, def, plan, startTime, endTime, visible)).map((entry) => entry.row));
  } else {
    const edges = await Promise.all([
      startTime < dayStart(firstWhole) ? partialRows(ctx, values, def, plan, startTime, dayStart(firstWhole) - 1, visible) : [],
      endTime >= dayStart(lastWhole + 1) ? partialRows(ctx, values, def, plan, dayStart(lastWhole + 1), endTime, visible) : [],
    ]);
    pieces.push(...edges.map((edge) => edge.map((entry) => entry.row)));
    pieces.push(...(await wholeDays(ctx, cache, values, def, plan, firstWhole, lastWhole)));
  }
  return finishGroups(ctx, def, query, plan, merge(plan, pieces, companies));
}

function merge(plan: Plan, pieces: readonly (readonly PartialRow[])[], companies: ReadonlySet<string>): Map<string, Group> {
  const groups = new Map<string, Group>();
  for (const rows of pieces) {
    for (const row of rows) {
      if (!companies.has(row.company)) continue;
      const group = groups.get(row.key);
      if (!group) {
        groups.set(row.key, { keys: row.keys, parts: row.parts, owned: false, trucks: row.truck === undefined ? undefined : new Set([row.truck]) });
        continue;
      }
      if (row.truck !== undefined) group.trucks?.add(row.truck);
      const parts = group.owned ? (group.parts as (number | null)[]) : [...group.parts];
      plan.parts.forEach((part, index) => {
        parts[index] = combine(part.combine, parts[index] ?? null, row.parts[index] ?? null);
      });
      group.parts = parts;
      group.owned = true;
    }
  }
  return groups;
}

async function finishGroups(ctx: ReportContext, def: ReportDef, query: ReportQuery, plan: Plan, groups: Map<string, Group>): Promise<DayGroups> {
  const resolves = new Set(plan.finish.flatMap((finish) => (finish.kind === 'key' && finish.resolve ? [finish.resolve] : [])));
  const [plates, companyNames] = await Promise.all([
    resolves.has('signCode') ? ctx.db.selectFrom('truck').select(['id', 'signCode']).execute() : [],
    resolves.has('companyName') ? ctx.db.selectFrom('company').select(['code', 'name']).execute() : [],
  ]);
  const plateOf = new Map(plates.map((truck) => [Number(truck.id), truck.signCode]));
  const nameOf = new Map(companyNames.map((company) => [company.code, company.name]));
  const shareIndex = plan.finish.find((finish) => finish.kind === 'share');
  let counted = 0;
  if (shareIndex?.kind === 'share') for (const group of groups.values()) counted += group.parts[shareIndex.index] ?? 0;

  const rows: Record<string, ReportCell>[] = [];
  for (const group of groups.values()) {
    const row: Record<string, ReportCell> = {};
    let known = true;
    def.columns.forEach((column: ReportColumn, index) => {
      const finish = plan.finish[index];
      if (!finish) return;
      switch (finish.kind) {
        case 'key': {
          const cell = group.keys[finish.index] ?? null;
          if (finish.resolve === 'signCode') {
            // The plain query joins the truck: a deleted truck's events are in no group.
            const plate = plateOf.get(Number(cell));
            if (plate === undefined) known = false;
            row[column.key] = plate ?? null;
          } else if (finish.resolve === 'companyName') {
            const name = nameOf.get(String(cell));
            if (name === undefined) known = false;
            row[column.key] = name ?? null;
          } else {
            row[column.key] = cell;
          }
          return;
        }
        case 'part':
          row[column.key] = group.parts[finish.index] ?? null;
          return;
        case 'ratio': {
          const [numerator, denominator] = [group.parts[finish.numerator] ?? null, group.parts[finish.denominator] ?? null];
          row[column.key] = numerator === null || denominator === null || denominator === 0 ? null : numerator / denominator;
          return;
        }
        case 'share':
          row[column.key] = counted === 0 ? null : (group.parts[finish.index] ?? 0) / counted;
          return;
        case 'distinctTrucks':
          row[column.key] = group.trucks?.size ?? 0;
          return;
      }
    });
    if (known) rows.push(row);
  }

  const key = query.sort ?? def.sort.key;
  const direction = (query.sort ? query.order : def.sort.order) === 'asc' ? 1 : -1;
  const ties = def.columns.filter((column) => column.key !== key && !aggregated(column)).map((column) => column.key);
  // Compared on arrays of the sort values, read once per row rather than once per comparison.
  const nullsHigh = ctx.kind === 'postgres';
  const sortKeys = [key, ...ties];
  const decorated = rows.map((row) => ({ row, values: sortKeys.map((column) => row[column] ?? null) }));
  const before = (a: (typeof decorated)[number], b: (typeof decorated)[number]): number => {
    const first = compareCells(a.values[0] ?? null, b.values[0] ?? null, nullsHigh) * direction;
    if (first !== 0) return first;
    for (let index = 1; index < sortKeys.length; index += 1) {
      const next = compareCells(a.values[index] ?? null, b.values[index] ?? null, nullsHigh);
      if (next !== 0) return next;
    }
    return 0;
  };
  return {
    rows,
    first(count) {
      // A first page of thousands of groups (a truck a day) needs only its rows in order: kept in a short sorted list
      // while the rest are passed over, instead of sorting every group.
      let ordered: typeof decorated;
      if (count * 8 >= decorated.length) {
        ordered = [...decorated].sort(before).slice(0, count);
      } else {
        ordered = [];
        for (const entry of decorated) {
          const last = ordered[ordered.length - 1];
          if (ordered.length === count && last && before(entry, last) >= 0) continue;
          let low = 0;
          let high = ordered.length;
          while (low < high) {
            const middle = (low + high) >> 1;
            const probe = ordered[middle];
            if (probe && before(probe, entry) <= 0) low = middle + 1;
            else high = middle;
          }
          ordered.splice(low, 0, entry);
          if (ordered.length > count) ordered.pop();
        }
      }
      return ordered.map(({ row }, index) => ({ ...row, id: index + 1 }));
    },
  };
}
