// Rows a report holds in memory (groups merged from stored days, computed rows, derived scores) and their order: the
// same as the plain query's, so a page answered either way is the same page.
import { isDerived, type ReportDef } from '../../domain/screens/reports/definition';
import type { ReportQuery } from '../../domain/screens/reports/query';
import { withDerived } from '../../domain/screens/reports/scores';
import type { ReportCell, ReportRow } from '../../domain/screens/reports/wire';
import type { DbKind } from '../db/target';
import { isGroupKey } from './report-sql';

export type Cells = Readonly<Record<string, ReportCell>>;

/** Every row of a query: their count and cells, and the first of them in the query's order. */
export interface RowSet {
  /** In no order; without ids, and without derived cells unless they order the rows. */
  readonly rows: readonly Cells[];
  /** The first `count` rows in the query's order, numbered from 1 as the plain query numbers them. */
  first(count: number): ReportRow[];
}

/** The plain query's order: text by code point ("C"), nulls below every value on SQLite and above on PostgreSQL. */
function compareCells(a: ReportCell, b: ReportCell, nullsHigh: boolean): number {
  if (a === b) return 0;
  if (a === null) return nullsHigh ? 1 : -1;
  if (b === null) return nullsHigh ? -1 : 1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  const [x, y] = [String(a), String(b)];
  return x < y ? -1 : x > y ? 1 : 0;
}

/** Rows in the query's order; their derived cells (scores) are made for all of them only when one orders them. */
export function rowSet(kind: DbKind, def: ReportDef, query: ReportQuery, given: readonly Cells[]): RowSet {
  const key = query.sort ?? def.sort.key;
  const derive = def.columns.some((column) => isDerived(column.value));
  const derivedOrder = def.columns.some((column) => column.key === key && isDerived(column.value));
  const rows = derivedOrder ? given.map((row) => withDerived(def.columns, { ...row })) : given;
  const direction = (query.sort ? query.order : def.sort.order) === 'asc' ? 1 : -1;
  // Ties go by the key columns, ascending, as the plain grouped query breaks them.
  const ties = def.columns.filter((column) => column.key !== key && isGroupKey(column)).map((column) => column.key);
  const nullsHigh = kind === 'postgres';
  const sortKeys = [key, ...ties];
  // Compared on arrays of the sort values, read once per row rather than once per comparison.
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
      return ordered.map(({ row }, index) => ({ ...(derive && !derivedOrder ? withDerived(def.columns, { ...row }) : row), id: index + 1 }));
    },
  };
}
