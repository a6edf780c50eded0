// The playback clock (docs/playback.md): where the track is at a moment, and how that moment moves when playing at
// ×1…×20 or when the user seeks. Pure: the console drives it from requestAnimationFrame with the real time elapsed.
import type { TrackFixes } from './track-wire';

export const PLAYBACK_SPEEDS = [1, 2, 5, 10, 20] as const;
export type PlaybackSpeed = (typeof PLAYBACK_SPEEDS)[number];

/**
 * Track time per real time at ×1: a minute of the track a second, so a day plays in 24 minutes at ×1 and 72 seconds at
 * ×20, and 3 days in under 4 minutes (real time at ×1 would make a day of playback a day long).
 */
export const BASE_RATE = 60;

export interface ClockRange {
  readonly start: number;
  readonly end: number;
}

export interface PlaybackClock {
  /** The track time shown, epoch ms, within the range. */
  readonly time: number;
  readonly playing: boolean;
  readonly speed: PlaybackSpeed;
}

export function isPlaybackSpeed(value: number): value is PlaybackSpeed {
  return (PLAYBACK_SPEEDS as readonly number[]).includes(value);
}

export function startClock(range: ClockRange): PlaybackClock {
  return { time: range.start, playing: false, speed: 1 };
}

const clamp = (time: number, range: ClockRange) => Math.min(range.end, Math.max(range.start, time));

/** `realMs` of real time later; reaching the end pauses there. */
export function advance(clock: PlaybackClock, realMs: number, range: ClockRange): PlaybackClock {
  if (!clock.playing || realMs <= 0) return clock;
  const time = clamp(clock.time + realMs * BASE_RATE * clock.speed, range);
  return { ...clock, time, playing: time < range.end };
}

/** Plays on from here; from the start again when at the end. */
export function play(clock: PlaybackClock, range: ClockRange): PlaybackClock {
  return { ...clock, playing: range.end > range.start, time: clock.time >= range.end ? range.start : clock.time };
}

export function pause(clock: PlaybackClock): PlaybackClock {
  return { ...clock, playing: false };
}

/** Seeking keeps playing if it was playing. */
export function seek(clock: PlaybackClock, time: number, range: ClockRange): PlaybackClock {
  return { ...clock, time: clamp(time, range) };
}

export function setSpeed(clock: PlaybackClock, speed: PlaybackSpeed): PlaybackClock {
  return { ...clock, speed };
}

export interface TrackPosition {
  readonly lat: number;
  readonly lng: number;
  readonly speed: number;
  readonly heading: number;
  /** The last fix at or before the time (0 before the first). */
  readonly index: number;
}

/** The last index whose time is at or before `time`, -1 when every fix is after it (binary search). */
export function fixIndexAt(times: readonly number[], time: number): number {
  let low = 0;
  let high = times.length - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if ((times[middle] ?? Infinity) <= time) {
      found = middle;
      low = middle + 1;
    } else high = middle - 1;
  }
  return found;
}

/** Heading between two, the short way round (350° to 10° passes north). */
function turn(from: number, to: number, fraction: number): number {
  const delta = ((((to - from) % 360) + 540) % 360) - 180;
  return (((from + delta * fraction) % 360) + 360) % 360;
}

/** Where the truck was at `time`: between two fixes, in proportion; before the first or after the last, there. */
export function positionAt(fixes: TrackFixes, time: number): TrackPosition | undefined {
  const { time: times, lat, lng, speed, heading } = fixes;
  if (times.length === 0) return undefined;
  const i = Math.max(0, fixIndexAt(times, time));
  const t0 = times[i] ?? time;
  const t1 = times[i + 1];
  const at = (column: readonly number[], index: number) => column[index] ?? 0;
  if (t1 === undefined || time <= t0) {
    return { lat: at(lat, i), lng: at(lng, i), speed: at(speed, i), heading: at(heading, i), index: i };
  }
  const f = (time - t0) / (t1 - t0);
  const mix = (column: readonly number[]) => at(column, i) + (at(column, i + 1) - at(column, i)) * f;
  return { lat: mix(lat), lng: mix(lng), speed: mix(speed), heading: turn(at(heading, i), at(heading, i + 1), f), index: i };
}
