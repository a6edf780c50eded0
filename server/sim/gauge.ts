// A tanker's sensors: the level gauge's periodic inventory reading of every compartment, and vapour pressure on the road.
import type { TankReading } from '../../domain/events';
import { isTanker } from './cargo';
import type { SimContext } from './moves';
import { perHour } from './random';
import { WATER, density, levelMm, roundVt, v20 } from './tanks';
import { DRIVING, gaugedVt, hasLoad, processOf, type TruckSim } from './truck-sim';

/** Breather valves on road tankers open near +6 kPa; a sensor reporting more is a high pressure. */
const PRESSURE_LIMIT_KPA = 6;
/** Pressure reports per loaded driving hour, and the share of them over the limit (a stuck valve, a hot afternoon). */
const PRESSURE_PER_HOUR = 0.3;
const HIGH_PRESSURE_SHARE = 0.06;
/** Millimetres one degree of tilt moves a probe's raw reading per compartment away from the middle of the barrel. */
const TILT_MM_PER_DEG = 9;

function round1(value: number): number {
  return Math.round(value * 10) / 10;
}

/** Degrees off level: a yard or forecourt is nearly flat, a road's camber and slopes are not. */
function tilt(t: TruckSim): number {
  return round1(DRIVING.has(t.phase) ? Math.abs(t.rng.normal(0, 0.8)) : t.rng.float(0, 0.4));
}

/**
 * Every compartment's reading while the truck carries fuel. The product's temperature drifts toward the air's; the raw
 * level leans with the tilt, front and rear compartments opposite ways; water shows only where water was loaded.
 */
export function levelReading(ctx: SimContext, t: TruckSim, now: number): void {
  if (hasLoad(t)) readAll(ctx, t, now);
}

/**
 * The reading a tanker's console records as a stage of its process ends, loaded or empty: when it has started
 * (initializing), when loading has stopped (what the trip's `loaded` figures are), after the take-over at the station
 * (its `arrived` figures) and when unloading has stopped (what stayed on board).
 */
export function stageReading(ctx: SimContext, t: TruckSim, now: number): void {
  readAll(ctx, t, now);
}

function readAll(ctx: SimContext, t: TruckSim, now: number): void {
  if (!isTanker(t)) return;
  const air = ctx.ambient(now);
  const tiltDeg = tilt(t);
  const middle = (t.tanks.length - 1) / 2;
  const tanks = t.tanks.map((tank, i): TankReading => {
    tank.temperature = round1(tank.temperature + (air - tank.temperature) * 0.15);
    const level = levelMm(tank.vt, tank.capacity);
    const raw = tank.vt > 0 ? Math.max(0, Math.round(level + tiltDeg * TILT_MM_PER_DEG * (i - middle) + t.rng.normal(0, 1.5))) : 0;
    // Through a confirmed tank table the gauge reports the table's volume; without one, the true volume.
    const volume = t.gauge ? gaugedVt(t, i, tank) : tank.vt;
    return {
      compartment: i + 1, oilCode: tank.oilCode, rawLevelMm: raw, levelMm: level, vt: roundVt(volume),
      v20: v20(volume, tank.temperature, tank.oilCode), temperature: tank.temperature, density: density(tank.oilCode), tiltDeg,
      waterMm: tank.oilCode === WATER ? level : 0,
    };
  });
  ctx.emit(t, 'level', now, null, { tanks, process: processOf(t), area: t.area });
}

/** Now and then on the way to a station, a gasoline compartment's pressure sensor reports; warm product reads higher. */
export function pressureReport(ctx: SimContext, t: TruckSim, from: number, to: number): void {
  if (t.phase !== 'toStation' || !isTanker(t) || !t.rng.chance(perHour(PRESSURE_PER_HOUR, to - from))) return;
  const gasoline = t.tanks.flatMap((tank, i) => (tank.vt > 0 && tank.oilCode > 0 ? [i] : []));
  if (gasoline.length === 0) return;
  const index = t.rng.pick(gasoline);
  const tank = t.tanks[index];
  if (!tank) return;
  const pressure = t.rng.chance(HIGH_PRESSURE_SHARE)
    ? t.rng.float(6.2, 9)
    : Math.min(5.8, Math.max(0.2, 1 + (tank.temperature - 10) * 0.15 + t.rng.normal(0, 0.6)));
  const pressureKpa = round1(pressure);
  ctx.emit(t, 'pressure', to, null, {
    compartment: index + 1, oilCode: tank.oilCode, pressureKpa, limitKpa: PRESSURE_LIMIT_KPA, abnormal: pressureKpa > PRESSURE_LIMIT_KPA,
    process: 'transporting', area: t.area,
  });
}
