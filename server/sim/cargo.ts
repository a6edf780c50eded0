// Cargo work at depots and stations: loading and unloading compartment by compartment, trip loss, sprinkler spraying.
import { HIGH_LOSS_RATE, abnormalOilAlarm, genericAlarm, highLossAlarm } from './alarm-props';
import { drive, enter, goTo, nextTrip, type SimContext } from './moves';
import { loopRoute } from './route';
import { PRODUCTS, density, pickProduct, roundVt } from './tanks';
import type { Place } from './fleet';
import type { Trip, TruckSim } from './truck-sim';

const MIN = 60_000;
const SPRAY_SPEED = 12;

function temperature(ctx: SimContext, t: TruckSim, time: number): number {
  return Math.round((ctx.ambient(time) + t.rng.normal(0, 1)) * 10) / 10;
}

/** A delivery task's code as the console's task entry would hold it: truck and running number. */
export function nextTaskCode(t: TruckSim): string {
  t.tasks += 1;
  return `RW${String(t.spec.id).padStart(5, '0')}${String(t.tasks).padStart(4, '0')}`;
}

function newTrip(t: TruckSim, now: number, depot: Place | null): Trip {
  const loadVolume = t.tanks.reduce((sum, tank) => sum + tank.vt, 0);
  return {
    taskCode: nextTaskCode(t), depot, station: null, startTime: now, startArea: t.area, loadVolume, lossRate: 0.001,
    topLoading: t.rng.chance(0.3), sprayKm: 0,
  };
}

/** A truck found loaded when the simulation began: its task started before our time, at a depot we do not know. */
export function tripUnderWay(t: TruckSim, now: number): Trip {
  return newTrip(t, now, null);
}

export function startLoading(ctx: SimContext, t: TruckSim, now: number): void {
  t.trip = newTrip(t, now, t.dest);
  const product = pickProduct(t.spec.model, t.rng);
  for (const tank of t.tanks) {
    tank.plannedOilCode = t.rng.chance(0.6) ? product : pickProduct(t.spec.model, t.rng);
    tank.oilCode = tank.plannedOilCode;
    tank.target = roundVt(tank.capacity * (t.spec.model === 'sprinkler' ? t.rng.float(0.97, 1) : t.rng.float(0.88, 0.96)));
  }
  if (t.spec.model === 'fuel' && t.rng.chance(Math.min(1, 0.03 * ctx.alarmRate))) {
    ctx.raise(t, genericAlarm(t, 204, now, { depotName: t.dest?.name ?? '' }, '装油前未输入任务编码'), false);
  }
  // Take-over first (queue, paperwork, earthing, arm connected); trucks without tanks just load goods for a while.
  const takeOver = now + t.rng.int(10, 30) * MIN;
  t.tankIndex = 0;
  t.stepStart = takeOver;
  enter(t, 'loading', now, t.tanks.length === 0 ? takeOver + t.rng.int(10, 20) * MIN : takeOver);
}

function completeCompartment(ctx: SimContext, t: TruckSim, index: number, now: number): void {
  const tank = t.tanks[index];
  const trip = t.trip;
  if (!tank || !trip) return;
  const temp = temperature(ctx, t, now);
  let plannedMass = tank.vt * density(tank.plannedOilCode);
  if (t.spec.model === 'fuel' && t.rng.chance(Math.min(1, 0.02 * ctx.alarmRate))) {
    // Either the wrong product went in, or the meter and the plan disagree on the amount.
    if (t.rng.chance(0.5)) tank.oilCode = t.rng.pick(PRODUCTS.map(([code]) => code).filter((code) => code !== tank.plannedOilCode));
    else plannedMass = plannedMass / (1 + t.rng.pick([-1, 1]) * t.rng.float(0.03, 0.08));
    ctx.raise(t, abnormalOilAlarm(t, now, {
      taskCode: trip.taskCode, tankSequence: index + 1, oilCode: tank.plannedOilCode, mass: plannedMass,
      actualOilCode: tank.oilCode, actualMass: tank.vt * density(tank.oilCode),
    }), false);
  }
  ctx.emit(t, 'load', t.stepStart, now, {
    taskCode: trip.taskCode, depotCode: trip.depot?.code ?? '', depotName: trip.depot?.name ?? '', compartment: index + 1,
    oilCode: tank.oilCode, plannedOilCode: tank.plannedOilCode, volume: roundVt(tank.vt), v20: roundVt(tank.vt * (1 - 0.0012 * (temp - 20))),
    mass: Math.round(tank.vt * density(tank.oilCode)), temperature: temp, density: density(tank.oilCode),
    mode: trip.topLoading ? 'top' : 'bottom', area: t.area,
  });
  if (trip.topLoading) {
    ctx.emit(t, 'switch_cover', t.stepStart, now, {
      compartment: index + 1, process: 'loading', abnormal: false, durationSec: Math.round((now - t.stepStart) / 1000), area: t.area,
    });
  }
  tank.sealed = true;
}

function finishLoading(ctx: SimContext, t: TruckSim, now: number): void {
  const trip = t.trip;
  if (trip) {
    trip.startTime = now;
    trip.startArea = t.area;
    trip.loadVolume = t.tanks.reduce((sum, tank) => sum + tank.vt, 0);
    trip.lossRate = t.rng.weighted([
      [t.rng.float(-0.0005, 0.0028), 88],
      [t.rng.float(0.0032, 0.01), 9],
      [-t.rng.float(0.0032, 0.008), 3],
    ] as const);
  }
  if (t.spec.model === 'sprinkler') enter(t, 'spraying', now);
  else goTo(t, t.rng.pick(ctx.fleet.stations), 'toStation', now);
}

export function loading(ctx: SimContext, t: TruckSim, from: number, to: number): void {
  if (to < t.until) return;
  if (t.tanks.length === 0) {
    t.cargo = true;
    finishLoading(ctx, t, to);
    return;
  }
  const tank = t.tanks[t.tankIndex];
  if (!tank) return finishLoading(ctx, t, to);
  const flow = t.spec.model === 'sprinkler' ? 3000 : 2000; // litres per minute through the loading arm
  if (tank.vt < tank.target) tank.vt = Math.min(tank.target, tank.vt + (flow * (to - Math.max(from, t.until))) / MIN);
  if (tank.vt < tank.target) return;
  completeCompartment(ctx, t, t.tankIndex, to);
  t.tankIndex += 1;
  t.stepStart = to;
  if (t.tankIndex >= t.tanks.length) finishLoading(ctx, t, to);
}

export function startUnloading(ctx: SimContext, t: TruckSim, now: number): void {
  const trip = t.trip;
  for (const tank of t.tanks) {
    tank.vt = Math.min(tank.capacity, Math.max(0, tank.vt * (1 - (trip?.lossRate ?? 0))));
    tank.sealed = false;
  }
  if (trip) trip.station = t.dest;
  if (t.spec.model === 'fuel' && t.rng.chance(Math.min(1, 0.01 * ctx.alarmRate))) {
    ctx.raise(t, genericAlarm(t, 3, now, { compartment: t.rng.int(1, t.tanks.length), waterMm: t.rng.int(5, 40) }, '卸油管道存水'), false);
  }
  // Unloading take-over: the station checks the seals and dips its tank before the valves open.
  const takeOver = now + t.rng.int(5, 15) * MIN;
  t.tankIndex = 0;
  t.stepStart = takeOver;
  const first = t.tanks[0];
  if (first) first.before = first.vt;
  enter(t, 'unloading', now, t.tanks.length === 0 ? takeOver + t.rng.int(10, 20) * MIN : takeOver);
}

function finishUnloading(ctx: SimContext, t: TruckSim, now: number): void {
  const trip = t.trip;
  if (trip && t.tanks.length > 0) {
    const unloadVolume = t.tanks.reduce((sum, tank) => sum + tank.before, 0);
    const loss = trip.loadVolume - unloadVolume;
    const lossRate = trip.loadVolume > 0 ? loss / trip.loadVolume : 0;
    ctx.emit(t, 'trip', trip.startTime, now, {
      taskCode: trip.taskCode, depotName: trip.depot?.name ?? '', stationName: trip.station?.name ?? '',
      oilCodes: t.tanks.map((tank) => tank.oilCode), loadVolume: roundVt(trip.loadVolume), unloadVolume: roundVt(unloadVolume),
      loss: roundVt(loss), lossRate: Math.round(lossRate * 1e6) / 1e6, startArea: trip.startArea, endArea: t.area,
    });
    if (Math.abs(lossRate) > HIGH_LOSS_RATE) {
      const facts = { loadVolume: trip.loadVolume, loss, startTime: trip.startTime, endTime: now, startArea: trip.startArea, endArea: t.area };
      ctx.raise(t, highLossAlarm(t, facts), true);
    }
  }
  t.trip = null;
  enter(t, 'waitEmpty', now, now + t.rng.int(2, 5) * MIN);
}

export function unloading(ctx: SimContext, t: TruckSim, from: number, to: number): void {
  if (to < t.until) return;
  if (t.tanks.length === 0) {
    t.cargo = false;
    finishUnloading(ctx, t, to);
    return;
  }
  const tank = t.tanks[t.tankIndex];
  if (!tank) return finishUnloading(ctx, t, to);
  tank.vt = Math.max(0, tank.vt - (1200 * (to - Math.max(from, t.until))) / MIN);
  if (tank.vt > 0) return;
  const trip = t.trip;
  const temp = temperature(ctx, t, to);
  // A compartment that travelled empty has nothing to report.
  if (tank.before > 0) {
    ctx.emit(t, 'unload', t.stepStart, to, {
      taskCode: trip?.taskCode ?? '', stationCode: trip?.station?.code ?? '', stationName: trip?.station?.name ?? '',
      compartment: t.tankIndex + 1, oilCode: tank.oilCode, volume: roundVt(tank.before), v20: roundVt(tank.before * (1 - 0.0012 * (temp - 20))),
      before: roundVt(tank.before), after: 0, temperature: temp, area: t.area,
    });
  }
  t.tankIndex += 1;
  t.stepStart = to;
  const next = t.tanks[t.tankIndex];
  if (next) next.before = next.vt;
  else finishUnloading(ctx, t, to);
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

