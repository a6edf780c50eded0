// Grouped reports answered from per-day partial aggregates. A month of trips is tens of thousands of events whose JSON
// every grouped query read again (200–550 ms over 1,000,000 events); a whole past day's groups do not change once its
// events are written, so each is computed once, kept in memory, and only the range's two partial edge days are read
// live. Events are only ever inserted, in id order (see write-order.ts), so a day's partial stays right until an event
// of its kinds with a start time in that day is inserted: every call first reads the events inserted since the last
// call (an index range on the id) and drops the days they fall in. What goes into a day is the same FROM … WHERE as the
// plain query, so both answer the same rows; a query with a plate or a select filter takes the plain query (it reads
// one truck's or a fraction of the events, and the filter's value is not among the groups' keys).
import type { ReportColumn, ReportDef } from '../../domain/screens/reports/definition';
import type { ReportQuery } from '../../domain/screens/reports/query';
import type { ReportCell } from '../../domain/screens/reports/wire';
import { dayStart, isDayGrouped, partialRows, planOf, wholeDaysOf, type DayGroupedDef, type Part, type PartialRow, type Plan } from './day-plan';
import { cacheOf, dropChangedDays, wholeDays } from './day-store';
import type { ReportContext } from './report-query';
import { companiesOf, queryRange } from './report-sql';
import { rowSet, type RowSet } from './row-set';
import { valueSql } from './sql-values';

/** Whether a query of this report is answered from day partials (else the plain grouped query answers it). */
function answersFromDays(ctx: ReportContext, def: ReportDef, query: ReportQuery): def is DayGroupedDef {
  if (!isDayGrouped(def)) return false;
  if (query.signCode?.trim()) return false;
  if (def.filters.some((filter) => filter.type === 'select' && query[filter.key] !== undefined && query[filter.key] !== '')) return false;
  const { startTime, endTime } = queryRange(ctx, def, query);
  return startTime !== undefined && endTime !== undefined && startTime <= endTime;
}

function combine(how: Part['combine'], a: number | null, b: number | null): number | null {
  if (a === null) return b;
  if (b === null) return a;
  if (how === 'sum') return a + b;
  return how === 'min' ? Math.min(a, b) : Math.max(a, b);
}

interface Group {
  readonly keys: readonly ReportCell[];
  /** The first row's own parts until a second row is merged in (most groups of a truck a day have one row). */
  parts: readonly (number | null)[];
  owned: boolean;
  readonly trucks: Set<number> | undefined;
}

/** Every group of the query; undefined when the plain grouped query must answer it. */
export async function groupsFromDays(ctx: ReportContext, def: ReportDef, query: ReportQuery): Promise<RowSet | undefined> {
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

async function finishGroups(ctx: ReportContext, def: ReportDef, query: ReportQuery, plan: Plan, groups: Map<string, Group>): Promise<RowSet> {
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
        case 'derived':
          return;
      }
    });
    if (known) rows.push(row);
  }
  return rowSet(ctx.kind, def, query, rows);
}
