// Writers whose ids must commit in order on every database: alarm seq (the socket's lastSeq replay), login failures,
// and events (the grouped reports' stored days are dropped by the ids written since they were read); and writers that
// must not interleave: changes of the organisation tree, each checked against the whole tree (server/entities/), and
// a company's threshold history, each row compared with the one before it (server/thresholds/).
import { PostgresAdapter, sql, type Kysely } from 'kysely';
import type { Database } from './schema';

/** Advisory lock keys (any constants: each names one lock, nothing else uses them). */
const LOCKS = { alarmSeq: 7_301_001, authFailure: 7_301_002, event: 7_301_003, organisationTree: 7_301_004 } as const;

type WriteOrder = keyof typeof LOCKS;

/** Advisory lock classes taken per company (the first of two int4 keys; the pair's space is apart from the bigint's). */
const COMPANY_LOCKS = { thresholdHistory: 7_301_101 } as const;

type CompanyWriteOrder = keyof typeof COMPANY_LOCKS;

/**
 * Runs `work` (which inserts rows of generated ids, and may read them) so that writers of the same kind commit one
 * after another: a reader that sees id n has seen every id below it. SQLite has one writer at a time and commits each
 * statement as it runs; PostgreSQL hands out identity values before commit, so writers take a transaction-scoped
 * advisory lock, which also orders the writers of other server instances on the same database.
 */
export async function inWriteOrder<T>(db: Kysely<Database>, order: WriteOrder, work: (executor: Kysely<Database>) => Promise<T>): Promise<T> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return work(db);
  return db.transaction().execute(async (trx) => {
    await takeWriteOrder(trx, order);
    return work(trx);
  });
}

/** The same order for a writer already inside a PostgreSQL transaction: held until it commits. */
export async function takeWriteOrder(trx: Kysely<Database>, order: WriteOrder): Promise<void> {
  if (!(trx.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`select pg_advisory_xact_lock(${LOCKS[order]})`.execute(trx);
}

/** A company code as the second int4 key (FNV-1a): two codes that share one only take turns they need not take. */
function companyKey(companyCode: string): number {
  let hash = 0x811c9dc5;
  for (const byte of new TextEncoder().encode(companyCode)) hash = Math.imul(hash ^ byte, 0x01000193);
  return hash | 0;
}

/**
 * The same order per company, for a writer already inside a PostgreSQL transaction, held until it commits: writers of
 * one company take turns, writers of others do not wait. Taken in the keys' order, so two writers that each name
 * several companies never wait on each other in a circle.
 */
export async function takeCompanyOrder(trx: Kysely<Database>, order: CompanyWriteOrder, companyCodes: readonly string[]): Promise<void> {
  if (!(trx.getExecutor().adapter instanceof PostgresAdapter)) return;
  const keys = [...new Set(companyCodes.map(companyKey))].sort((a, b) => a - b);
  for (const key of keys) await sql`select pg_advisory_xact_lock(${COMPANY_LOCKS[order]}::int4, ${key}::int4)`.execute(trx);
}
