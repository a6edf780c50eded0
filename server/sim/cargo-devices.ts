// What a tanker's devices record while a compartment is filled or emptied: the flow meter, the locks, the emergency valve.
import type { TransferProcess } from '../../domain/process-states';
import { roundCoord } from './city';
import { DISPATCHERS } from './cargo';
import type { SimContext } from './moves';
import { roundVt } from './tanks';
import { processOf, type TruckSim } from './truck-sim';

const MIN = 60_000;
/** Chance per compartment filled or emptied that someone hits the emergency stop (or an overfill probe trips it). */
const EMERGENCY_STOP_RATE = 0.004;

interface MeterReading {
  readonly meterNo: string | null;
  readonly meterVolume: number | null;
}

const NO_METER: MeterReading = { meterNo: null, meterVolume: null };

/**
 * A transfer through the truck's meter, if it has one: the meter reads within about ±0.15% of the gauge, its
 * totaliser moves on, and flow_change records both ends.
 */
export function meterTransfer(
  ctx: SimContext, t: TruckSim, transfer: {
    readonly process: TransferProcess; readonly compartment: number; readonly oilCode: number; readonly litres: number;
    readonly start: number; readonly end: number; readonly taskCode: string;
  },
): MeterReading {
  const meter = t.meters[0];
  if (!meter || transfer.litres <= 0) return NO_METER;
  const volume = roundVt(transfer.litres * (1 + t.rng.normal(0, 0.0015)));
  const startTotaliser = meter.totaliser;
  meter.totaliser = roundVt(meter.totaliser + volume);
  ctx.emit(t, 'flow_change', transfer.start, transfer.end, {
    taskCode: transfer.taskCode, meterNo: meter.no, compartment: transfer.compartment, oilCode: transfer.oilCode,
    startTotaliser, endTotaliser: meter.totaliser, volume, process: transfer.process, area: t.area,
  });
  return { meterNo: meter.no, meterVolume: volume };
}

/**
 * Now and then a transfer is cut by the emergency valve: the button closes every compartment, an overfill probe or a
 * lost earth only the one being filled; it opens again a few minutes later, both within the transfer's span.
 */
export function emergencyStop(ctx: SimContext, t: TruckSim, compartment: number, start: number, end: number): void {
  if (end - start < 2 * MIN || !t.rng.chance(EMERGENCY_STOP_RATE)) return;
  const closedAt = start + Math.floor(t.rng.float(0, 0.5) * (end - start));
  const openedAt = Math.min(end, closedAt + t.rng.int(1, 6) * MIN);
  const which = t.rng.chance(0.6) ? null : compartment;
  const where = { process: processOf(t), area: t.area, lat: roundCoord(t.lat), lng: roundCoord(t.lng) };
  ctx.emit(t, 'emergency_valve', closedAt, null, { compartment: which, action: 'close', ...where });
  ctx.emit(t, 'emergency_valve', openedAt, null, { compartment: which, action: 'open', ...where });
}

/** The compartment's lock opened for unloading: by the driver's card or password, from the office, or by key (unauthorised). */
export function lockOpened(ctx: SimContext, t: TruckSim, compartment: number, time: number): void {
  const method = t.rng.weighted([['card', 60], ['password', 30], ['remote', 8], ['key', 2]] as const);
  ctx.emit(t, 'lock_open', time, null, {
    compartment, method, operator: method === 'remote' ? t.rng.pick(DISPATCHERS) : t.spec.driverName,
    authorized: method !== 'key', process: processOf(t), area: t.area,
  });
}
