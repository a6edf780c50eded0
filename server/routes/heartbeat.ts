// Device heartbeats of the caller's companies: the paged record list and the overtime list (shell spec §6, §7).
import { HEARTBEAT_OVERTIME_MS } from '../../src/domain/constants';
import { TRUCK_STATUS } from '../../src/domain/truck-status';
import { envelope } from '../../src/domain/wire/envelope';
import { HEARTBEAT_QUERY, type HeartbeatOvertimeRow, type HeartbeatQuery, type HeartbeatRecord } from '../../src/domain/wire/records';
import { authOf } from '../auth/guard';
import type { Db } from '../db/open';
import { pagedList } from './paged-list';
import type { ContractPlugin } from './plugin';
import { querySchema } from './query-schema';

/**
 * Online trucks (status not offline) of these companies whose newest heartbeat is older than `now - overtimeMs`,
 * most overdue first, each with that heartbeat's times. Trucks that never sent one are not listed.
 */
export async function overtimeRows(db: Db, companyCodes: readonly string[], now: number, overtimeMs = HEARTBEAT_OVERTIME_MS): Promise<HeartbeatOvertimeRow[]> {
  if (companyCodes.length === 0) return [];
  const rows = await db
    .selectFrom((eb) =>
      eb.selectFrom('heartbeat').select((beat) => ['truckId', beat.fn.max('heartTime').as('lastTime')]).groupBy('truckId').as('last'),
    )
    .innerJoin('heartbeat as h', (join) => join.onRef('h.truckId', '=', 'last.truckId').onRef('h.heartTime', '=', 'last.lastTime'))
    .innerJoin('truck as t', 't.id', 'h.truckId')
    .innerJoin('truckLive as l', 'l.truckId', 't.id')
    .innerJoin('company as c', 'c.code', 't.companyCode')
    .select(['t.id', 'c.name as companyName', 't.signCode', 'h.heartTime', 'h.gpsTime'])
    .where('t.companyCode', 'in', companyCodes)
    .where('l.status', '<>', TRUCK_STATUS.offline)
    .where('last.lastTime', '<', now - overtimeMs)
    .orderBy('h.heartTime')
    .orderBy('t.signCode')
    .orderBy('h.id', 'desc')
    .execute();
  // Two heartbeats with the same newest time give two rows: keep one per truck.
  const seen = new Set<number>();
  return rows.flatMap(({ id, companyName, signCode, heartTime, gpsTime }) => {
    if (seen.has(id)) return [];
    seen.add(id);
    return [{ companyName, signCode, heartTime, gpsTime }];
  });
}

export const heartbeatRoutes: ContractPlugin = async (app, { services }) => {
  const { db } = services;

  // A static path of its own beside the paged list; no parametric /heartBeatInfo/:x route may ever shadow it.
  app.get('/heartBeatInfo/overtime', { config: { access: 'device_analysis' } }, async (request) =>
    envelope(await overtimeRows(db, authOf(request).companyCodes, Date.now())),
  );

  app.get<{ Querystring: HeartbeatQuery }>(
    '/heartBeatInfo',
    { config: { access: 'device_analysis' }, schema: { querystring: querySchema(HEARTBEAT_QUERY) } },
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
