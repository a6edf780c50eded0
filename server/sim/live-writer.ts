// The simulator's per-tick writes: one transaction of prepared statements on the raw SQLite handle (the hot path).
import type Database from 'better-sqlite3';
import type { NewAlarm } from '../store/alarms';
import type { SimSink } from './engine';
import type { SimEvent } from './events';
import type { TruckSim } from './truck-sim';

type Position = readonly [truckId: number, time: number, lat: number, lng: number, speed: number, heading: number];
type Heartbeat = readonly [truckId: number, heartTime: number, gpsTime: number, voltage: number];

/** Collects one tick's output; alarms wait until the rows are committed, then go through recordAlarm. */
export class TickBatch implements SimSink {
  readonly positions: Position[] = [];
  readonly events: SimEvent[] = [];
  readonly heartbeats: Heartbeat[] = [];
  readonly alarms: NewAlarm[] = [];

  position(truckId: number, time: number, lat: number, lng: number, speed: number, heading: number): void {
    this.positions.push([truckId, time, lat, lng, speed, heading]);
  }

  event(event: SimEvent): void {
    this.events.push(event);
  }

  heartbeat(truckId: number, heartTime: number, gpsTime: number, voltage: number): void {
    this.heartbeats.push([truckId, heartTime, gpsTime, voltage]);
  }

  alarm(alarm: NewAlarm): void {
    this.alarms.push(alarm);
  }
}

type Writer = (batch: TickBatch, changed: readonly TruckSim[], now: number) => ReadonlySet<number>;

function isForeignKeyError(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}

/**
 * Prepared once; plain SQL with `?` parameters and an upsert both SQLite and PostgreSQL accept. Returns the ids of
 * trucks deleted from the master data meanwhile (their rows fail the foreign key): the caller stops simulating them.
 */
export function liveWriter(sqlite: Database.Database): Writer {
  const upsertLive = sqlite.prepare(
    `INSERT INTO truck_live (truck_id, status, alarm, gps_time, status_time, speed, area, lat, lng, heading, inventory, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (truck_id) DO UPDATE SET status = excluded.status, alarm = excluded.alarm, gps_time = excluded.gps_time,
       status_time = excluded.status_time, speed = excluded.speed, area = excluded.area, lat = excluded.lat, lng = excluded.lng,
       heading = excluded.heading, inventory = excluded.inventory, updated_at = excluded.updated_at`,
  );
  const insertPosition = sqlite.prepare('INSERT INTO position (truck_id, time, lat, lng, speed, heading) VALUES (?, ?, ?, ?, ?, ?)');
  const insertEvent = sqlite.prepare('INSERT INTO event (truck_id, company_code, kind, start_time, end_time, data) VALUES (?, ?, ?, ?, ?, ?)');
  const insertHeartbeat = sqlite.prepare('INSERT INTO heartbeat (truck_id, heart_time, gps_time, voltage) VALUES (?, ?, ?, ?)');

  return sqlite.transaction((batch: TickBatch, changed: readonly TruckSim[], now: number) => {
    const gone = new Set<number>();
    // A failed statement undoes only itself; the rest of the tick still commits.
    const guarded = (truckId: number, write: () => unknown): void => {
      if (gone.has(truckId)) return;
      try {
        write();
      } catch (error) {
        if (!isForeignKeyError(error)) throw error;
        gone.add(truckId);
      }
    };
    for (const t of changed) {
      const s = t.shown;
      guarded(t.spec.id, () =>
        upsertLive.run(t.spec.id, t.status, t.alarmText, t.gpsTime, t.statusTime, s.speed, s.area, s.lat, s.lng, s.heading, JSON.stringify(s.tanks), now),
      );
    }
    for (const p of batch.positions) guarded(p[0], () => insertPosition.run(...p));
    for (const e of batch.events) {
      guarded(e.truckId, () => insertEvent.run(e.truckId, e.companyCode, e.kind, e.startTime, e.endTime, JSON.stringify(e.data)));
    }
    for (const h of batch.heartbeats) guarded(h[0], () => insertHeartbeat.run(...h));
    return gone;
  });
}
