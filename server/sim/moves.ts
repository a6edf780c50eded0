// Moving a truck: the engine context every phase uses, entering phases, routing to places and driving along routes.
import type { NewAlarm } from '../store/alarms';
import { offsetKm } from './city';
import type { EventData, EventKind } from '../../domain/events';
import type { Fleet, Place } from './fleet';
import { advance, arrived, streetRoute } from './route';
import type { Phase, TruckSim } from './truck-sim';

const HOUR = 3_600_000;

/** What the state machine needs from the engine: places, and ways to record events and raise alarms. */
export interface SimContext {
  readonly fleet: Fleet;
  readonly alarmRate: number;
  emit<K extends EventKind>(t: TruckSim, kind: K, start: number, end: number | null, data: EventData[K]): void;
  /** `conditional`: the alarm follows from the state (a high loss, a long stop); alarmRate < 1 thins those out. */
  raise(t: TruckSim, alarm: NewAlarm, conditional: boolean): void;
  comeOnline(t: TruckSim, now: number): void;
  ambient(time: number): number;
}

export function enter(t: TruckSim, phase: Phase, now: number, until = 0): void {
  t.phase = phase;
  t.since = now;
  t.until = until;
}

export function goTo(t: TruckSim, dest: Place, phase: Phase, now: number): void {
  t.dest = dest;
  t.route = streetRoute(t, dest, t.rng);
  enter(t, phase, now);
}

export function goLoad(ctx: SimContext, t: TruckSim, now: number): void {
  goTo(t, t.spec.model === 'sprinkler' ? t.spec.home : t.rng.pick(ctx.fleet.depots), 'toDepot', now);
}

/** Drives along the route toward the cruise speed (or a speeding episode's); true on arrival. */
export function drive(t: TruckSim, from: number, to: number, cruise: number): boolean {
  if (!t.route) return true;
  const dt = to - from;
  const target = t.speeding && to < t.speeding.until ? t.speeding.target : cruise;
  t.speed = Math.min(110, Math.max(3, t.speed + (target - t.speed) * Math.min(1, dt / 20_000) + t.rng.normal(0, 1.5)));
  const km = advance(t.route, (t.speed * dt) / HOUR, t);
  t.dayKm += km;
  t.shiftKm += km;
  t.dayDriveMs += dt;
  if (t.trip && t.phase === 'spraying') t.trip.sprayKm += km;
  if (!arrived(t.route)) return false;
  t.speed = 0;
  t.route = null;
  return true;
}

/** A delivery takes up to about two and a half hours, depot queue to empty tanks. */
const TRIP_MS = 150 * 60_000;

/** After a delivery: another one if it fits in the shift, else home to the yard. */
export function nextTrip(ctx: SimContext, t: TruckSim, now: number): void {
  if (now + TRIP_MS < t.shiftEnd) return goLoad(ctx, t, now);
  goTo(t, { ...t.spec.home, ...offsetKm(t.spec.home, t.rng.float(-0.15, 0.15), t.rng.float(-0.15, 0.15)) }, 'toPark', now);
}

