// Bulk inserts for seeding and backfill: multi-row INSERTs in chunks below SQLite's bound-variable limit.
import { CompiledQuery, type Insertable, type Kysely } from 'kysely';
import type { Database, TableName } from '../db/schema';

export type SqlValue = string | number | null;

type Executor = Pick<Kysely<Database>, 'executeQuery'>;

/** SQLite's historical default limit; newer builds allow more, but 999 works everywhere (PostgreSQL too). */
const MAX_VARIABLES = 999;

export function snakeCase(name: string): string {
  return name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

export type ColumnOf<T extends TableName> = keyof Insertable<Database[T]> & string;

/**
 * Inserts rows (values in `columns` order) with as few statements as the variable limit allows.
 * Raw SQL skips Kysely's per-query compilation, which dominates when tens of thousands of rows go in.
 */
export async function insertRows<T extends TableName>(
  executor: Executor,
  table: T,
  columns: readonly ColumnOf<T>[],
  rows: readonly (readonly SqlValue[])[],
): Promise<void> {
  if (rows.length === 0) return;
  const perChunk = Math.max(1, Math.floor(MAX_VARIABLES / columns.length));
  const head = `INSERT INTO ${snakeCase(table)} (${columns.map(snakeCase).join(', ')}) VALUES `;
  const tuple = `(${columns.map(() => '?').join(', ')})`;
  const fullChunkSql = head + Array.from({ length: perChunk }, () => tuple).join(', ');
  for (let start = 0; start < rows.length; start += perChunk) {
    const chunk = rows.slice(start, start + perChunk);
    const text = chunk.length === perChunk ? fullChunkSql : head + chunk.map(() => tuple).join(', ');
    const params: SqlValue[] = [];
    for (const row of chunk) {
      if (row.length !== columns.length) throw new Error(`${table}: row has ${row.length} values for ${columns.length} columns`);
      for (const value of row) params.push(value);
    }
    await executor.executeQuery(CompiledQuery.raw(text, params));
  }
}
