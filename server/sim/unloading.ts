// Unloading at a station: the road's loss on arrival and water in the pipe (the take-over), each compartment emptied and
// the trip's balance (unloading), the reading once it has stopped, and the empty check once the compartments have drained.
import { EMPTY_TOLERANCE_L, type CompartmentBalance } from '../../domain/events';
import { genericAlarm, highLossAlarm } from './alarm-props';
import { isTanker, productTemperature } from './cargo';
import { emergencyStop, lockOpened, meterTransfer } from './cargo-devices';
import { doorsAtDock } from './cold-box';
import { stageReading } from './gauge';
import { enter, nextTrip, type SimContext } from './moves';
import { levelMm, roundVt, v20 } from './tanks';
import { thresholdsFor } from './thresholds';
import { processOf, type TruckSim } from './truck-sim';

const MIN = 60_000;
/** Per unloading at alarmRate 1: water standing in the unloading pipe (3). */
const PIPE_WATER_RATE = 0.01;
/** Per compartment: the valve shut early and the empty check finds fuel left. */
const NOT_EMPTY_RATE = 0.03;
/** Per unloading: the station's attendant looks into a compartment through its cover while it drains. */
const LOOK_INSIDE_RATE = 0.6;
/** Litres of pipe per millimetre of water standing in it (a DN80 pipe's sump). */
export const PIPE_LITRES_PER_MM = 0.05;

function round6(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

function pipeWater(ctx: SimContext, t: TruckSim, now: number): void {
  if (!t.rng.chance(Math.min(1, PIPE_WATER_RATE * ctx.alarmRate))) return;
  const compartment = t.rng.int(1, t.tanks.length);
  const waterMm = t.rng.int(5, 40);
  const facts = { compartment, waterMm, waterVolume: roundVt(waterMm * PIPE_LITRES_PER_MM), process: processOf(t) };
  ctx.emit(t, 'pipe_water', now, null, { ...facts, area: t.area });
  ctx.raise(t, genericAlarm(t, 3, now, facts, '卸油管道存水'), false);
}

/** Arrival at the station: the take-over, while the station checks the seals, lets the product settle and dips its tank. */
export function startUnloading(ctx: SimContext, t: TruckSim, now: number): void {
  enter(t, 'unloadTakeOver', now, now + t.rng.int(5, 15) * MIN);
  const trip = t.trip;
  const tanker = isTanker(t);
  for (const tank of t.tanks) {
    tank.vt = Math.min(tank.capacity, Math.max(0, tank.vt * (1 - tank.lossRate)));
    tank.before = tank.vt;
    tank.residual = tanker && tank.vt > 0 && t.rng.chance(NOT_EMPTY_RATE) ? Math.min(tank.vt, t.rng.float(15, 150)) : 0;
    tank.sealed = false;
  }
  if (trip) trip.station = t.dest;
  if (tanker) pipeWater(ctx, t, now);
}

/** The take-over is done, with the arrival reading (the trip's `arrived` figures): the valves open one by one. */
export function beginUnloading(ctx: SimContext, t: TruckSim, now: number): void {
  stageReading(ctx, t, now);
  t.tankIndex = 0;
  t.stepStart = now;
  enter(t, 'unloading', now, t.tanks.length === 0 ? now + t.rng.int(10, 20) * MIN : now);
}

function compartmentUnloaded(ctx: SimContext, t: TruckSim, index: number, now: number): void {
  const tank = t.tanks[index];
  const trip = t.trip;
  // A compartment that travelled empty has nothing to report.
  if (!tank || tank.before <= 0 || !isTanker(t)) return;
  const compartment = index + 1;
  const taskCode = trip?.taskCode ?? '';
  const delivered = tank.before - tank.vt;
  const temperature = productTemperature(ctx, t, now);
  lockOpened(ctx, t, compartment, t.stepStart);
  const meter = meterTransfer(ctx, t, {
    process: 'unloading', compartment, oilCode: tank.oilCode, litres: delivered, start: t.stepStart, end: now, taskCode,
  });
  ctx.emit(t, 'unload', t.stepStart, now, {
    taskCode, stationCode: trip?.station?.code ?? '', stationName: trip?.station?.name ?? '', compartment, oilCode: tank.oilCode,
    volume: roundVt(delivered), v20: v20(delivered, temperature, tank.oilCode), before: roundVt(tank.before), after: roundVt(tank.vt),
    temperature, meterNo: meter.meterNo, meterVolume: meter.meterVolume, area: t.area,
  });
  emergencyStop(ctx, t, compartment, t.stepStart, now);
}

function balances(t: TruckSim): CompartmentBalance[] {
  return t.tanks.flatMap((tank, i) => {
    if (tank.loaded <= 0) return [];
    const loss = tank.loaded - tank.before;
    return [{
      compartment: i + 1, oilCode: tank.oilCode, loaded: roundVt(tank.loaded), arrived: roundVt(tank.before),
      delivered: roundVt(tank.before - tank.vt), loss: roundVt(loss), lossRate: round6(loss / tank.loaded),
    }];
  });
}

function finishUnloading(ctx: SimContext, t: TruckSim, now: number): void {
  const trip = t.trip;
  if (trip && isTanker(t)) {
    const unloadVolume = t.tanks.reduce((sum, tank) => sum + tank.before, 0);
    const deliveredVolume = t.tanks.reduce((sum, tank) => sum + tank.before - tank.vt, 0);
    const loss = trip.loadVolume - unloadVolume;
    const lossRate = trip.loadVolume > 0 ? loss / trip.loadVolume : 0;
    // The company's high loss rate (manage_patameter; 3‰ by default).
    const threshold = thresholdsFor(ctx).limits(t.spec.companyCode).highLossRate;
    const abnormal = Math.abs(lossRate) > threshold;
    ctx.emit(t, 'trip', trip.startTime, now, {
      taskCode: trip.taskCode, depotName: trip.depot?.name ?? '', stationName: trip.station?.name ?? '',
      oilCodes: t.tanks.map((tank) => tank.oilCode), loadVolume: roundVt(trip.loadVolume), unloadVolume: roundVt(unloadVolume),
      deliveredVolume: roundVt(deliveredVolume), loss: roundVt(loss), lossRate: round6(lossRate), highLossRateThreshold: threshold, abnormal, compartments: balances(t),
      startArea: trip.startArea, endArea: t.area,
    });
    if (abnormal) {
      const facts = { loadVolume: trip.loadVolume, loss, startTime: trip.startTime, endTime: now, startArea: trip.startArea, endArea: t.area };
      ctx.raise(t, highLossAlarm(t, facts, trip.startTime, threshold), true);
    }
  }
  enter(t, 'unloadStopped', now, now + t.rng.int(1, 3) * MIN);
}

/** Unloading has stopped (valves shut, hose off): the console reads what stayed on board, and the wait for draining begins. */
export function endUnloadingStop(ctx: SimContext, t: TruckSim, now: number): void {
  stageReading(ctx, t, now);
  enter(t, 'waitEmpty', now, now + t.rng.int(2, 5) * MIN);
}

/**
 * While the compartments drain, the station's attendant often climbs up and looks into one through its cover (a
 * station's unloading procedure: check the truck is empty): normal at a station, so neither a seal break nor an alarm.
 */
function lookInside(ctx: SimContext, t: TruckSim, now: number): void {
  const unloaded = t.tanks.flatMap((tank, i) => (tank.before > 0 ? [i] : []));
  if (unloaded.length === 0 || !t.rng.chance(LOOK_INSIDE_RATE)) return;
  const opened = t.since + t.rng.int(0, 60) * 1000;
  const closed = Math.min(now, opened + t.rng.int(40, 90) * 1000);
  ctx.emit(t, 'switch_cover', opened, closed, {
    compartment: t.rng.pick(unloaded) + 1, process: processOf(t), abnormal: false, durationSec: Math.round((closed - opened) / 1000), area: t.area,
  });
}

export function unloading(ctx: SimContext, t: TruckSim, from: number, to: number): void {
  if (to < t.until) return;
  if (t.tanks.length === 0) {
    doorsAtDock(ctx, t, 'unloading', t.stepStart, to);
    t.cargo = false;
    finishUnloading(ctx, t, to);
    return;
  }
  const tank = t.tanks[t.tankIndex];
  if (!tank) return finishUnloading(ctx, t, to);
  tank.vt = Math.max(tank.residual, tank.vt - (1200 * (to - Math.max(from, t.until))) / MIN);
  if (tank.vt > tank.residual) return;
  compartmentUnloaded(ctx, t, t.tankIndex, to);
  t.tankIndex += 1;
  t.stepStart = to;
  if (t.tankIndex >= t.tanks.length) finishUnloading(ctx, t, to);
}

/** The wait for emptying is over: each unloaded compartment is checked (a few keep fuel), then the next job. */
export function endWaitEmpty(ctx: SimContext, t: TruckSim, now: number): void {
  const trip = t.trip;
  if (trip && isTanker(t)) {
    lookInside(ctx, t, now);
    t.tanks.forEach((tank, i) => {
      if (tank.before <= 0) return;
      // An empty compartment's gauge still reads a litre or two: film on the walls, probe noise.
      const residualVt = tank.vt > 0 ? roundVt(tank.vt) : roundVt(t.rng.float(0, 2.5));
      ctx.emit(t, 'empty_check', t.since, now, {
        taskCode: trip.taskCode, compartment: i + 1, oilCode: tank.oilCode, residualVt, residualLevelMm: levelMm(residualVt, tank.capacity),
        empty: residualVt <= EMPTY_TOLERANCE_L, stationName: trip.station?.name ?? '', area: t.area,
      });
    });
  }
  t.trip = null;
  nextTrip(ctx, t, now);
}
