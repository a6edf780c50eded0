// Alarm seq in commit order on every database: what the alarm socket's lastSeq replay relies on.
import { PostgresAdapter, sql, type Kysely } from 'kysely';
import type { Database } from './schema';

/** The advisory lock key alarm writers share (any constant: it names the lock, nothing else uses it). */
const ALARM_SEQ_LOCK = 7_301_001;

/** One alarm stored at a time per database handle, so this server publishes alarms in seq order. */
const turns = new WeakMap<Kysely<Database>, Promise<unknown>>();

/**
 * Stores an alarm (`store` takes the next seq), then `publish`es it, so that alarms commit and are published in seq
 * order: a reader that sees seq n has seen every seq below it, and a client's lastSeq never skips one still in flight.
 * SQLite has one writer at a time anyway; PostgreSQL hands out identity values before commit, so writers take a
 * transaction-scoped advisory lock, which also orders the writers of other server instances on the same database.
 */
export function inSeqOrder<R, T>(
  db: Kysely<Database>,
  store: (executor: Kysely<Database>) => Promise<R>,
  publish: (stored: R) => T,
): Promise<T> {
  const run = async (): Promise<T> => {
    const stored = db.getExecutor().adapter instanceof PostgresAdapter
      ? await db.transaction().execute(async (trx) => {
        await sql`select pg_advisory_xact_lock(${ALARM_SEQ_LOCK})`.execute(trx);
        return store(trx);
      })
      : await store(db);
    return publish(stored);
  };
  const turn = (turns.get(db) ?? Promise.resolve()).then(run);
  turns.set(db, turn.catch(() => undefined));
  return turn;
}
