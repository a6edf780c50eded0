// PostgreSQL behind Kysely: a pg pool that answers within 5 s when the server is gone, reads int8 as numbers, and
// survives connections dropped under it.
import { PostgresDialect, sql, type Kysely } from 'kysely';
import pg from 'pg';

/** Longest a call waits on the database: for a connection, and for a query's answer. */
const DB_WAIT_MS = 5_000;

/**
 * Epoch milliseconds and ids are int8 (bigint) columns, and COUNT(*) and SUM() answer int8 or numeric; node-postgres
 * reads those as strings, SQLite as numbers. Numbers here are far below 2^53, so both read them as JavaScript numbers.
 */
const NUMERIC_TYPES: ReadonlySet<number> = new Set([pg.types.builtins.INT8, pg.types.builtins.NUMERIC]);

const types: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    NUMERIC_TYPES.has(oid) ? Number : pg.types.getTypeParser(oid, format)) as pg.CustomTypesConfig['getTypeParser'],
};

export interface PostgresLog {
  warn(message: string): void;
}

export function postgresDialect(url: string, log: PostgresLog): { readonly dialect: PostgresDialect; readonly pool: pg.Pool } {
  const pool = new pg.Pool({
    connectionString: url,
    connectionTimeoutMillis: DB_WAIT_MS,
    // The server cancels a slow statement itself, cleanly, a little before the client stops waiting for one that
    // never answers (a frozen or unreachable server).
    statement_timeout: DB_WAIT_MS - 500,
    query_timeout: DB_WAIT_MS,
    keepAlive: true,
    types,
  });
  // A connection that fails while idle in the pool, or while a query holds it, emits 'error'; unheard, that event
  // would end the process. The pool drops the broken client, and the query in flight fails on its own.
  pool.on('error', (error) => {
    // A server's goodbye to a connection that was closing anyway (the pool is being ended) is no loss.
    if (!pool.ending) log.warn(`PostgreSQL connection lost: ${error.message}`);
  });
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
  });
  return { dialect: new PostgresDialect({ pool }), pool };
}

/** Bytes of the current database on disk, as PostgreSQL counts them. */
export async function postgresBytes<T>(db: Kysely<T>): Promise<number> {
  const { rows } = await sql<{ bytes: number }>`select pg_database_size(current_database()) as bytes`.execute(db);
  return Number(rows[0]?.bytes ?? 0);
}
