// The simulator's per-tick writer for the database in use, behind one TickWriter interface.
import type { Db, DbDriver } from '../db/open';
import { postgresTickWriter } from './live-writer-postgres';
import { sqliteTickWriter } from './live-writer-sqlite';
import type { TickWriter } from './tick-batch';

/** SQLite: prepared statements on the raw handle (the hot path). PostgreSQL: a few batched statements per tick. */
export function tickWriter(db: Db, driver: DbDriver): TickWriter {
  return driver.kind === 'sqlite' ? sqliteTickWriter(db, driver.sqlite) : postgresTickWriter(db);
}
