// The trip figures of a track (docs/playback.md): distance along the fixes, moving and parked time, the stops, and the
// gaps where the device was silent.
// Pure, over the wire's columns, so the console computes them from what it plays and tests pin the rules.
import type { TrackFixes } from './track-wire';

/** Below this speed a truck is standing (GPS jitter reports 1–2 km/h at rest). */
export const MOVING_KMH = 3;
/**
 * A stop is a spell parked of at least this long: the simulator writes a fix every minute live and every 3 minutes in
 * its history, so 5 minutes is two or more fixes at rest — not a traffic light, but a delivery, a break, a night.
 */
export const STOP_MIN_MS = 5 * 60_000;

/**
 * Two fixes further apart than this have a gap between them: the device was silent (parked with the engine off, no
 * signal). A moving truck reports every 30 s to 3 minutes.
 */
export const GAP_MS = 10 * 60_000;
/** The speed a gap's travel is assumed at when neither fix around it reports one: a city road's. */
export const ROAD_KMH = 40;
/** Two fixes of a truck at rest wander this far apart (GPS jitter): a gap between closer ones had no travel. */
const STILL_KM = 0.05;

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

/** A silence between two fixes longer than GAP_MS: what the map and the chart draw as a gap, not as a drive. */
interface TrackGap {
  readonly startTime: number;
  readonly endTime: number;
}

export interface TripFigures {
  readonly distanceKm: number;
  readonly movingMs: number;
  readonly parkedMs: number;
  readonly maxSpeed: number;
  readonly stops: readonly TripStop[];
  readonly gaps: readonly TrackGap[];
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

/**
 * How much of a gap the truck spent on the road: the straight line between the fixes at their mean reported speed (or
 * ROAD_KMH when they report none), never more than the gap. The rest it stood where the earlier fix left it, as a truck
 * that stops reporting when parked does.
 */
function gapTravelMs(fixes: TrackFixes, i: number, km: number, span: number): number {
  if (km < STILL_KM) return 0;
  const reported = ((fixes.speed[i] ?? 0) + (fixes.speed[i + 1] ?? 0)) / 2;
  const kmh = reported >= MOVING_KMH ? reported : ROAD_KMH;
  return Math.min(span, (km / kmh) * HOUR_MS);
}

export function tripFigures(fixes: TrackFixes): TripFigures {
  const { time, lat, lng, speed } = fixes;
  let distanceKm = 0;
  let movingMs = 0;
  let parkedMs = 0;
  const stops: TripStop[] = [];
  const gaps: TrackGap[] = [];
  let parkedFrom: number | undefined;
  const closeStop = (end: number) => {
    if (parkedFrom === undefined) return;
    const from = time[parkedFrom] ?? end;
    if (end - from >= STOP_MIN_MS) stops.push({ startTime: from, endTime: end, lat: lat[parkedFrom] ?? 0, lng: lng[parkedFrom] ?? 0 });
    parkedFrom = undefined;
  };
  for (let i = 0; i + 1 < time.length; i++) {
    const km = haversineKm(lat[i] ?? 0, lng[i] ?? 0, lat[i + 1] ?? 0, lng[i + 1] ?? 0);
    const start = time[i] ?? 0;
    const span = (time[i + 1] ?? 0) - start;
    if (span > GAP_MS) {
      gaps.push({ startTime: start, endTime: start + span });
      const travel = gapTravelMs(fixes, i, km, span);
      distanceKm += km;
      movingMs += travel;
      parkedMs += span - travel;
      if (span - travel > 0) parkedFrom ??= i;
      // Having left, the truck's stop ended when its travel to the next fix began.
      if (travel > 0) closeStop(start + span - travel);
    } else if (movedBetween(fixes, i, km)) {
      distanceKm += km;
      movingMs += span;
      closeStop(start);
    } else {
      parkedMs += span;
      parkedFrom ??= i;
    }
  }
  closeStop(time[time.length - 1] ?? 0);
  return { distanceKm, movingMs, parkedMs, maxSpeed: speed.reduce((max, value) => Math.max(max, value), 0), stops, gaps };
}
