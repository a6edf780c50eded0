// Reports whose rows a server function computes (`computed` sources): the function reads what it needs for the
// caller's companies, plate and range; the select and text filters, derived scores, order and paging are the engine's
// (row-set.ts).
import type { ComputedName, ReportDef } from '../../domain/screens/reports/definition';
import type { ReportQuery } from '../../domain/screens/reports/query';
import type { ReportCell } from '../../domain/screens/reports/wire';
import { driverEventRows, driverScoreRows } from './computed/driver-score';
import { fenceMileageRows, fenceTotalRows } from './computed/fence-mileage';
import { heartbeatOvertimeRows } from './computed/heartbeat-overtime';
import type { ReportContext } from './report-query';
import { companiesOf, queryRange } from './report-sql';
import { rowSet, type Cells, type RowSet } from './row-set';

/** What a computing function is asked for: the companies to read (never others), the plate, the range. */
export interface ComputeInput {
  readonly companies: readonly string[];
  readonly signCode?: string;
  readonly startTime?: number;
  readonly endTime?: number;
  /** The query's select and text filters by key, so a function can read less; the engine applies them again. */
  readonly filters: Readonly<Record<string, string>>;
}

/** A computed row: field → value, as the definition's `computed` columns name them. */
export type ComputedRow = Readonly<Record<string, ReportCell>>;
export type Compute = (ctx: ReportContext, input: ComputeInput) => Promise<readonly ComputedRow[]>;

const COMPUTE: Readonly<Record<ComputedName, Compute>> = {
  heartbeatOvertime: heartbeatOvertimeRows,
  fenceMileage: fenceMileageRows,
  fenceTotals: fenceTotalRows,
  driverScore: driverScoreRows,
  driverEvents: driverEventRows,
};

/** The query's select and text filters that hold a value, by key. */
function chosenFilters(def: ReportDef, query: ReportQuery): Record<string, string> {
  const chosen: Record<string, string> = {};
  for (const filter of def.filters) {
    if (filter.type !== 'select' && filter.type !== 'text') continue;
    const value = String(query[filter.key] ?? '').trim();
    if (value !== '') chosen[filter.key] = value;
  }
  return chosen;
}

/** The query's select and text filters as tests on a computed row. */
function filterTests(def: ReportDef, query: ReportQuery): ((row: ComputedRow) => boolean)[] {
  return def.filters.flatMap((filter) => {
    if (filter.type !== 'select' && filter.type !== 'text') return [];
    const chosen = query[filter.key];
    if (chosen === undefined || String(chosen).trim() === '' || filter.value.from !== 'computed') return [];
    const { field } = filter.value;
    const wanted = String(chosen).trim();
    return [(row: ComputedRow) => String(row[field] ?? '') === wanted];
  });
}

export async function computedRowSet(ctx: ReportContext, def: ReportDef, query: ReportQuery): Promise<RowSet> {
  if (def.source.type !== 'computed') throw new Error(`${def.path} is not a computed report`);
  const companies = companiesOf(ctx, query);
  if (companies.length === 0) return rowSet(ctx.kind, def, query, []);
  const { startTime, endTime } = queryRange(ctx, def, query);
  const signCode = query.signCode?.trim() || undefined;
  const computed = await COMPUTE[def.source.name](ctx, { companies, signCode, startTime, endTime, filters: chosenFilters(def, query) });
  const tests = filterTests(def, query);
  // Each column's field of the computed row; a derived one (a score) is filled in by the row set.
  const fields = def.columns.map((column) => [column.key, column.value.from === 'computed' ? column.value.field : undefined] as const);
  const rows: Cells[] = [];
  for (const row of computed) {
    if (!tests.every((test) => test(row))) continue;
    const cells: Record<string, ReportCell> = {};
    for (const [key, field] of fields) cells[key] = field === undefined ? null : (row[field] ?? null);
    rows.push(cells);
  }
  return rowSet(ctx.kind, def, query, rows);
}
