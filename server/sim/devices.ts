// On-board devices over a shift: the supply switched on and off, flow meters' state at power-up, faults and their recovery.
import type { DeviceKind } from '../../domain/events';
import { isTanker } from './cargo';
import type { SimContext } from './moves';
import { perHour } from './random';
import type { TruckSim } from './truck-sim';

const MIN = 60_000;
/** Device faults per working hour; most clear within two hours, one in five lasts past the shift. */
const FAULT_PER_HOUR = 0.003;
const RECOVERS = 0.8;
/** Fault codes per device, as docs/events.md lists them. */
const FAULT_CODES: Readonly<Record<DeviceKind, readonly number[]>> = {
  probe: [11, 12, 13], seal: [21, 22], meter: [31, 32], valve: [41, 42], controller: [51, 52],
};
const METER_FAULT = 31;

/** A device of this truck and its number: probes C0–C4 (params spec tlscfg), seals by serial, valves by index. */
function pickDevice(t: TruckSim): { device: DeviceKind; deviceNo: string } {
  if (!isTanker(t)) return { device: 'controller', deviceNo: t.spec.consoleSn };
  const meter = t.meters[0];
  const device = t.rng.weighted<DeviceKind>([['probe', 30], ['seal', 30], ['valve', 15], ['controller', 15], ['meter', meter ? 10 : 0]]);
  const i = t.rng.int(0, t.tanks.length - 1);
  switch (device) {
    case 'probe': return { device, deviceNo: `C${i.toString(16).toUpperCase()}` };
    case 'seal': return { device, deviceNo: `${String(t.spec.id).padStart(7, '0')}${String(i + 1).padStart(2, '0')}1` };
    case 'valve': return { device, deviceNo: `V${i + 1}` };
    case 'meter': return { device, deviceNo: meter?.no ?? '' };
    case 'controller': return { device, deviceNo: t.spec.consoleSn };
  }
}

function startFault(t: TruckSim, now: number, device: DeviceKind, deviceNo: string, faultCode: number): void {
  const until = t.rng.chance(RECOVERS) ? now + t.rng.int(5, 120) * MIN : Number.POSITIVE_INFINITY;
  t.fault = { device, deviceNo, faultCode, start: now, until, area: t.area };
}

function writeFault(ctx: SimContext, t: TruckSim, end: number | null): void {
  const f = t.fault;
  if (!f) return;
  ctx.emit(t, 'device_fault', f.start, end, {
    device: f.device, deviceNo: f.deviceNo, faultCode: f.faultCode, recovered: end !== null, area: f.area,
  });
  t.fault = null;
}

/** A fault that cleared is written with its end; a new one may start while the truck works. */
export function deviceFaults(ctx: SimContext, t: TruckSim, from: number, to: number): void {
  if (t.fault && to >= t.fault.until) writeFault(ctx, t, t.fault.until);
  if (t.fault || t.phase === 'parked' || !t.online || !t.rng.chance(perHour(FAULT_PER_HOUR, to - from))) return;
  const { device, deviceNo } = pickDevice(t);
  startFault(t, to, device, deviceNo, t.rng.pick(FAULT_CODES[device]));
}

/** Shift start: the main switch (if it was turned off) and the ignition; each meter reports its state. */
export function powerOn(ctx: SimContext, t: TruckSim, now: number, voltage: number): void {
  if (t.mainSwitchOff) ctx.emit(t, 'power', now, null, { action: 'on', source: 'main_switch', voltage, area: t.area });
  t.mainSwitchOff = false;
  ctx.emit(t, 'power', now, null, { action: 'on', source: 'ignition', voltage, area: t.area });
  for (const meter of t.meters) {
    const state = t.rng.weighted([['normal', 96], ['fault', 2], ['offline', 2]] as const);
    ctx.emit(t, 'meter_status', now, null, { meterNo: meter.no, state, totaliser: meter.totaliser, area: t.area });
    if (state === 'fault' && !t.fault) startFault(t, now, 'meter', meter.no, METER_FAULT);
  }
}

/** Shift end: a fault still open is written unrecovered; the ignition goes off, and now and then the main switch after it. */
export function powerOff(ctx: SimContext, t: TruckSim, now: number): void {
  writeFault(ctx, t, null);
  const voltage = Math.round(t.rng.float(24, 25.6) * 10) / 10;
  ctx.emit(t, 'power', now, null, { action: 'off', source: 'ignition', voltage, area: t.area });
  if (t.rng.chance(0.25)) {
    t.mainSwitchOff = true;
    ctx.emit(t, 'power', now, null, { action: 'off', source: 'main_switch', voltage, area: t.area });
  }
}
