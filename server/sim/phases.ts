// The truck's process state machine: parked → initializing → idle → to depot → loading → to station → unloading → next
// trip or home, each stage at a depot or station from its take-over to its stop (truck-sim.ts names the phases).
import { roadStopAlarm } from './incidents';
import { roundCoord } from './city';
import { spraying, tripUnderWay } from './cargo';
import { powerOff, powerOn } from './devices';
import { stageReading } from './gauge';
import { beginLoading, leaveDepot, loading, startLoading } from './loading';
import { drive, enter, goLoad, goTo, type SimContext } from './moves';
import { hasLoad, shiftMinutes, type TruckSim } from './truck-sim';
import { beginUnloading, endUnloadingStop, endWaitEmpty, startUnloading, unloading } from './unloading';

const MIN = 60_000;

function arriveHome(ctx: SimContext, t: TruckSim, now: number): void {
  ctx.emit(t, 'sign', t.shiftStart, now, {
    driverName: t.spec.driverName, driverCode: t.spec.driverCode, workMin: Math.round((now - t.shiftStart) / MIN), km: Math.round(t.shiftKm * 10) / 10,
  });
  powerOff(ctx, t, now);
  enter(t, 'parked', now, now + t.rng.int(4 * 60, 14 * 60) * MIN);
}

function parked(ctx: SimContext, t: TruckSim, now: number): void {
  if (now < t.until) return;
  ctx.emit(t, 'parking', t.since, now, {
    inPark: true, parkName: t.spec.home.name, durationMin: Math.round((now - t.since) / MIN), area: t.area, lat: roundCoord(t.lat), lng: roundCoord(t.lng),
  });
  t.shiftStart = now;
  t.shiftEnd = now + shiftMinutes(t.rng) * MIN;
  t.shiftKm = 0;
  t.workAlarmed = false;
  if (!t.online) ctx.comeOnline(t, now);
  const voltage = Math.round(t.rng.float(24.5, 26.5) * 10) / 10;
  powerOn(ctx, t, now, voltage);
  ctx.emit(t, 'bootup', now, null, { voltage, area: t.area });
  enter(t, 'initializing', now, now + t.rng.int(1, 3) * MIN);
}

/** The console has started: it records every compartment's reading, then waits for a job. */
function initialized(ctx: SimContext, t: TruckSim, now: number): void {
  stageReading(ctx, t, now);
  enter(t, 'idle', now, now + t.rng.int(3, 10) * MIN);
}

function roadStop(ctx: SimContext, t: TruckSim, now: number): void {
  roadStopAlarm(ctx, t, now);
  if (now < t.until) return;
  ctx.emit(t, 'parking', t.since, now, {
    inPark: false, parkName: '', durationMin: Math.round((now - t.since) / MIN), area: t.area, lat: roundCoord(t.lat), lng: roundCoord(t.lng),
  });
  enter(t, t.resume, now);
}

/** Advances one truck's process from `from` to `to`; a phase that completes mid-step hands over at `to`. */
export function stepPhase(ctx: SimContext, t: TruckSim, from: number, to: number): void {
  switch (t.phase) {
    case 'parked': return parked(ctx, t, to);
    case 'initializing': if (to >= t.until) initialized(ctx, t, to); return;
    case 'idle':
      if (to < t.until) return;
      if (!hasLoad(t)) return goLoad(ctx, t, to);
      t.trip ??= tripUnderWay(t, to);
      if (t.spec.model === 'sprinkler') return enter(t, 'spraying', to);
      return goTo(t, t.rng.pick(ctx.fleet.stations), 'toStation', to);
    case 'toDepot': if (drive(t, from, to, t.cruise)) startLoading(ctx, t, to); return;
    case 'loadTakeOver': if (to >= t.until) beginLoading(t, to); return;
    case 'loading': return loading(ctx, t, from, to);
    case 'loadStopped': if (to >= t.until) leaveDepot(ctx, t, to); return;
    case 'toStation': if (drive(t, from, to, t.cruise)) startUnloading(ctx, t, to); return;
    case 'unloadTakeOver': if (to >= t.until) beginUnloading(ctx, t, to); return;
    case 'unloading': return unloading(ctx, t, from, to);
    case 'unloadStopped': if (to >= t.until) endUnloadingStop(ctx, t, to); return;
    case 'spraying': return spraying(ctx, t, from, to);
    case 'waitEmpty': if (to >= t.until) endWaitEmpty(ctx, t, to); return;
    case 'toPark': if (drive(t, from, to, t.cruise)) arriveHome(ctx, t, to); return;
    case 'roadStop': return roadStop(ctx, t, to);
  }
}
