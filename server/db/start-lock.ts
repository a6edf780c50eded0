// Serialises instances' start-up on one PostgreSQL database (migrating, first-start seeding), so two instances
// first-starting together on an empty database neither race nor crash: the second waits, then finds it all done.
import pg from 'pg';
import type { DbDriver } from './open';

/** An arbitrary constant naming the start-up lock among the database's advisory locks. */
const START_LOCK_KEY = 7_271_031_216;

/** Runs `work` while holding the start lock. SQLite needs none: one instance serves an embedded file. */
export async function underStartLock<T>(driver: DbDriver, work: () => Promise<T>): Promise<T> {
  if (driver.kind === 'sqlite') return work();
  // Its own connection without the pool's statement timeout: waiting for another instance's migration may take longer.
  const client = new pg.Client({ ...driver.pool.options, statement_timeout: 0, query_timeout: undefined });
  client.on('error', () => undefined);
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [START_LOCK_KEY]);
    return await work();
  } finally {
    // Ending the session frees the lock as well.
    await client.end().catch(() => undefined);
  }
}
