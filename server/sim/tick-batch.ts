// One simulator tick's output, and the shape of the writer that stores it in one transaction.
import type { NewAlarm } from '../store/alarms';
import type { SimSink } from './engine';
import type { SimEvent } from './events';
import type { TruckSim } from './truck-sim';

type Position = readonly [truckId: number, time: number, lat: number, lng: number, speed: number, heading: number, area: string];
type Heartbeat = readonly [truckId: number, heartTime: number, gpsTime: number, voltage: number];

/** Collects one tick's output; alarms wait until the rows are committed, then go through recordAlarm. */
export class TickBatch implements SimSink {
  readonly positions: Position[] = [];
  readonly events: SimEvent[] = [];
  readonly heartbeats: Heartbeat[] = [];
  readonly alarms: NewAlarm[] = [];

  position(truckId: number, time: number, lat: number, lng: number, speed: number, heading: number, area: string): void {
    this.positions.push([truckId, time, lat, lng, speed, heading, area]);
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

/**
 * Writes the changed trucks' live rows and the tick's positions, events and heartbeats in one transaction. Resolves
 * to the ids of trucks deleted from the master data meanwhile: their rows are left out (the rest still commits), and
 * the caller stops simulating them.
 */
export type TickWriter = (batch: TickBatch, changed: readonly TruckSim[], now: number) => Promise<ReadonlySet<number>>;

/** The position table's columns, in the order of a Position. */
export const POSITION_COLUMNS = ['truckId', 'time', 'lat', 'lng', 'speed', 'heading', 'area'] as const;

/** The live row's columns, in the order `liveRowValues` gives them. */
export const LIVE_COLUMNS = [
  'truckId', 'status', 'alarm', 'gpsTime', 'statusTime', 'speed', 'area', 'lat', 'lng', 'heading', 'inventory', 'updatedAt',
] as const;

export function liveRowValues(t: TruckSim, now: number): (string | number | null)[] {
  const s = t.shown;
  return [t.spec.id, t.status, t.alarmText, t.gpsTime, t.statusTime, s.speed, s.area, s.lat, s.lng, s.heading, JSON.stringify(s.tanks), now];
}

export function eventValues(e: SimEvent): (string | number | null)[] {
  return [e.truckId, e.companyCode, e.kind, e.startTime, e.endTime, JSON.stringify(e.data)];
}
