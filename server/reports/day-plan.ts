// What a grouped report stores per China day (server/reports/day-partials.ts): the plan that turns a definition into
// group keys and combinable aggregate parts, and the query that reads those groups for a range of events.
import { sql, type RawBuilder } from 'kysely';
import { CHINA_OFFSET_MS, DAY_MS } from '../../domain/format/time';
import type { GroupedSource, ReportDef, ValueSource } from '../../domain/screens/reports/definition';
import type { ReportCell } from '../../domain/screens/reports/wire';
import type { ReportContext } from './report-query';
import { cellOf, fromWhere, isGroupKey, typeOf, usesHandling } from './report-sql';
import type { ValueSql } from './sql-values';

type Expr = RawBuilder<unknown>;

/** One stored part of an aggregate and how parts of several days combine. */
export interface Part {
  readonly sql: Expr;
  readonly combine: 'sum' | 'min' | 'max';
}

/** How a column's final value is made from its parts (indexes into the partial row's parts). */
type Finish =
  | { readonly kind: 'key'; readonly index: number; readonly resolve?: 'signCode' | 'companyName' }
  | { readonly kind: 'part'; readonly index: number }
  | { readonly kind: 'ratio'; readonly numerator: number; readonly denominator: number }
  | { readonly kind: 'share'; readonly index: number }
  | { readonly kind: 'distinctTrucks' }
  /** Made from the finished cells (a score). */
  | { readonly kind: 'derived' };

export interface Plan {
  readonly keys: readonly Expr[];
  readonly parts: readonly Part[];
  readonly finish: readonly Finish[];
  /** distinctTrucks needs the truck of every partial row; other reports group without it (fewer rows per day). */
  readonly byTruck: boolean;
}

/** A group of one day: its company, its truck (when the plan keeps it), its key cells and its aggregate parts. */
export interface PartialRow {
  /** The key cells as one string, made once when the row is read (a stored row is merged on every call). */
  readonly key: string;
  readonly company: string;
  readonly truck: number | undefined;
  readonly keys: readonly ReportCell[];
  readonly parts: readonly (number | null)[];
}

export function planOf(values: ValueSql, def: ReportDef): Plan {
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
          numerator: part(sql`sum(${values.value(value.numerator)}) * ${sql.lit(value.scale ?? 1)}`, 'sum'),
          denominator: part(sql`sum(${values.value(value.denominator)})`, 'sum'),
        };
      case 'score':
      case 'reasons':
        return { kind: 'derived' };
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

export type DayGroupedDef = ReportDef & { readonly source: GroupedSource };

/** Grouped reports over events that no operator's handling changes: their days can be stored. */
export function isDayGrouped(def: ReportDef): def is DayGroupedDef {
  return def.source.type === 'groups' && !usesHandling(def);
}

/** China days are numbered from the epoch; day d covers [d·DAY − 8 h, (d + 1)·DAY − 8 h). */
export const dayOf = (ms: number): number => Math.floor((ms + CHINA_OFFSET_MS) / DAY_MS);
export const dayStart = (day: number): number => day * DAY_MS - CHINA_OFFSET_MS;

/** The first and last China day that lie wholly in [startTime, endTime] (first > last: none). */
export function wholeDaysOf(startTime: number, endTime: number): [number, number] {
  const first = startTime === dayStart(dayOf(startTime)) ? dayOf(startTime) : dayOf(startTime) + 1;
  const last = endTime === dayStart(dayOf(endTime) + 1) - 1 ? dayOf(endTime) : dayOf(endTime) - 1;
  return [first, last];
}

function numberOrNull(value: unknown): number | null {
  if (value === null || value === undefined) return null;
  return Number(value);
}

export async function partialRows(
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
  const keyColumns = def.columns.filter(isGroupKey);
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
