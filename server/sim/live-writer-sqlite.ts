// The simulator's tick on SQLite: one synchronous transaction of prepared statements on the raw handle (the hot path).
import type Database from 'better-sqlite3';
import type { Db } from '../db/open';
import { eventValues, liveRowValues, type TickBatch, type TickWriter } from './tick-batch';
import type { TruckSim } from './truck-sim';

function isForeignKeyError(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}

/** Prepared once; a statement that fails the foreign key (its truck was deleted) undoes only itself. */
export function sqliteTickWriter(db: Db, sqlite: Database.Database): TickWriter {
  const upsertLive = sqlite.prepare(
    `INSERT INTO truck_live (truck_id, status, alarm, gps_time, status_time, speed, area, lat, lng, heading, inventory, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (truck_id) DO UPDATE SET status = excluded.status, alarm = excluded.alarm, gps_time = excluded.gps_time,
       status_time = excluded.status_time, speed = excluded.speed, area = excluded.area, lat = excluded.lat, lng = excluded.lng,
       heading = excluded.heading, inventory = excluded.inventory, updated_at = excluded.updated_at`,
  );
  const insertPosition = sqlite.prepare('INSERT INTO position (truck_id, time, lat, lng, speed, heading, area) VALUES (?, ?, ?, ?, ?, ?, ?)');
  const insertEvent = sqlite.prepare('INSERT INTO event (truck_id, company_code, kind, start_time, end_time, data) VALUES (?, ?, ?, ?, ?, ?)');
  const insertHeartbeat = sqlite.prepare('INSERT INTO heartbeat (truck_id, heart_time, gps_time, voltage) VALUES (?, ?, ?, ?)');

  const write = sqlite.transaction((batch: TickBatch, changed: readonly TruckSim[], now: number) => {
    const gone = new Set<number>();
    const guarded = (truckId: number, run: () => unknown): void => {
      if (gone.has(truckId)) return;
      try {
        run();
      } catch (error) {
        if (!isForeignKeyError(error)) throw error;
        gone.add(truckId);
      }
    };
    for (const t of changed) guarded(t.spec.id, () => upsertLive.run(...liveRowValues(t, now)));
    for (const p of batch.positions) guarded(p[0], () => insertPosition.run(...p));
    for (const e of batch.events) guarded(e.truckId, () => insertEvent.run(...eventValues(e)));
    for (const h of batch.heartbeats) guarded(h[0], () => insertHeartbeat.run(...h));
    return gone;
  });
  // Holding Kysely's connection keeps this raw transaction from landing inside a request's open transaction.
  return (batch, changed, now) => db.connection().execute(async () => write(batch, changed, now));
}
