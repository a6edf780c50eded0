// Cargo work shared by loading and unloading: task codes, the trip record, its loss rates, product temperature, spraying.
import { drive, nextTrip, type SimContext } from './moves';
import { loopRoute } from './route';
import { roundVt } from './tanks';
import type { Place } from './fleet';
import type { Trip, TruckSim } from './truck-sim';

const MIN = 60_000;
const SPRAY_SPEED = 12;

/** Who changes tasks and opens locks from the office. */
export const DISPATCHERS = ['李调度', '赵调度', '孙调度', '周调度'] as const;

/** Product temperature at the depot's arm or the station's tank: the air's, give or take. */
export function productTemperature(ctx: SimContext, t: TruckSim, time: number): number {
  return Math.round((ctx.ambient(time) + t.rng.normal(0, 1)) * 10) / 10;
}

export function isTanker(t: TruckSim): boolean {
  return t.spec.model === 'fuel' && t.tanks.length > 0;
}

/** A delivery task's code as the console's task entry would hold it: truck and running number. */
export function nextTaskCode(t: TruckSim): string {
  t.tasks += 1;
  return `RW${String(t.spec.id).padStart(5, '0')}${String(t.tasks).padStart(4, '0')}`;
}

export function newTrip(t: TruckSim, now: number, depot: Place | null): Trip {
  const loadVolume = t.tanks.reduce((sum, tank) => sum + tank.vt, 0);
  return {
    taskCode: nextTaskCode(t), depot, plannedStation: null, station: null, startTime: now, startArea: t.area, loadVolume,
    lossRate: 0.001, topLoading: t.rng.chance(0.3), sprayKm: 0,
  };
}

/**
 * The road's loss for this trip, drawn at the depot and applied on arrival: mostly within ±3‰, one trip in ten a high
 * loss, a few a high gain (temperature, meter error). Each compartment varies a little around the trip's rate.
 */
export function drawLossRates(t: TruckSim, trip: Trip): void {
  trip.lossRate = t.rng.weighted([
    [t.rng.float(-0.0005, 0.0028), 88],
    [t.rng.float(0.0032, 0.01), 9],
    [-t.rng.float(0.0032, 0.008), 3],
  ] as const);
  for (const tank of t.tanks) tank.lossRate = trip.lossRate + t.rng.normal(0, 0.0003);
}

/**
 * A truck found loaded at the start of a job: loaded before our time at a depot we do not know, or left with fuel an
 * empty check found. Its balance starts from what it carries now.
 */
export function tripUnderWay(t: TruckSim, now: number): Trip {
  for (const tank of t.tanks) tank.loaded = tank.vt;
  const trip = newTrip(t, now, null);
  drawLossRates(t, trip);
  return trip;
}

export function spraying(ctx: SimContext, t: TruckSim, from: number, to: number): void {
  if (!t.route) t.route = loopRoute(t, t.rng, t.rng.float(1.5, 3));
  drive(t, from, to, SPRAY_SPEED);
  const tank = t.tanks[0];
  if (tank) tank.vt = Math.max(0, tank.vt - (180 * (to - from)) / MIN);
  if (tank && tank.vt > 0) return;
  const trip = t.trip;
  ctx.emit(t, 'spray', trip?.startTime ?? t.since, to, {
    volume: roundVt(trip?.loadVolume ?? 0), distanceKm: Math.round((trip?.sprayKm ?? 0) * 10) / 10,
    startArea: trip?.startArea ?? '', endArea: t.area,
  });
  t.trip = null;
  t.route = null;
  t.speed = 0;
  nextTrip(ctx, t, to);
}
