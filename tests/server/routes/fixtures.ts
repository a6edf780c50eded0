// A small fleet for the route tests: trucks of C002, C003 and C005 with live rows, devices, alarms, heartbeats, fences.
import type { NewRow, TruckModel } from '../../../server/db/schema';
import type { Services } from '../../../server/services';

const MINUTE = 60_000;

interface TruckSpec {
  readonly signCode: string;
  readonly companyCode: string;
  readonly model: TruckModel;
  /** truck_live status: 0 offline, 1 empty, 2 loaded, 3 alarm, 4 stopped. */
  readonly status: number;
  /** Minutes before now of each heartbeat; none for a truck that never sent one. */
  readonly beatsAgo: readonly number[];
}

const TRUCKS = [
  { signCode: '京A00001', companyCode: 'C002', model: 'fuel', status: 2, beatsAgo: [120, 45] },
  { signCode: '京A00002', companyCode: 'C002', model: 'fuel', status: 0, beatsAgo: [180] },
  { signCode: '京B00001', companyCode: 'C003', model: 'fuel', status: 1, beatsAgo: [5] },
  { signCode: '京C00001', companyCode: 'C005', model: 'sprinkler', status: 4, beatsAgo: [40] },
  { signCode: '京C00002', companyCode: 'C005', model: 'sprinkler', status: 1, beatsAgo: [] },
] as const satisfies readonly TruckSpec[];

type Plate = (typeof TRUCKS)[number]['signCode'];

export const ALARMS = [
  { type: 2, plate: '京A00001', minutesAgo: 180, properties: { speed: 92 } },
  {
    type: 202, plate: '京A00001', minutesAgo: 120,
    properties: { loss: 12.5, lossRate: 0.0025, highLossRateThreshold: 0.002, startTime: 1, endTime: 2, startArea: '油库', endArea: '加油站', signCode: '京A00001' },
  },
  { type: 4, plate: '京B00001', minutesAgo: 60, properties: {} },
  { type: 7, plate: '京C00001', minutesAgo: 30, properties: {} },
] as const;

export const FENCES = [
  { name: '东城油库', companyCode: 'C002', approvalStatus: 0, minutesAgo: 50 },
  { name: '东城加油站', companyCode: 'C002', approvalStatus: 1, minutesAgo: 40 },
  { name: '西城油库', companyCode: 'C003', approvalStatus: 0, minutesAgo: 30 },
  { name: '园林局苗圃', companyCode: 'C005', approvalStatus: 0, minutesAgo: 20 },
] as const;

export interface Fleet {
  /** The moment the fixtures count back from. */
  readonly now: number;
  readonly truckIds: ReadonlyMap<Plate, number>;
  /** Alarm seq by index in ALARMS. */
  readonly alarmSeqs: readonly number[];
  /** Fence id by index in FENCES. */
  readonly fenceIds: readonly number[];
}

/** Inserts the fleet; call it from `startServer({ prepare })`. */
export async function insertFleet(services: Services, now = Date.now()): Promise<Fleet> {
  const { db } = services;
  const truckIds = new Map<Plate, number>();
  for (const [index, spec] of TRUCKS.entries()) {
    const { id } = await db
      .insertInto('truck')
      .values({
        signCode: spec.signCode, consoleSn: `SN${index}`, companyCode: spec.companyCode, model: spec.model,
        phone: '13800000000', compartments: 2, capacity: 20, plateColor: '黄', status: 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    truckIds.set(spec.signCode, id);
    await db
      .insertInto('truckLive')
      .values({
        truckId: id, status: spec.status, alarm: '', gpsTime: now - MINUTE, statusTime: now - 10 * MINUTE, speed: spec.status === 2 ? 40 : 0,
        area: `${spec.signCode}所在地`, lat: 39.9, lng: 116.4, heading: 90,
        inventory: JSON.stringify(spec.model === 'fuel' ? { 1: { oilCode: 92, vt: 5000 } } : {}), updatedAt: now,
      })
      .execute();
    await db
      .insertInto('device')
      .values({ code: `DEV${index}`, name: `设备${spec.signCode}`, type: 'console', manufacturer: '厂商', installDate: now, truckId: id, status: 1 })
      .execute();
    for (const ago of spec.beatsAgo) {
      await db.insertInto('heartbeat').values({ truckId: id, heartTime: now - ago * MINUTE, gpsTime: now - ago * MINUTE - 1000, voltage: 24.5 }).execute();
    }
  }
  await db.insertInto('device').values({ code: 'SPARE', name: '备用设备', type: 'console', manufacturer: '厂商', installDate: now, truckId: null, status: 1 }).execute();

  const alarmSeqs: number[] = [];
  for (const alarm of ALARMS) {
    const spec = TRUCKS.find((t) => t.signCode === alarm.plate);
    const truckId = truckIds.get(alarm.plate);
    if (!spec || truckId === undefined) throw new Error(`alarm fixture names unknown truck ${alarm.plate}`);
    const row: NewRow<'alarm'> = {
      type: alarm.type, truckId, signCode: alarm.plate, companyCode: spec.companyCode,
      startTime: now - alarm.minutesAgo * MINUTE, insertTime: now - alarm.minutesAgo * MINUTE + 500, remark: '',
      properties: JSON.stringify(alarm.properties),
    };
    const { seq } = await db.insertInto('alarm').values(row).returning('seq').executeTakeFirstOrThrow();
    alarmSeqs.push(seq);
  }

  const fenceIds: number[] = [];
  for (const fence of FENCES) {
    const { id } = await db
      .insertInto('fence')
      .values({
        name: fence.name, type: 'circle', companyCode: fence.companyCode, approvalStatus: fence.approvalStatus,
        modifier: 'manager', modifyTime: now - fence.minutesAgo * MINUTE, modifyType: 'new',
        approver: fence.approvalStatus === 0 ? null : 'admin', approvalTime: fence.approvalStatus === 0 ? null : now - MINUTE,
        address: `${fence.name}地址`,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    fenceIds.push(id);
  }
  return { now, truckIds, alarmSeqs, fenceIds };
}
