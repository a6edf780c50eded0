// A unit of work that runs in a transaction of its own, or in the caller's when it is called inside one: the first
// start's seeding and history fill commit together.
import type { Db } from './open';

export function inTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}
