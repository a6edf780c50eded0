// Computed reports answered from stored days (fence mileage, driver scores), as grouped reports are (day-store.ts): a
// whole past China day's parts are computed once for every company and kept per database handle; the range's two edge
// pieces are computed live for the caller's companies. Parts add up across pieces, so a range is the sum of its days.
// The tables they read only ever gain rows, in id order: each call first reads the rows inserted since the last one and
// drops the days they fall in (and the days a row reaches into, as a fix joins the next day's first segment). Today is
// kept too, up to the last call's end, and grows by what came since: a row timed before that end drops it.
import { DAY_MS } from '../../domain/format/time';
import type { ReportCell } from '../../domain/screens/reports/wire';
import type { Db } from '../db/open';
import { dayOf, dayStart, wholeDaysOf } from './day-plan';
import type { ReportContext } from './report-query';

/** A piece of a computed report over part of a range; parts with the same key merge, their sums adding up. */
export interface Part {
  readonly key: string;
  /** The company whose callers may see it. */
  readonly company: string;
  /** What the part says besides its sums (ids, names): the same in every piece of one key. */
  readonly fields: Readonly<Record<string, ReportCell>>;
  readonly sums: Readonly<Record<string, number>>;
}

/** A table whose new rows change the days they fall in: its id, its time, and the days after that a row reaches. */
interface Watch {
  readonly table: 'position' | 'event' | 'alarm';
  /** Only rows of these event kinds count (events). */
  readonly kinds?: readonly string[];
  /** Days before and after a row's own that it changes: an alarm belongs to a shift that may have begun the day before. */
  readonly reach: { readonly before: number; readonly after: number };
}

export interface DailyCompute {
  readonly id: string;
  readonly watch: readonly Watch[];
  /** A text that changes when something besides new rows changes every day (a fence's shape): all days are dropped. */
  version?(ctx: ReportContext): Promise<string>;
  /** The parts of [from, to]: every company's for a stored day, these companies' for a live edge. */
  parts(ctx: ReportContext, from: number, to: number, companies: readonly string[] | 'all'): Promise<Part[]>;
}

const TABLE_ID = { position: 'id', event: 'id', alarm: 'seq' } as const;
const TABLE_TIME = { position: 'time', event: 'startTime', alarm: 'startTime' } as const;
/** Days of every compute a database handle keeps, at most. */
const MAX_STORED_DAYS = 2_000;
/** Edge pieces of past days each compute keeps, the latest. */
const MAX_STORED_EDGES = 64;
/** Days back from now each compute stores after a start. */
const STORED_AT_START_DAYS = 31;

/** Today's parts from its start up to `upTo` (the last call's end). */
interface OpenDay {
  readonly day: number;
  readonly upTo: number;
  readonly parts: readonly Part[];
}

interface Stored {
  version: string | undefined;
  readonly days: Map<number, readonly Part[]>;
  open: OpenDay | undefined;
  /** Bumped whenever `open` is dropped: a call that read it before may not store what it made of it. */
  epoch: number;
  /** A past day's piece a range began inside, by its bounds and companies: the grid's page, totals and next page ask again. */
  readonly edges: Map<string, { readonly day: number; readonly parts: readonly Part[] }>;
}

interface Store {
  /** The highest id read of each watched table; rows above it are new. */
  readonly seen: Map<Watch['table'], number>;
  generation: number;
  readonly computes: Map<string, Stored>;
}

const stores = new WeakMap<Db, Store>();

function storeOf(db: Db): Store {
  let store = stores.get(db);
  if (!store) {
    store = { seen: new Map(), generation: 0, computes: new Map() };
    stores.set(db, store);
  }
  return store;
}

function storedOf(store: Store, compute: DailyCompute): Stored {
  let stored = store.computes.get(compute.id);
  if (!stored) {
    stored = { version: undefined, days: new Map(), open: undefined, epoch: 0, edges: new Map() };
    store.computes.set(compute.id, stored);
  }
  return stored;
}

/** Drops the days the rows inserted since the last call fall in, for every compute watching their table. */
async function dropChangedDays(ctx: ReportContext, store: Store, computes: readonly DailyCompute[]): Promise<void> {
  const tables = new Set(computes.flatMap((compute) => compute.watch.map((watch) => watch.table)));
  for (const table of tables) {
    const id = TABLE_ID[table];
    const seen = store.seen.get(table);
    if (seen === undefined) {
      const top = await ctx.db.selectFrom(table).select((eb) => eb.fn.max(id).as('top')).executeTakeFirst();
      store.seen.set(table, Number(top?.top ?? 0));
      continue;
    }
    const select = table === 'event' ? [id, TABLE_TIME[table], 'kind'] as const : [id, TABLE_TIME[table]] as const;
    const fresh = await ctx.db.selectFrom(table).select(select).where(id, '>', seen).orderBy(id).execute();
    if (fresh.length === 0) continue;
    store.generation += 1;
    let top = seen;
    for (const row of fresh as readonly Record<string, unknown>[]) {
      top = Math.max(top, Number(row[id]));
      const time = Number(row[TABLE_TIME[table]]);
      const day = dayOf(time);
      for (const compute of computes) {
        const stored = store.computes.get(compute.id);
        if (!stored) continue;
        for (const watch of compute.watch) {
          if (watch.table !== table || (watch.kinds && !watch.kinds.includes(String(row['kind'])))) continue;
          for (let d = day - watch.reach.before; d <= day + watch.reach.after; d += 1) stored.days.delete(d);
          for (const [key, edge] of stored.edges) if (edge.day >= day - watch.reach.before && edge.day <= day + watch.reach.after) stored.edges.delete(key);
          // Today grows by rows timed after its end; one from before it (a late one, or a day it reaches into) drops it.
          const open = stored.open;
          if (open && open.day >= day - watch.reach.before && open.day <= day + watch.reach.after && (day !== open.day || time <= open.upTo)) {
            stored.open = undefined;
            stored.epoch += 1;
          }
        }
      }
    }
    store.seen.set(table, top);
  }
}

/** The stored parts of the whole days [first, last], computing the missing ones (a day per read). */
async function wholeDays(ctx: ReportContext, store: Store, compute: DailyCompute, first: number, last: number): Promise<Part[]> {
  const stored = storedOf(store, compute);
  const parts: Part[] = [];
  for (let day = first; day <= last; day += 1) {
    let kept = stored.days.get(day);
    if (!kept) {
      const generation = store.generation;
      kept = await compute.parts(ctx, dayStart(day), dayStart(day + 1) - 1, 'all');
      // A day computed while new rows arrived may miss them: it answers this call but is not kept.
      if (generation === store.generation) stored.days.set(day, kept);
    }
    parts.push(...kept);
  }
  evict(store);
  return parts;
}

function evict(store: Store): void {
  let size = 0;
  for (const { days } of store.computes.values()) size += days.size;
  while (size > MAX_STORED_DAYS) {
    let largest: Map<number, readonly Part[]> | undefined;
    for (const { days } of store.computes.values()) if (!largest || days.size > largest.size) largest = days;
    if (!largest || largest.size === 0) return;
    largest.delete(Math.min(...largest.keys()));
    size -= 1;
  }
}

async function checkVersion(ctx: ReportContext, store: Store, compute: DailyCompute): Promise<void> {
  if (!compute.version) return;
  const stored = storedOf(store, compute);
  const version = await compute.version(ctx);
  if (stored.version !== version) {
    stored.days.clear();
    stored.edges.clear();
    stored.open = undefined;
    stored.epoch += 1;
    stored.version = version;
    store.generation += 1;
  }
}

/**
 * The parts of [startTime, endTime] of these companies, merged by key: stored whole days and live edges. The caller
 * filters further (a plate) and turns them into rows.
 */
export async function dailyParts(ctx: ReportContext, compute: DailyCompute, startTime: number, endTime: number, companies: readonly string[]): Promise<Part[]> {
  if (companies.length === 0 || endTime < startTime) return [];
  const store = storeOf(ctx.db);
  await dropChangedDays(ctx, store, [compute]);
  await checkVersion(ctx, store, compute);
  const [firstWhole, lastWhole] = wholeDaysOf(startTime, endTime);
  const pieces: Part[] = [];
  if (firstWhole > lastWhole) {
    pieces.push(...(await compute.parts(ctx, startTime, endTime, companies)));
  } else {
    if (startTime < dayStart(firstWhole)) pieces.push(...(await pastEdge(ctx, store, compute, startTime, dayStart(firstWhole) - 1, companies)));
    if (endTime >= dayStart(lastWhole + 1)) {
      const today = lastWhole + 1 === dayOf(ctx.now);
      pieces.push(...(today ? await openDay(ctx, store, compute, lastWhole + 1, endTime) : await compute.parts(ctx, dayStart(lastWhole + 1), endTime, companies)));
    }
    pieces.push(...(await wholeDays(ctx, store, compute, firstWhole, lastWhole)));
  }
  return merged(pieces, new Set(companies));
}

/** Parts merged by key, their sums added; only those of these companies when given. */
function merged(pieces: readonly Part[], visible?: ReadonlySet<string>): Part[] {
  // A part met once is kept as it is (most keys of a list are met once); a second one of its key makes a copy to add to.
  const byKey = new Map<string, Part | { readonly key: string; readonly company: string; readonly fields: Part['fields']; readonly sums: Record<string, number>; readonly owned: true }>();
  for (const part of pieces) {
    if (visible && !visible.has(part.company)) continue;
    const found = byKey.get(part.key);
    if (!found) {
      byKey.set(part.key, part);
      continue;
    }
    const sums: Record<string, number> = 'owned' in found ? found.sums : { ...found.sums };
    for (const name in part.sums) sums[name] = (sums[name] ?? 0) + (part.sums[name] ?? 0);
    if (!('owned' in found)) byKey.set(part.key, { key: found.key, company: found.company, fields: found.fields, sums, owned: true });
  }
  return [...byKey.values()];
}

/** The piece of a past day a range began inside, kept until a row changes its day. */
async function pastEdge(ctx: ReportContext, store: Store, compute: DailyCompute, from: number, to: number, companies: readonly string[]): Promise<readonly Part[]> {
  const stored = storedOf(store, compute);
  const key = `${from}:${to}:${companies.join(',')}`;
  const kept = stored.edges.get(key);
  if (kept) return kept.parts;
  const generation = store.generation;
  const parts = await compute.parts(ctx, from, to, companies);
  if (generation === store.generation) {
    stored.edges.set(key, { day: dayOf(from), parts });
    for (const oldest of stored.edges.keys()) {
      if (stored.edges.size <= MAX_STORED_EDGES) break;
      stored.edges.delete(oldest);
    }
  }
  return parts;
}

/** Today's parts from its start to `endTime`: the stored ones up to the last call's end, and every company's since. */
async function openDay(ctx: ReportContext, store: Store, compute: DailyCompute, day: number, endTime: number): Promise<readonly Part[]> {
  const stored = storedOf(store, compute);
  const open = stored.open?.day === day && stored.open.upTo <= endTime ? stored.open : undefined;
  const epoch = stored.epoch;
  const since = open ? open.upTo + 1 : dayStart(day);
  const fresh = since <= endTime ? await compute.parts(ctx, since, endTime, 'all') : [];
  const parts = open ? merged([...open.parts, ...fresh]) : fresh;
  if (stored.epoch === epoch && (!stored.open || stored.open.upTo <= endTime)) stored.open = { day, upTo: endTime, parts };
  return parts;
}

/** Stores the last month's days of these computes, a week per step, so a first caller after a start waits for none. */
export async function storeDailyParts(db: Db, kind: ReportContext['kind'], computes: readonly DailyCompute[], now = Date.now()): Promise<number> {
  const ctx: ReportContext = { db, kind, companyCodes: [], now };
  const store = storeOf(db);
  await dropChangedDays(ctx, store, computes);
  const [first, last] = wholeDaysOf(now - STORED_AT_START_DAYS * DAY_MS, now);
  for (const compute of computes) {
    await checkVersion(ctx, store, compute);
    for (let from = first; from <= last; from += 7) await wholeDays(ctx, store, compute, from, Math.min(last, from + 6));
  }
  return storedDailyDays(db);
}

/** How many days of computed reports this database handle keeps (diagnostics). */
export function storedDailyDays(db: Db): number {
  let size = 0;
  for (const { days } of stores.get(db)?.computes.values() ?? []) size += days.size;
  return size;
}
