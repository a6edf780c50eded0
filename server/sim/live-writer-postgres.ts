// The simulator's tick on PostgreSQL: one transaction of multi-row statements, a few per tick whatever the fleet size.
import type { Db } from '../db/open';
import { takeWriteOrder } from '../db/write-order';
import { eventValues, LIVE_COLUMNS, liveRowValues, POSITION_COLUMNS, type TickWriter } from './tick-batch';
import { insertRows } from './sql';

/**
 * A failed statement aborts a PostgreSQL transaction, so the trucks deleted meanwhile are found first instead: their
 * rows are locked FOR KEY SHARE, so none can be deleted before the tick commits, and the ones missing are left out.
 */
export function postgresTickWriter(db: Db): TickWriter {
  return (batch, changed, now) =>
    db.transaction().execute(async (trx) => {
      const involved = new Set<number>(changed.map((t) => t.spec.id));
      for (const p of batch.positions) involved.add(p[0]);
      for (const e of batch.events) involved.add(e.truckId);
      for (const h of batch.heartbeats) involved.add(h[0]);
      if (involved.size === 0) return new Set<number>();
      if (batch.events.length > 0) await takeWriteOrder(trx, 'event');
      const present = await trx.selectFrom('truck').select('id').where('id', 'in', [...involved]).forKeyShare().execute();
      const gone = new Set(involved);
      for (const { id } of present) gone.delete(id);
      const kept = (truckId: number) => !gone.has(truckId);

      await insertRows(trx, 'truckLive', LIVE_COLUMNS, changed.filter((t) => kept(t.spec.id)).map((t) => liveRowValues(t, now)), {
        upsertOn: 'truckId',
      });
      await insertRows(trx, 'position', POSITION_COLUMNS, batch.positions.filter((p) => kept(p[0])));
      await insertRows(trx, 'event', ['truckId', 'companyCode', 'kind', 'startTime', 'endTime', 'data'], batch.events.filter((e) => kept(e.truckId)).map(eventValues));
      await insertRows(trx, 'heartbeat', ['truckId', 'heartTime', 'gpsTime', 'voltage'], batch.heartbeats.filter((h) => kept(h[0])));
      return gone;
    });
}
