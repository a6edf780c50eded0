// A refrigerated truck's cold box: each compartment's temperature and humidity against its limits, and its doors.
import type { ProcessState, TransferProcess } from '../../domain/process-states';
import type { SimContext } from './moves';
import { perHour } from './random';
import type { ColdZone, TruckSim } from './truck-sim';

const MIN = 60_000;
/** Chance per reading that the unit cannot hold its set point for a while (defrost cycle, compressor trip). */
const EXCURSION_PER_READING = 0.003;
/** Doors opened on the road, per driving hour: a driver checking the load, or someone else. */
const ROAD_DOOR_PER_HOUR = 0.06;

function round1(value: number): number {
  return Math.round(value * 10) / 10;
}

function abnormal(zone: ColdZone): boolean {
  return zone.temperature < zone.minTemperature || zone.temperature > zone.maxTemperature || zone.humidity > zone.maxHumidity;
}

/** Each cold compartment's reading: back toward the set point, or warming past the limit while an excursion lasts. */
export function coldReadings(ctx: SimContext, t: TruckSim, now: number): void {
  t.cold.forEach((zone, i) => {
    if (now >= zone.warmUntil && t.rng.chance(EXCURSION_PER_READING)) zone.warmUntil = now + t.rng.int(30, 90) * MIN;
    const warm = now < zone.warmUntil;
    const target = warm ? zone.maxTemperature + t.rng.float(1, 4) : zone.setPoint;
    zone.temperature = round1(zone.temperature + (target - zone.temperature) * 0.6 + t.rng.normal(0, 0.4));
    const humidity = zone.humidity + (80 - zone.humidity) * 0.3 + t.rng.normal(0, 3) + (warm ? 6 : 0);
    zone.humidity = Math.round(Math.min(99, Math.max(50, humidity)));
    ctx.emit(t, 'temp_humidity', now, null, {
      compartment: i + 1, temperature: zone.temperature, humidity: zone.humidity, minTemperature: zone.minTemperature,
      maxTemperature: zone.maxTemperature, maxHumidity: zone.maxHumidity, abnormal: abnormal(zone), area: t.area,
    });
  });
}

function doorOpen(ctx: SimContext, t: TruckSim, door: 'rear' | 'side', process: ProcessState, start: number, end: number): void {
  ctx.emit(t, 'box_door', start, end, {
    door, openSec: Math.round((end - start) / 1000), process, abnormal: process === 'transporting', area: t.area,
  });
  // Warm air comes in; the unit pulls the box back down over the next readings.
  for (const zone of t.cold) zone.temperature = round1(zone.temperature + t.rng.float(0.3, 2) * Math.min(1, (end - start) / (10 * MIN)));
}

/** Goods loaded or unloaded through the rear door for the whole span; now and then the side door too, briefly. */
export function doorsAtDock(ctx: SimContext, t: TruckSim, process: TransferProcess, start: number, end: number): void {
  if (t.cold.length === 0 || end <= start) return;
  doorOpen(ctx, t, 'rear', process, start, end);
  if (t.rng.chance(0.3)) {
    const sideStart = start + Math.floor(t.rng.float(0, 0.5) * (end - start));
    doorOpen(ctx, t, 'side', process, sideStart, Math.min(end, sideStart + t.rng.int(1, 4) * MIN));
  }
}

/** A door opened on the road (abnormal): written when it shuts, at the end of this step. */
export function roadDoor(ctx: SimContext, t: TruckSim, from: number, to: number): void {
  if (t.cold.length === 0 || !t.rng.chance(perHour(ROAD_DOOR_PER_HOUR, to - from))) return;
  doorOpen(ctx, t, t.rng.chance(0.7) ? 'rear' : 'side', 'transporting', to - t.rng.int(20, 240) * 1000, to);
}
