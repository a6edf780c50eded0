// What happens on the road besides driving: random alarms, speeding, roadside stops, covers and box doors opened in
// transit, tank pressure reports. Speeding, stops and covers are judged by the company's thresholds (docs/thresholds.md).
import type { AlarmTypeId } from '../../domain/alarm-types';
import {
  DEVICE_SPEED_LIMIT, DRIVING_ALARM_RATES, DRIVING_ALARM_TOTAL, genericAlarm, overspeedAlarm,
} from './alarm-props';
import { roundCoord } from './city';
import { roadDoor } from './cold-box';
import { pressureReport } from './gauge';
import { enter, type SimContext } from './moves';
import { perHour } from './random';
import { thresholdsFor } from './thresholds';
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

/** Covers opened inside one of the company's no-abnormal areas, until they close: their row is not abnormal. */
const coversInArea = new WeakSet<TruckSim>();

function closeEpisodes(ctx: SimContext, t: TruckSim, now: number): void {
  const cover = t.cover;
  if (cover && now >= cover.until) {
    ctx.emit(t, 'switch_cover', cover.start, now, {
      compartment: cover.compartment, process: 'transporting', abnormal: !coversInArea.has(t), durationSec: Math.round((now - cover.start) / 1000), area: t.area,
    });
    t.cover = null;
    coversInArea.delete(t);
  }
  const s = t.speeding;
  if (!s) return;
  // The limit an episode is judged by is the one in force when it ends: a threshold changed meanwhile acts at once.
  const limit = thresholdsFor(ctx).limits(t.spec.companyCode).overspeedKmh;
  if ((now >= s.until || !DRIVING.has(t.phase)) && t.speed <= limit) {
    if (s.max > limit) {
      ctx.emit(t, 'overspeed', s.overAt ?? s.start, now, {
        maxSpeed: Math.round(s.max), limit, durationSec: Math.round((now - s.start) / 1000), area: t.area,
      });
    }
    t.speeding = null;
  }
}

/**
 * A speeding episode's step: one may begin at random; under way, the platform's alarm (2) fires the first time the
 * speed is above the company's overspeed threshold, the device's own (45) above its fixed limit.
 */
export function speeding(ctx: SimContext, t: TruckSim, from: number, to: number): void {
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
  const limit = thresholdsFor(ctx).limits(t.spec.companyCode).overspeedKmh;
  if (t.speed > limit && !s.platformAlarmed) {
    s.platformAlarmed = true;
    s.overAt = to;
    ctx.raise(t, overspeedAlarm(t, 2, to, limit), true);
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
  openCover(ctx, t, t.rng.pick(sealed), to, to + t.rng.int(1, 5) * MIN);
}

/**
 * A sealed compartment's cover opened on the road at `now`, closing at `until`. Outside the company's no-abnormal
 * areas it is abnormal: the seal_break row and the cover alarm (1); inside one, as at a depot or station, neither, and
 * its switch_cover row is not abnormal.
 */
export function openCover(ctx: SimContext, t: TruckSim, index: number, now: number, until: number): void {
  const tank = t.tanks[index];
  if (tank) tank.sealed = false;
  t.cover = { compartment: index + 1, start: now, until };
  if (thresholdsFor(ctx).noAbnormalAreaAt(t.spec.companyCode, t.lat, t.lng)) {
    coversInArea.add(t);
    return;
  }
  coversInArea.delete(t);
  ctx.emit(t, 'seal_break', now, null, { compartment: index + 1, process: 'transporting', area: t.area, lat: roundCoord(t.lat), lng: roundCoord(t.lng) });
  // 1 shares its start with the seal_break and switch_cover rows, so the console can go from the pop-up to them.
  ctx.raise(t, genericAlarm(t, 1, now, { compartment: index + 1, process: 'transporting' }, `${index + 1} 号仓运输途中开盖`), false);
}

/**
 * A roadside stop's alarm (4): raised once per stop, when it has lasted the company's parking timeout in force when it
 * began (the alarm_parking list applies the same), dated from the stop's start as its parking row is, so the console
 * finds one from the other. The phase step checks it at the stop's last step too, before the stop ends.
 */
export function roadStopAlarm(ctx: SimContext, t: TruckSim, now: number): void {
  if (t.phase !== 'roadStop' || t.stopAlarmed) return;
  const timeout = thresholdsFor(ctx).timeoutsAt(t.spec.companyCode, t.since).parkingTimeoutMin;
  if (now < t.since + timeout * MIN) return;
  t.stopAlarmed = true;
  ctx.raise(t, genericAlarm(t, 4, t.since, { durationMin: timeout }, `路边停车超过 ${timeout} 分钟`), true);
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
