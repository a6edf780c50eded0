// Loading at a depot: the task's plan per compartment, a dispatcher's late changes, product switches (the take-over), the
// fill and its checks (loading), and leaving once loading has stopped.
import { loadAbnormal } from '../thresholds/threshold-snapshot';
import { abnormalOilAlarm, genericAlarm } from './alarm-props';
import { DISPATCHERS, drawLossRates, isTanker, newTrip, productTemperature } from './cargo';
import { emergencyStop, meterTransfer } from './cargo-devices';
import { doorsAtDock } from './cold-box';
import { stageReading } from './gauge';
import { enter, goTo, type SimContext } from './moves';
import { OTHER, PRODUCT_CODES, WATER, density, pickProduct, roundVt, v20 } from './tanks';
import { thresholdsFor } from './thresholds';
import { processOf, type TruckSim } from './truck-sim';

const MIN = 60_000;
/** Per compartment at alarmRate 1: the wrong product went in, or the amount is off the plan (205). */
const ABNORMAL_LOAD_RATE = 0.02;
/** Per task: the dispatcher changed a product, an amount or the station after issuing it. */
const TASK_MODIFY_RATE = 0.04;
/** A tanker mostly carries the same product in a compartment trip after trip. */
const KEEP_PRODUCT = 0.85;

function otherProduct(t: TruckSim, code: number): number {
  return t.rng.pick(PRODUCT_CODES.filter((c) => c !== code));
}

/** A change to the task after it was issued, recorded with what it was and what it became. */
function modifyTask(ctx: SimContext, t: TruckSim, now: number): void {
  const trip = t.trip;
  if (!trip || !t.rng.chance(TASK_MODIFY_RATE)) return;
  const index = t.rng.int(0, t.tanks.length - 1);
  const tank = t.tanks[index];
  if (!tank) return;
  const field = t.rng.weighted([['oilCode', 40], ['mass', 40], ['station', 20]] as const);
  const base = { taskCode: trip.taskCode, operator: t.rng.pick(DISPATCHERS) };
  if (field === 'station') {
    const was = t.rng.pick(ctx.fleet.stations);
    if (was === trip.plannedStation) return;
    ctx.emit(t, 'task_modify', now, null, {
      ...base, tankSequence: null, field, oldValue: was.name, newValue: trip.plannedStation?.name ?? '', reason: '改派加油站',
    });
  } else if (field === 'oilCode') {
    ctx.emit(t, 'task_modify', now, null, {
      ...base, tankSequence: index + 1, field, oldValue: otherProduct(t, tank.plannedOilCode), newValue: tank.plannedOilCode, reason: '加油站需求变更',
    });
  } else {
    const mass = Math.round(tank.target * density(tank.plannedOilCode));
    const was = Math.round(mass * (1 + t.rng.pick([-1, 1]) * t.rng.float(0.05, 0.15)));
    ctx.emit(t, 'task_modify', now, null, { ...base, tankSequence: index + 1, field, oldValue: was, newValue: mass, reason: '加油站库容调整' });
  }
}

/** The driver sets each compartment to its planned product before loading; a change is a product switch. */
function switchProducts(ctx: SimContext, t: TruckSim, now: number): void {
  t.tanks.forEach((tank, i) => {
    if (tank.oilCode !== tank.plannedOilCode) {
      ctx.emit(t, 'product_change', now, null, {
        compartment: i + 1, fromOilCode: tank.oilCode, toOilCode: tank.plannedOilCode, process: processOf(t), area: t.area,
      });
    }
    tank.oilCode = tank.plannedOilCode;
  });
}

/**
 * Arrival at the depot: the take-over (queue, paperwork, earthing, the arm connected) while the driver sets each
 * compartment to its task's product.
 */
export function startLoading(ctx: SimContext, t: TruckSim, now: number): void {
  enter(t, 'loadTakeOver', now, now + t.rng.int(10, 30) * MIN);
  t.trip = newTrip(t, now, t.dest);
  const tanker = isTanker(t);
  const product = pickProduct(t.spec.model, t.rng);
  for (const tank of t.tanks) {
    const keep = tanker && tank.oilCode !== OTHER && t.rng.chance(KEEP_PRODUCT);
    tank.plannedOilCode = keep ? tank.oilCode : t.rng.chance(0.6) ? product : pickProduct(t.spec.model, t.rng);
    tank.target = roundVt(tank.capacity * (t.spec.model === 'sprinkler' ? t.rng.float(0.97, 1) : t.rng.float(0.88, 0.96)));
    tank.before = tank.vt;
  }
  if (tanker) {
    t.trip.plannedStation = t.rng.pick(ctx.fleet.stations);
    modifyTask(ctx, t, now);
    switchProducts(ctx, t, now);
    if (t.rng.chance(Math.min(1, 0.03 * ctx.alarmRate))) {
      ctx.raise(t, genericAlarm(t, 204, now, { depotName: t.dest?.name ?? '' }, '装油前未输入任务编码'), false);
    }
  } else {
    for (const tank of t.tanks) tank.oilCode = tank.plannedOilCode;
  }
}

/** The take-over is done: compartments fill one after another; trucks without tanks load goods for a while. */
export function beginLoading(t: TruckSim, now: number): void {
  t.tankIndex = 0;
  t.stepStart = now;
  enter(t, 'loading', now, t.tanks.length === 0 ? now + t.rng.int(10, 20) * MIN : now);
}

/** What went in against the plan: mostly as planned; now and then the wrong product (water among them) or the wrong amount. */
function actualLoad(ctx: SimContext, t: TruckSim, planned: number, mass: number): { oilCode: number; plannedMass: number } {
  if (!t.rng.chance(Math.min(1, ABNORMAL_LOAD_RATE * ctx.alarmRate))) return { oilCode: planned, plannedMass: mass };
  if (t.rng.chance(0.45)) return { oilCode: t.rng.chance(0.2) ? WATER : otherProduct(t, planned), plannedMass: mass };
  return { oilCode: planned, plannedMass: mass / (1 + t.rng.pick([-1, 1]) * t.rng.float(0.03, 0.08)) };
}

/** The loading check (205) by the company's tolerance for the planned product (docs/thresholds.md). */
export function loadedAbnormally(ctx: SimContext, t: TruckSim, planned: number, plannedMass: number, actualOilCode: number, actualLitres: number): boolean {
  const tolerance = thresholdsFor(ctx).loadTolerance(t.spec.companyCode, planned);
  return loadAbnormal(tolerance, { plannedOilCode: planned, plannedLitres: plannedMass / density(planned), actualOilCode, actualLitres });
}

/** A sprinkler's fill at its yard's hydrant: what went in, so the water inventory balances fills against spraying. */
function waterFill(ctx: SimContext, t: TruckSim, index: number, now: number): void {
  const tank = t.tanks[index];
  if (!tank) return;
  ctx.emit(t, 'water_fill', t.stepStart, now, {
    compartment: index + 1, takenOn: roundVt(tank.vt - tank.before), before: roundVt(tank.before), after: roundVt(tank.vt),
    siteName: t.trip?.depot?.name ?? '', area: t.area,
  });
}

function completeCompartment(ctx: SimContext, t: TruckSim, index: number, now: number): void {
  const tank = t.tanks[index];
  const trip = t.trip;
  if (!tank || !trip) return;
  tank.temperature = productTemperature(ctx, t, now);
  tank.loaded = tank.vt;
  tank.sealed = true;
  if (t.spec.model === 'sprinkler') waterFill(ctx, t, index, now);
  if (!isTanker(t)) return;
  const planned = tank.plannedOilCode;
  const actual = actualLoad(ctx, t, planned, tank.vt * density(planned));
  tank.oilCode = actual.oilCode;
  const mass = Math.round(actual.plannedMass);
  const actualMass = Math.round(tank.vt * density(tank.oilCode));
  const abnormal = loadedAbnormally(ctx, t, planned, actual.plannedMass, tank.oilCode, tank.vt);
  // The console checks the plan when the compartment starts, so 205 and the load row share their start.
  if (abnormal) {
    const facts = { taskCode: trip.taskCode, tankSequence: index + 1, oilCode: planned, mass, actualOilCode: tank.oilCode, actualMass };
    ctx.raise(t, abnormalOilAlarm(t, t.stepStart, facts), false);
  }
  const meter = meterTransfer(ctx, t, {
    process: 'loading', compartment: index + 1, oilCode: tank.oilCode, litres: tank.vt - tank.before, start: t.stepStart, end: now,
    taskCode: trip.taskCode,
  });
  // Written out field by field: spreading into this many fields costs more than the rest of the compartment's work.
  ctx.emit(t, 'load', t.stepStart, now, {
    taskCode: trip.taskCode, tankSequence: index + 1, depotCode: trip.depot?.code ?? '', depotName: trip.depot?.name ?? '',
    compartment: index + 1, oilCode: planned, mass, actualOilCode: tank.oilCode, actualMass, abnormal,
    volume: roundVt(tank.vt), v20: v20(tank.vt, tank.temperature, tank.oilCode), temperature: tank.temperature,
    density: density(tank.oilCode), mode: trip.topLoading ? 'top' : 'bottom', meterNo: meter.meterNo, meterVolume: meter.meterVolume,
    area: t.area,
  });
  if (trip.topLoading) {
    ctx.emit(t, 'switch_cover', t.stepStart, now, {
      compartment: index + 1, process: processOf(t), abnormal: false, durationSec: Math.round((now - t.stepStart) / 1000), area: t.area,
    });
  }
  emergencyStop(ctx, t, index + 1, t.stepStart, now);
}

/** Loading has stopped: the arm comes off, the compartments are sealed and the papers signed before the truck leaves. */
function finishLoading(t: TruckSim, now: number): void {
  enter(t, 'loadStopped', now, now + t.rng.int(3, 8) * MIN);
}

/** Leaving the depot with the loaded reading: the trip's balance starts here. */
export function leaveDepot(ctx: SimContext, t: TruckSim, now: number): void {
  stageReading(ctx, t, now);
  const trip = t.trip;
  if (trip) {
    trip.startTime = now;
    trip.startArea = t.area;
    trip.loadVolume = t.tanks.reduce((sum, tank) => sum + tank.vt, 0);
    drawLossRates(t, trip);
  }
  if (t.spec.model === 'sprinkler') enter(t, 'spraying', now);
  else goTo(t, trip?.plannedStation ?? t.rng.pick(ctx.fleet.stations), 'toStation', now);
}

export function loading(ctx: SimContext, t: TruckSim, from: number, to: number): void {
  if (to < t.until) return;
  if (t.tanks.length === 0) {
    doorsAtDock(ctx, t, 'loading', t.stepStart, to);
    t.cargo = true;
    finishLoading(t, to);
    return;
  }
  const tank = t.tanks[t.tankIndex];
  if (!tank) return finishLoading(t, to);
  const flow = t.spec.model === 'sprinkler' ? 3000 : 2000; // litres per minute through the loading arm
  if (tank.vt < tank.target) tank.vt = Math.min(tank.target, tank.vt + (flow * (to - Math.max(from, t.until))) / MIN);
  if (tank.vt < tank.target) return;
  completeCompartment(ctx, t, t.tankIndex, to);
  t.tankIndex += 1;
  t.stepStart = to;
  if (t.tankIndex >= t.tanks.length) finishLoading(t, to);
}
