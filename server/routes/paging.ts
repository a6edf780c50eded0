// One way every list pages (the shell's lists, entities, reports): the page and size a query carries and their bounds,
// the rows a page skips, and one page read as its rows with the list's total or with whether more rows follow.
import { sql, type SelectQueryBuilder } from 'kysely';
import { REPORT_PAGE } from '../../domain/screens/reports/query';
import { isRecord } from '../../domain/wire/guards';
import { PAGE_LIMITS, type PageQuery, type Paged } from '../../domain/wire/records';

/** What a page tells besides its rows, by the name a list's paging gives it. */
interface PageAnswers<Row> {
  /** How many rows the whole list holds: a count per page, cheap for lists of thousands. */
  readonly total: Paged<Row>;
  /** Whether rows follow: one row more is read instead of counting them all (a report may match millions). */
  readonly hasMore: { readonly rows: readonly Row[]; readonly hasMore: boolean };
}

type PageAnswer = keyof PageAnswers<unknown>;

/** How a list pages: what differs between lists, the rest is this file's. */
interface Paging<A extends PageAnswer = PageAnswer> {
  /** The most rows a page holds. */
  readonly maxSize: number;
  /** The rows of a page when the query names no size. */
  readonly defaultSize: number;
  /**
   * How a larger page is refused: by the query's schema (Fastify's 400), or by the list's own message in the caller's
   * language ('report.error.pageSize', as the console's own check words it), which the schema then lets through.
   */
  readonly tooLarge: 'schema' | 'message';
  readonly answers: A;
}

/** The shell's lists (shell spec §7: alarm history, heartbeats, fence approval, sends). */
export const LIST_PAGING: Paging<'total'> = { maxSize: PAGE_LIMITS.maxSize, defaultSize: PAGE_LIMITS.defaultSize, tooLarge: 'schema', answers: 'total' };
/** Design: an entity's list page holds at most 1,000 rows, as a report page does. */
export const ENTITY_PAGING: Paging<'total'> = { maxSize: 1000, defaultSize: 50, tooLarge: 'message', answers: 'total' };
/**
 * A report's page; its total is a call of its own (the grid shows rows before the count is done). A page too large is
 * refused by the domain's queryProblem, which the console runs before it asks.
 */
export const REPORT_PAGING: Paging<'hasMore'> = { ...REPORT_PAGE, tooLarge: 'message', answers: 'hasMore' };

/** Larger than any page may be: a page refused by message reaches the list's check instead of Ajv's. */
const SCHEMA_SIZE_MAX = 1_000_000;

/** The query-string schema of page and size (Fastify fills in the defaults). */
export function pageSchema(paging: Paging) {
  return {
    page: { type: 'integer', minimum: 1, maximum: PAGE_LIMITS.maxPage, default: 1 },
    size: { type: 'integer', minimum: 1, maximum: paging.tooLarge === 'schema' ? paging.maxSize : SCHEMA_SIZE_MAX, default: paging.defaultSize },
  } as const;
}

/** A page too large for a list that refuses it by message, with that message; undefined when the size is fine. */
export function sizeProblem(paging: Paging, size: number): { readonly key: 'report.error.pageSize'; readonly params: { readonly max: number } } | undefined {
  return paging.tooLarge === 'message' && size > paging.maxSize ? { key: 'report.error.pageSize', params: { max: paging.maxSize } } : undefined;
}

/** The rows to skip for a page. */
function offsetOf(query: PageQuery): number {
  return (query.page - 1) * query.size;
}

/** Where a page's rows come from. */
export interface PageSource<Row> {
  /** How many rows the list holds. */
  count(): Promise<number>;
  /** At most `limit` rows from `offset` on, in the list's order. */
  slice(offset: number, limit: number): Promise<readonly Row[]>;
}

type PageReaders = { readonly [A in PageAnswer]: <Row>(query: PageQuery, source: PageSource<Row>) => Promise<PageAnswers<Row>[A]> };

const READERS: PageReaders = {
  async total(query, source) {
    const total = await source.count();
    return { rows: await source.slice(offsetOf(query), query.size), total };
  },
  async hasMore(query, source) {
    const rows = await source.slice(offsetOf(query), query.size + 1);
    return { rows: rows.slice(0, query.size), hasMore: rows.length > query.size };
  },
};

/** One page of a list, answered as its paging says. */
export function readPage<A extends PageAnswer, Row>(paging: Paging<A>, query: PageQuery, source: PageSource<Row>): Promise<PageAnswers<Row>[A]> {
  return READERS[paging.answers](query, source);
}

/**
 * The `total` of a count row: COUNT(*) comes back as a number from SQLite and as a bigint string from PostgreSQL. Read
 * at run time, because over generic tables Kysely cannot name the row's type.
 */
export function countOf(row: unknown): number {
  const total = isRecord(row) ? row['total'] : undefined;
  return typeof total === 'number' || typeof total === 'string' || typeof total === 'bigint' ? Number(total) : 0;
}

/** A query's rows as a page source: counted as `rows` filters them, read as `ordered` selects and orders them. */
export function querySource<DB, TB extends keyof DB, O, Row>(
  rows: SelectQueryBuilder<DB, TB, O>,
  ordered: SelectQueryBuilder<DB, TB, Row>,
): PageSource<Row> {
  return {
    count: async () => countOf(await rows.clearSelect().select(sql<number>`count(*)`.as('total')).executeTakeFirst()),
    slice: (offset, limit) => ordered.limit(limit).offset(offset).execute(),
  };
}
