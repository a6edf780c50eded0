// What happens on the road besides driving: random alarms, speeding, roadside stops, covers and box doors opened in
// transit, tank pressure reports.
import type { AlarmTypeId } from '../../src/domain/alarm-types';
import {
  DEVICE_SPEED_LIMIT, DRIVING_ALARM_RATES, DRIVING_ALARM_TOTAL, SPEED_LIMIT, genericAlarm, overspeedAlarm,
} from './alarm-props';
import { roundCoord } from './city';
import { roadDoor } from './cold-box';
import { pressureReport } from './gauge';
import { enter, type SimContext } from './moves';
import { perHour } from './random';
import { DRIVING, type TruckSim } from './truck-sim';

const MIN = 60_000;

/** Per driving hour at alarmRate 1. */
const SPEEDING_PER_HOUR = 0.1;
const ROAD_STOP_PER_HOUR = 0.15;
const COVER_OPEN_PER_HOUR = 0.02;

/** Properties a device adds to a random alarm besides position and speed. */
export function detailsFor(type: AlarmTypeId, t: TruckSim): Record<string, unknown> {
  if (type === 5) return { kind: t.rng.pick(['accelerate', 'brake']), g: Math.round(t.rng.float(0.3, 0.6) * 100) / 100 };
  if (type === 6) return { limit: 40, radius: t.rng.int(30, 120) };
  if (type === 206) return { previousSpeed: Math.round(t.speed), reportedSpeed: t.rng.int(130, 200) };
  if (type === 44 || type === 201) return {};
  return { level: t.rng.weighted([[1, 60], [2, 30], [3, 10]] as const) };
}

function closeEpisodes(ctx: SimContext, t: TruckSim, now: number): void {
  const cover = t.cover;
  if (cover && now >= cover.until) {
    ctx.emit(t, 'switch_cover', cover.start, now, {
      compartment: cover.compartment, process: 'transporting', abnormal: true, durationSec: Math.round((now - cover.start) / 1000), area: t.area,
    });
    t.cover = null;
  }
  const s = t.speeding;
  if (s && (now >= s.until || !DRIVING.has(t.phase)) && t.speed <= SPEED_LIMIT) {
    if (s.max > SPEED_LIMIT) {
      ctx.emit(t, 'overspeed', s.overAt ?? s.start, now, {
        maxSpeed: Math.round(s.max), limit: SPEED_LIMIT, durationSec: Math.round((now - s.start) / 1000), area: t.area,
      });
    }
    t.speeding = null;
  }
}

function speeding(ctx: SimContext, t: TruckSim, from: number, to: number): void {
  const s = t.speeding;
  if (!s) {
    if (t.rng.chance(perHour(SPEEDING_PER_HOUR * ctx.alarmRate, to - from))) {
      t.speeding = {
        start: to, target: t.rng.float(84, 98), until: to + t.rng.int(1, 4) * MIN, max: t.speed, overAt: null,
        platformAlarmed: false, deviceAlarmed: false,
      };
    }
    return;
  }
  s.max = Math.max(s.max, t.speed);
  if (t.speed > SPEED_LIMIT && !s.platformAlarmed) {
    s.platformAlarmed = true;
    s.overAt = to;
    ctx.raise(t, overspeedAlarm(t, 2, to), true);
  }
  if (t.speed > DEVICE_SPEED_LIMIT && !s.deviceAlarmed) {
    s.deviceAlarmed = true;
    ctx.raise(t, overspeedAlarm(t, 45, to), true);
  }
}

function coverOpened(ctx: SimContext, t: TruckSim, from: number, to: number): void {
  if (t.cover || t.phase !== 'toStation') return;
  const sealed = t.tanks.map((tank, i) => (tank.sealed ? i : -1)).filter((i) => i >= 0);
  if (sealed.length === 0 || !t.rng.chance(perHour(COVER_OPEN_PER_HOUR * ctx.alarmRate, to - from))) return;
  const index = t.rng.pick(sealed);
  const tank = t.tanks[index];
  if (tank) tank.sealed = false;
  t.cover = { compartment: index + 1, start: to, until: to + t.rng.int(1, 5) * MIN };
  ctx.emit(t, 'seal_break', to, null, { compartment: index + 1, process: 'transporting', area: t.area, lat: roundCoord(t.lat), lng: roundCoord(t.lng) });
  // 1 shares its start with the seal_break and switch_cover rows, so the console can go from the pop-up to them.
  ctx.raise(t, genericAlarm(t, 1, to, { compartment: index + 1, process: 'transporting' }, `${index + 1} 号仓运输途中开盖`), false);
}

/** Road events for one truck over one step; runs after the phase step, so a stop begins where the truck now is. */
export function roadIncidents(ctx: SimContext, t: TruckSim, from: number, to: number): void {
  closeEpisodes(ctx, t, to);
  if (!DRIVING.has(t.phase)) return;
  if (t.rng.chance(perHour(DRIVING_ALARM_TOTAL * ctx.alarmRate, to - from))) {
    const type = t.rng.weighted(DRIVING_ALARM_RATES);
    ctx.raise(t, genericAlarm(t, type, to, detailsFor(type, t)), false);
  }
  if (t.phase === 'spraying') return;
  speeding(ctx, t, from, to);
  coverOpened(ctx, t, from, to);
  pressureReport(ctx, t, from, to);
  roadDoor(ctx, t, from, to);
  if (!t.speeding && !t.cover && t.rng.chance(perHour(ROAD_STOP_PER_HOUR, to - from))) {
    t.resume = t.phase;
    enter(t, 'roadStop', to, to + t.rng.int(5, 30) * MIN);
    t.speed = 0;
    t.stopAlarmed = false;
  }
}
