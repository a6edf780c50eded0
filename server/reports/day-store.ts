// The grouped reports' stored days, per database handle: kept in memory, dropped when events of their kinds and days are
// inserted (an id watermark, see day-partials.ts), stored for the default ranges after a start, bounded in size.
import { DAY_MS } from '../../domain/format/time';
import { REPORT_DEFS, reportId } from '../../domain/screens/reports/registry';
import type { Db } from '../db/open';
import type { DbKind } from '../db/target';
import { dayOf, dayStart, isDayGrouped, partialRows, planOf, wholeDaysOf, type DayGroupedDef, type PartialRow, type Plan } from './day-plan';
import type { ReportContext } from './report-query';
import { DRIVER_EVENTS, DRIVER_SCORES } from './computed/driver-score';
import { FENCE_MILEAGE } from './computed/fence-mileage';
import { storeDailyParts, storedDailyDays } from './daily-parts';
import { queryRange } from './report-sql';
import { valueSql, type ValueSql } from './sql-values';

const MAX_CACHED_DAYS = 20_000;
/** Days back from now every grouped report stores at a start, beside its default range. */
const STORED_AT_START_DAYS = 31;

interface StoredReport {
  readonly kinds: readonly string[];
  readonly days: Map<number, readonly PartialRow[]>;
}

interface DayCache {
  /** The highest event id read; events above it are new. Undefined until the first call. */
  seen: number | undefined;
  /** Bumped whenever new events dropped days: a day computed across a bump may miss them and is not kept. */
  generation: number;
  /** report id (path, and tab) → its event kinds, and China day → that day's groups. */
  readonly reports: Map<string, StoredReport>;
  size: number;
  /** The default ranges' days were stored after the start (storeDefaultDays). */
  ready: boolean;
}

// Per database handle: each server (and each test's server) has its own, and a second instance on the same database
// keeps its own, right by the same id watermark.
const caches = new WeakMap<Db, DayCache>();

export function cacheOf(db: Db): DayCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = { seen: undefined, generation: 0, reports: new Map(), size: 0, ready: false };
    caches.set(db, cache);
  }
  return cache;
}

/** Drops the stored days that events inserted since the last call fall in. */
export async function dropChangedDays(ctx: ReportContext, cache: DayCache): Promise<void> {
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

/** The stored groups of the whole days [first, last], computing the missing ones in one query. */
export async function wholeDays(
  ctx: ReportContext, cache: DayCache, values: ValueSql, def: DayGroupedDef, plan: Plan, first: number, last: number,
): Promise<(readonly PartialRow[])[]> {
  let report = cache.reports.get(reportId(def));
  if (!report) {
    report = { kinds: def.source.kinds, days: new Map() };
    cache.reports.set(reportId(def), report);
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

/**
 * Stores the whole days of every grouped report's default range, one report after another, then the last month of the
 * computed reports that keep days, so that the first caller after a start does not wait for a month or a year of events
 * to be read (each report's first call would, 0.2–0.6 s over 1,000,000 events; fence mileage over a month's fixes, 4 s).
 */
export async function storeDefaultDays(db: Db, kind: DbKind, now = Date.now()): Promise<number> {
  const ctx: ReportContext = { db, kind, companyCodes: [], now };
  const cache = cacheOf(db);
  const values = valueSql(kind, 'event');
  await dropChangedDays(ctx, cache);
  for (const def of REPORT_DEFS) {
    if (!isDayGrouped(def)) continue;
    const { startTime, endTime } = queryRange(ctx, def, { page: 1, size: 1 });
    if (startTime === undefined || endTime === undefined) continue;
    // The default range and the last month: a range picked from the presets (last 30 days) is answered from them too.
    const [first, last] = wholeDaysOf(Math.min(startTime, now - STORED_AT_START_DAYS * DAY_MS), endTime);
    // A week per query: on SQLite a query holds the event loop, and sockets and calls wait no longer than a week's read.
    const plan = planOf(values, def);
    for (let from = first; from <= last; from += 7) await wholeDays(ctx, cache, values, def, plan, from, Math.min(last, from + 6));
  }
  // The computed reports that keep days of their own (fence mileage, driver scores): their last month.
  await storeDailyParts(db, kind, [FENCE_MILEAGE, DRIVER_SCORES, DRIVER_EVENTS], now);
  cache.ready = true;
  return storedDays(db).days;
}

/** How many report days this server holds, and whether the default ranges' ones are all in (diagnostics). */
export function storedDays(db: Db): { readonly days: number; readonly ready: boolean } {
  const cache = caches.get(db);
  return { days: (cache?.size ?? 0) + storedDailyDays(db), ready: cache?.ready ?? false };
}
