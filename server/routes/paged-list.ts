// The paged list every list route answers (shell spec §7): the caller's companies, the route's filters, an optional
// time range, the order with its tie-break, one page and the total, in the envelope.
import type { FastifyRequest } from 'fastify';
import {
  sql, type ExtractTypeFromStringReference, type OrderByDirection, type SelectQueryBuilder, type SelectType, type StringReference,
} from 'kysely';
import { envelope, type Envelope } from '../../domain/wire/envelope';
import type { PageQuery, Paged } from '../../domain/wire/records';
import { inCompanies } from '../auth/company-scope';
import { failText } from '../envelope';
import { LIST_PAGING, querySource, readPage } from './paging';

interface TimeRange {
  readonly startTime?: number;
  readonly endTime?: number;
}

/** A column of the query's tables whose values are of type T (a company code, a time). */
type ColumnOf<DB, TB extends keyof DB, T> = {
  [R in StringReference<DB, TB>]: SelectType<ExtractTypeFromStringReference<DB, TB, R>> extends T ? R : never;
}[StringReference<DB, TB>] & string;

type OrderTerm<DB, TB extends keyof DB> = readonly [column: StringReference<DB, TB> & string, direction: OrderByDirection];

interface PagedList<DB, TB extends keyof DB, O, Row, Out> {
  /** The rows the route lists (its table, joins and own filters), before companies, range and page. */
  readonly from: SelectQueryBuilder<DB, TB, O>;
  /** The column holding a row's company: only the caller's companies are read. */
  readonly companyColumn: ColumnOf<DB, TB, string>;
  readonly companyCodes: readonly string[];
  /** The column the query's startTime and endTime bound, both ends inclusive; none for a list without a range. */
  readonly timeColumn?: ColumnOf<DB, TB, number>;
  readonly query: PageQuery & TimeRange;
  /** The columns of a listed row. */
  readonly select: (rows: SelectQueryBuilder<DB, TB, O>) => SelectQueryBuilder<DB, TB, Row>;
  /** The order, then at least one tie-break that makes it total, so consecutive pages neither repeat nor skip a row. */
  readonly orderBy: readonly [OrderTerm<DB, TB>, OrderTerm<DB, TB>, ...OrderTerm<DB, TB>[]];
  /** The wire row; undefined leaves a stored row out of the page (it still counts in the total). */
  readonly toWire: (row: Row) => Out | undefined;
}

/** A range whose start lies after its end can match nothing; the caller answers 400 rather than an empty page. */
function isBackwards(range: TimeRange): boolean {
  return range.startTime !== undefined && range.endTime !== undefined && range.startTime > range.endTime;
}

/** Answers one page of a list and the total of its rows, or 400 for a backwards time range. */
export async function pagedList<DB, TB extends keyof DB, O, Row, Out>(
  request: FastifyRequest,
  list: PagedList<DB, TB, O, Row, Out>,
): Promise<Envelope<Paged<Out>> | Envelope<null>> {
  const { query, timeColumn } = list;
  if (isBackwards(query)) return failText(request, 400, 'server.badTimeRange');
  let rows = list.from.where((eb) => inCompanies(eb, list.companyColumn, list.companyCodes));
  if (timeColumn !== undefined && query.startTime !== undefined) rows = rows.where(sql.ref<number>(timeColumn), '>=', query.startTime);
  if (timeColumn !== undefined && query.endTime !== undefined) rows = rows.where(sql.ref<number>(timeColumn), '<=', query.endTime);
  let ordered = list.select(rows);
  for (const [column, direction] of list.orderBy) ordered = ordered.orderBy(column, direction);
  const page = await readPage(LIST_PAGING, query, querySource(rows, ordered));
  return envelope<Paged<Out>>({ rows: page.rows.flatMap((row) => list.toWire(row) ?? []), total: page.total });
}
