// Bulk inserts and upserts for seeding, backfill and batched ticks: multi-row INSERTs in chunks below the bound-variable
// limit, their text compiled by Kysely once per chunk shape, so placeholders and quoting follow the dialect.
import { CompiledQuery, sql, type Insertable, type Kysely } from 'kysely';
import type { Database, TableName } from '../db/schema';

export type SqlValue = string | number | null;

/** The database or a transaction on it. */
type Executor = Kysely<Database>;

/** SQLite's historical default limit; newer builds allow more, but 999 works everywhere (PostgreSQL's is 65,535). */
const MAX_VARIABLES = 999;

type ColumnOf<T extends TableName> = keyof Insertable<Database[T]> & string;

interface InsertOptions<T extends TableName> {
  /** Upsert: a row whose `upsertOn` value exists overwrites that row's other columns instead. */
  readonly upsertOn?: ColumnOf<T>;
}

/** The statement for `rowCount` rows; names are camelCase here and snake_case in SQL (the CamelCasePlugin). */
function insertText<T extends TableName>(
  executor: Executor,
  table: T,
  columns: readonly ColumnOf<T>[],
  rowCount: number,
  upsertOn: ColumnOf<T> | undefined,
): string {
  const tuple = sql`(${sql.join(columns.map(() => sql.val(null)))})`;
  const insert = sql`insert into ${sql.table(table)} (${sql.join(columns.map((c) => sql.ref(c)))}) values ${sql.join(
    Array.from({ length: rowCount }, () => tuple),
  )}`;
  if (upsertOn === undefined) return insert.compile(executor).sql;
  const updates = columns.filter((c) => c !== upsertOn).map((c) => sql`${sql.ref(c)} = ${sql.ref(`excluded.${c}`)}`);
  return sql`${insert} on conflict (${sql.ref(upsertOn)}) do update set ${sql.join(updates)}`.compile(executor).sql;
}

/**
 * Inserts rows (values in `columns` order) with as few statements as the variable limit allows. The values go to the
 * driver as they are: compiling tens of thousands of rows through Kysely's builder would dominate the time.
 */
export async function insertRows<T extends TableName>(
  executor: Executor,
  table: T,
  columns: readonly ColumnOf<T>[],
  rows: readonly (readonly SqlValue[])[],
  options: InsertOptions<T> = {},
): Promise<void> {
  if (rows.length === 0) return;
  const perChunk = Math.max(1, Math.floor(MAX_VARIABLES / columns.length));
  let fullChunkSql: string | undefined;
  for (let start = 0; start < rows.length; start += perChunk) {
    const chunk = rows.slice(start, start + perChunk);
    const text = chunk.length === perChunk
      ? (fullChunkSql ??= insertText(executor, table, columns, perChunk, options.upsertOn))
      : insertText(executor, table, columns, chunk.length, options.upsertOn);
    const params: SqlValue[] = [];
    for (const row of chunk) {
      if (row.length !== columns.length) throw new Error(`${table}: row has ${row.length} values for ${columns.length} columns`);
      for (const value of row) params.push(value);
    }
    await executor.executeQuery(CompiledQuery.raw(text, params));
  }
}
