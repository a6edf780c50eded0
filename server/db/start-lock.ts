// Serialises instances' start-up on one PostgreSQL database (migrating, first-start seeding), so two instances
// first-starting together on an empty database neither race nor crash: the second waits, then finds it all done.
import pg from 'pg';
import type { DbDriver } from './open';

/** An arbitrary constant naming the start-up lock among the database's advisory locks. */
export const START_LOCK_KEY = 7_271_031_216;

/** Where a start that has to wait says so: once, naming who holds the lock, so a stuck holder can be found. */
type StartWaitLog = (message: string) => void;

/** Runs `work` while holding the start lock. SQLite needs none: one instance serves an embedded file. */
export async function underStartLock<T>(driver: DbDriver, work: () => Promise<T>, onWait: StartWaitLog = (m) => console.log(m)): Promise<T> {
  if (driver.kind === 'sqlite') return work();
  // Its own connection without the pool's statement timeout: waiting for another instance's migration may take longer.
  const client = new pg.Client({ ...driver.pool.options, statement_timeout: 0, query_timeout: undefined });
  client.on('error', () => undefined);
  await client.connect();
  try {
    const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [START_LOCK_KEY]);
    if (!rows[0]?.locked) {
      onWait(`Waiting for another instance to finish migrating and seeding the database (held by ${await holderOf(client)})…`);
      await client.query('select pg_advisory_lock($1)', [START_LOCK_KEY]);
    }
    return await work();
  } finally {
    // Ending the session frees the lock as well.
    await client.end().catch(() => undefined);
  }
}

/**
 * The session holding this database's start lock (advisory locks are per database), as pg_stat_activity knows it. A
 * bigint key is stored as two 32-bit halves.
 */
async function holderOf(client: pg.Client): Promise<string> {
  const { rows } = await client.query<{ pid: number; addr: string | null; app: string }>(
    `select a.pid, host(a.client_addr) as addr, a.application_name as app
       from pg_locks l join pg_stat_activity a on a.pid = l.pid
      where l.locktype = 'advisory' and l.granted and l.objsubid = 1
        and l.database = (select oid from pg_database where datname = current_database())
        and l.classid::bigint = $1 and l.objid::bigint = $2
      limit 1`,
    [Math.floor(START_LOCK_KEY / 2 ** 32), START_LOCK_KEY % 2 ** 32],
  );
  const holder = rows[0];
  if (!holder) return 'a session that has just let go';
  return `PostgreSQL backend ${holder.pid}${holder.addr ? ` from ${holder.addr}` : ''}${holder.app ? `, ${holder.app}` : ''}`;
}
