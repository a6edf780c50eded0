// Truck status rows as the status socket, onlineTruck and getTruckBarData send them.
import { isTruckStatusCode, TRUCK_STATUS } from '../../domain/truck-status';
import type { TankInventory, TruckStatusRow } from '../../domain/wire/truck-row';
import { scopedFrom } from '../auth/company-scope';
import type { Db } from '../db/open';
import type { PublishedRow } from '../live/hub';

interface RowQuery {
  readonly companyCodes: readonly string[];
  /** Only these trucks (the simulator's changed set); all when absent. */
  readonly truckIds?: readonly number[];
  readonly onlineOnly?: boolean;
}

type LastFix = Pick<TruckStatusRow, 'lat' | 'lng' | 'heading'>;

/** The live map's fields; a truck that never reported has no fix, only the columns' placeholder (0, 0 in the sea). */
function lastFix(r: { readonly gpsTime: number | null; readonly lat: number; readonly lng: number; readonly heading: number }): LastFix {
  return r.gpsTime === null ? {} : { lat: r.lat, lng: r.lng, heading: r.heading };
}

/** Status rows of the given companies' trucks, ordered by plate. */
export async function statusRows(db: Db, query: RowQuery): Promise<PublishedRow[]> {
  if (query.truckIds?.length === 0) return [];
  let q = scopedFrom(db, query.companyCodes, 'truck', 't')
    .innerJoin('truckLive as l', 'l.truckId', 't.id')
    .innerJoin('company as c', 'c.code', 't.companyCode')
    .select([
      'l.truckId', 'l.status', 'l.alarm', 'l.gpsTime', 'l.statusTime', 'l.speed', 'l.area', 'l.lat', 'l.lng', 'l.heading', 'l.inventory',
      't.signCode', 't.companyCode', 'c.name as companyName',
    ]);
  if (query.truckIds) q = q.where('l.truckId', 'in', query.truckIds);
  if (query.onlineOnly) q = q.where('l.status', '<>', TRUCK_STATUS.offline);
  const rows = await q.orderBy('t.signCode').execute();
  return rows.map((r) => ({
    companyCode: r.companyCode,
    row: {
      truckId: r.truckId,
      status: isTruckStatusCode(r.status) ? r.status : TRUCK_STATUS.offline,
      signCode: r.signCode,
      truckCompany: r.companyName,
      alarm: r.alarm,
      gpsTime: r.gpsTime,
      statusTime: r.statusTime,
      speed: r.speed,
      area: r.area,
      lastIventoryMap: JSON.parse(r.inventory) as Record<string, TankInventory>,
      ...lastFix(r),
    },
  }));
}
