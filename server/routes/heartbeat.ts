// Device heartbeats of the caller's companies: the paged record list and the overtime list (shell spec §6, §7).
import { HEARTBEAT_OVERTIME_MS } from '../../domain/constants';
import { TRUCK_STATUS } from '../../domain/truck-status';
import { envelope } from '../../domain/wire/envelope';
import { HEARTBEAT_QUERY, type HeartbeatOvertimeRow, type HeartbeatRecord } from '../../domain/wire/records';
import { scopedFrom } from '../auth/company-scope';
import { authOf } from '../auth/guard';
import type { Db } from '../db/open';
import { callRoute } from './call-route';
import { pagedList } from './paged-list';
import type { ContractPlugin } from './plugin';
import { querySchema } from './query-schema';

/**
 * Online trucks (status not offline) of these companies whose newest heartbeat is older than `now - overtimeMs`,
 * most overdue first, each with that heartbeat's times. Trucks that never sent one are not listed.
 */
export async function overtimeRows(db: Db, companyCodes: readonly string[], now: number, overtimeMs = HEARTBEAT_OVERTIME_MS): Promise<HeartbeatOvertimeRow[]> {
  // Each online truck's newest heartbeat, found in the (truck, time) index: a lookup per truck, never a read of every
  // heartbeat (millions after a month).
  const newest = await scopedFrom(db, companyCodes, 'truck', 't')
    .innerJoin('truckLive as l', 'l.truckId', 't.id')
    .innerJoin('company as c', 'c.code', 't.companyCode')
    .select((eb) => [
      't.id', 'c.name as companyName', 't.signCode',
      eb.selectFrom('heartbeat as h').select((beat) => beat.fn.max('h.heartTime').as('last')).whereRef('h.truckId', '=', 't.id').as('heartTime'),
    ])
    .where('l.status', '<>', TRUCK_STATUS.offline)
    .execute();
  const overdue = newest.filter((row) => row.heartTime !== null && Number(row.heartTime) < now - overtimeMs);
  const rows = await Promise.all(
    overdue.map(async ({ id, companyName, signCode, heartTime }) => {
      const beat = await db
        .selectFrom('heartbeat')
        .select('gpsTime')
        .where('truckId', '=', id)
        .where('heartTime', '=', Number(heartTime))
        .orderBy('id', 'desc')
        .executeTakeFirst();
      return { companyName, signCode, heartTime: Number(heartTime), gpsTime: Number(beat?.gpsTime ?? heartTime) };
    }),
  );
  return rows.sort((a, b) => a.heartTime - b.heartTime || (a.signCode < b.signCode ? -1 : a.signCode > b.signCode ? 1 : 0));
}

export const heartbeatRoutes: ContractPlugin = async (app, { services }) => {
  const { db } = services;

  // A static path of its own beside the paged list; no parametric /heartBeatInfo/:x route may ever shadow it.
  callRoute(app, 'heartbeatOvertime', { config: { access: '/device_monitor/device_analysis/over_time_heart' } }, async (request) =>
    envelope(await overtimeRows(db, authOf(request).companyCodes, Date.now())),
  );

  callRoute(
    app, 'heartbeatInfo',
    { config: { access: '/device_monitor/device_analysis/heart_beat_info' }, schema: { querystring: querySchema(HEARTBEAT_QUERY) } },
    async (request) => {
      const beats = db
        .selectFrom('heartbeat as h')
        .innerJoin('truck as t', 't.id', 'h.truckId')
        .innerJoin('company as c', 'c.code', 't.companyCode');
      // The plate is picked from the device list, so it is an exact match (an empty one means all trucks).
      const signCode = request.query.signCode?.trim();
      return pagedList(request, {
        from: signCode ? beats.where('t.signCode', '=', signCode) : beats,
        companyColumn: 't.companyCode',
        companyCodes: authOf(request).companyCodes,
        timeColumn: 'h.heartTime',
        query: request.query,
        select: (rows) => rows.select(['c.name as companyName', 't.signCode', 'h.heartTime', 'h.gpsTime', 'h.voltage']),
        orderBy: [['h.heartTime', 'desc'], ['h.id', 'desc']],
        toWire: (row): HeartbeatRecord => row,
      });
    },
  );
};
