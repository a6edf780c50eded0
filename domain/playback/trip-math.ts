// The trip figures of a track (docs/playback.md): distance along the fixes, moving and parked time, and the stops.
// Pure, over the wire's columns, so the console computes them from what it plays and tests pin the rules.
import type { TrackFixes } from './track-wire';

/** Below this speed a truck is standing (GPS jitter reports 1–2 km/h at rest). */
export const MOVING_KMH = 3;
/**
 * A stop is a spell parked of at least this long: the simulator writes a fix every minute live and every 3 minutes in
 * its history, so 5 minutes is two or more fixes at rest — not a traffic light, but a delivery, a break, a night.
 */
export const STOP_MIN_MS = 5 * 60_000;

const EARTH_RADIUS_KM = 6371.0088;
const HOUR_MS = 3_600_000;

/** Great-circle distance in km between two WGS-84 points (haversine; metres off over a city, which is fine here). */
export function haversineKm(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLng = (lng2 - lng1) * rad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}

interface TripStop {
  readonly startTime: number;
  readonly endTime: number;
  readonly lat: number;
  readonly lng: number;
}

export interface TripFigures {
  readonly distanceKm: number;
  readonly movingMs: number;
  readonly parkedMs: number;
  readonly maxSpeed: number;
  readonly stops: readonly TripStop[];
}

/**
 * Whether the truck moved between fix i and i + 1: the two fixes' mean reported speed, or the straight-line speed
 * between them (a truck that reports 0 at both ends but is 2 km further on moved), reaches MOVING_KMH.
 */
function movedBetween(fixes: TrackFixes, i: number, km: number): boolean {
  const reported = ((fixes.speed[i] ?? 0) + (fixes.speed[i + 1] ?? 0)) / 2;
  const hours = ((fixes.time[i + 1] ?? 0) - (fixes.time[i] ?? 0)) / HOUR_MS;
  return reported >= MOVING_KMH || (hours > 0 && km / hours >= MOVING_KMH);
}

export function tripFigures(fixes: TrackFixes): TripFigures {
  const { time, lat, lng, speed } = fixes;
  let distanceKm = 0;
  let movingMs = 0;
  let parkedMs = 0;
  const stops: TripStop[] = [];
  let parkedFrom: number | undefined;
  const closeStop = (end: number) => {
    if (parkedFrom === undefined) return;
    const from = time[parkedFrom] ?? end;
    if (end - from >= STOP_MIN_MS) stops.push({ startTime: from, endTime: end, lat: lat[parkedFrom] ?? 0, lng: lng[parkedFrom] ?? 0 });
    parkedFrom = undefined;
  };
  for (let i = 0; i + 1 < time.length; i++) {
    const km = haversineKm(lat[i] ?? 0, lng[i] ?? 0, lat[i + 1] ?? 0, lng[i + 1] ?? 0);
    const span = (time[i + 1] ?? 0) - (time[i] ?? 0);
    if (movedBetween(fixes, i, km)) {
      distanceKm += km;
      movingMs += span;
      closeStop(time[i] ?? 0);
    } else {
      parkedMs += span;
      parkedFrom ??= i;
    }
  }
  closeStop(time[time.length - 1] ?? 0);
  return { distanceKm, movingMs, parkedMs, maxSpeed: speed.reduce((max, value) => Math.max(max, value), 0), stops };
}
