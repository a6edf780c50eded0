// A tiny fleet for the live-socket tests: trucks of three companies, row changes, alarms and events written like the simulator does.
import type { AlarmTypeId } from '../../../domain/alarm-types';
import type { LiveAlarm } from '../../../domain/wire/live-alarm';
import type { TruckStatusRow } from '../../../domain/wire/truck-row';
import type { PublishedAlarm } from '../../../server/live/hub';
import type { Services } from '../../../server/services';
import { recordAlarm } from '../../../server/store/alarms';
import { statusRows } from '../../../server/store/trucks';

export interface FixtureTruck {
  readonly id: number;
  readonly signCode: string;
  readonly companyCode: string;
}

/** Operator (C002) sees the first two; C003 and C005 are other companies'. */
const TRUCKS = [
  { signCode: '京A10001', companyCode: 'C002', model: 'fuel' },
  { signCode: '京A10002', companyCode: 'C002', model: 'fuel' },
  { signCode: '京B20001', companyCode: 'C003', model: 'fuel' },
  { signCode: '京C30001', companyCode: 'C005', model: 'sprinkler' },
] as const;

const T0 = Date.UTC(2026, 0, 5, 2, 0, 0);

export async function insertFleet(services: Services): Promise<FixtureTruck[]> {
  const trucks: FixtureTruck[] = [];
  for (const [index, t] of TRUCKS.entries()) {
    const { id } = await services.db
      .insertInto('truck')
      .values({
        signCode: t.signCode, consoleSn: `SN${index}`, companyCode: t.companyCode, model: t.model, phone: '13800000000',
        compartments: 2, capacity: 20, plateColor: '黄', status: 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await services.db
      .insertInto('truckLive')
      .values({
        truckId: id, status: 1, alarm: '', gpsTime: T0, statusTime: T0, speed: 0, area: '东城区', lat: 39.9, lng: 116.4,
        heading: 0, inventory: JSON.stringify({ 1: { oilCode: 92, vt: 0 } }), updatedAt: T0,
      })
      .execute();
    trucks.push({ id, signCode: t.signCode, companyCode: t.companyCode });
  }
  return trucks;
}

interface RowChange {
  readonly speed?: number;
  readonly status?: number;
  readonly area?: string;
}

/** Writes the truck's live row and publishes it to the hub, as the simulator does on each tick. */
export async function changeTruck(services: Services, truck: FixtureTruck, change: RowChange): Promise<TruckStatusRow> {
  await services.db.updateTable('truckLive').set({ ...change, updatedAt: Date.now() }).where('truckId', '=', truck.id).execute();
  const rows = await statusRows(services.db, { companyCodes: [truck.companyCode], truckIds: [truck.id] });
  services.hub.publishRows(rows);
  const row = rows[0];
  if (!row) throw new Error(`truck ${truck.signCode} has no live row`);
  return row.row;
}

/** Stores an alarm (it gets the next seq) and publishes it. */
export function raiseAlarm(
  services: Services,
  truck: FixtureTruck,
  type: AlarmTypeId = 2,
  insertTime = Date.now(),
): Promise<PublishedAlarm> {
  return recordAlarm(
    services.db,
    services.hub,
    { type, truckId: truck.id, signCode: truck.signCode, companyCode: truck.companyCode, startTime: insertTime, remark: '', properties: {} },
    insertTime,
  );
}

export const seqs = (alarms: readonly Pick<LiveAlarm, 'seq'>[]) => alarms.map((a) => a.seq);

/** Stores an abnormal unsealing (switch_cover) event of the truck, as the simulator writes one; its id. */
export async function insertCoverEvent(services: Services, truck: Pick<FixtureTruck, 'id' | 'companyCode'>, startTime = Date.now()): Promise<number> {
  const data = { compartment: 1, process: 'transporting', abnormal: true, durationSec: 60, area: '东城区' };
  const { id } = await services.db
    .insertInto('event')
    .values({ truckId: truck.id, companyCode: truck.companyCode, kind: 'switch_cover', startTime, endTime: startTime + 60_000, data: JSON.stringify(data) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}
