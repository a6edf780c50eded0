// The fleet as the simulator sees it, read from the database: trucks with tanks, drivers, home yards, places, live rows.
import type { Db } from '../db/open';
import type { Row, TruckModel } from '../db/schema';
import { areaAt, type LatLng } from './city';
import { heartbeatFaults, type HeartbeatFault } from './heartbeat-module';
import { hashSeed } from './random';
import { compartmentLitres } from './tanks';

export interface Place extends LatLng {
  readonly code: string;
  readonly name: string;
  readonly companyCode: string;
  readonly area: string;
}

export interface TruckSpec {
  readonly id: number;
  readonly signCode: string;
  readonly consoleSn: string;
  readonly companyCode: string;
  readonly companyName: string;
  readonly model: TruckModel;
  /** Litres per compartment; empty for trucks without tanks. */
  readonly tanks: readonly number[];
  /** Flow meters on the manifold (0 or 1). */
  readonly meters: number;
  /** Cold compartments of a refrigerated box; 0 for every other model. */
  readonly coldZones: number;
  readonly driverName: string;
  readonly driverCode: string;
  /** The company's yard: where the truck parks, and where sprinklers draw water. */
  readonly home: Place;
  /** How the device's heartbeat module fails, if it does (server/sim/heartbeat-module.ts). */
  readonly heartbeatFault: HeartbeatFault;
}

export interface Fleet {
  readonly trucks: readonly TruckSpec[];
  readonly depots: readonly Place[];
  readonly stations: readonly Place[];
  readonly parks: readonly Place[];
  readonly live: ReadonlyMap<number, Row<'truckLive'>>;
}

/**
 * The master data has no flow-meter count: about three tankers in five carry one, fixed by the plate so the live
 * simulator and the backfill agree whatever their seeds.
 */
function meterCount(model: TruckModel, signCode: string): number {
  return model === 'fuel' && hashSeed('meter', signCode) % 5 < 3 ? 1 : 0;
}

function place(row: { code: string; name: string; companyCode: string; lat: number; lng: number }): Place {
  return { code: row.code, name: row.name, companyCode: row.companyCode, lat: row.lat, lng: row.lng, area: areaAt(row) };
}

/** Loads what the engine needs; trucks come in id order, which fixes the order every tick walks them in. */
export async function loadFleet(db: Db): Promise<Fleet> {
  const placeCols = ['code', 'name', 'companyCode', 'lat', 'lng'] as const;
  const [depots, stations, parks, trucks, drivers, live] = await Promise.all([
    db.selectFrom('depot').select(placeCols).where('status', '=', 1).orderBy('id').execute(),
    db.selectFrom('station').select(placeCols).where('status', '=', 1).orderBy('id').execute(),
    db.selectFrom('park').select(placeCols).orderBy('id').execute(),
    db
      .selectFrom('truck as t')
      .innerJoin('company as c', 'c.code', 't.companyCode')
      .select(['t.id', 't.signCode', 't.consoleSn', 't.companyCode', 'c.name as companyName', 't.model', 't.compartments', 't.capacity'])
      .orderBy('t.id')
      .execute(),
    db.selectFrom('driver').select(['truckId', 'name', 'code']).where('truckId', 'is not', null).orderBy('id').execute(),
    db.selectFrom('truckLive').selectAll().execute(),
  ]);
  if (depots.length === 0 || stations.length === 0 || parks.length === 0) {
    throw new Error('the simulator needs depots, stations and parks: run seedFleet first');
  }
  const parkPlaces = parks.map(place);
  const homeOf = new Map<string, Place>();
  for (const p of parkPlaces) if (!homeOf.has(p.companyCode)) homeOf.set(p.companyCode, p);
  const driverOf = new Map<number, { name: string; code: string }>();
  for (const d of drivers) if (d.truckId !== null && !driverOf.has(d.truckId)) driverOf.set(d.truckId, d);
  const firstPark = parkPlaces[0];
  if (!firstPark) throw new Error('no park');
  const faults = heartbeatFaults(trucks);

  return {
    depots: depots.map(place),
    stations: stations.map(place),
    parks: parkPlaces,
    live: new Map(live.map((row) => [row.truckId, row])),
    trucks: trucks.map((t) => ({
      id: t.id,
      signCode: t.signCode,
      consoleSn: t.consoleSn,
      companyCode: t.companyCode,
      companyName: t.companyName,
      model: t.model,
      tanks: compartmentLitres(t.model, t.capacity, t.compartments),
      meters: meterCount(t.model, t.signCode),
      coldZones: t.model === 'refrigerated' ? Math.max(1, t.compartments) : 0,
      driverName: driverOf.get(t.id)?.name ?? '',
      driverCode: driverOf.get(t.id)?.code ?? '',
      home: homeOf.get(t.companyCode) ?? firstPark,
      heartbeatFault: faults.get(t.id) ?? { kind: 'healthy' },
    })),
  };
}
