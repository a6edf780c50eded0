// Trucks' heartbeat modules: which fail (in windows of a weekly cycle), which stall now and then, and when each is silent.
import { HEARTBEAT_OVERTIME_MS } from '../../domain/constants';
import { Rng, hashSeed } from './random';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
/** Broken windows repeat weekly from the epoch, not from a run's start, so a backfill and any later live run agree. */
export const BROKEN_CYCLE_MS = 7 * DAY;
/**
 * The broken trucks' two groups: A over [0, 4.5 d) of the cycle, B over [3.5 d, 8 d) (into the next cycle). Each hands
 * over to the other with a day of overlap, less the seeded shifts (at most MAX_SHIFT_HOURS), so some module is always
 * broken, and has been for at least 18 h: longer than an offline spell that began before its window (8 h at most).
 */
const BROKEN_WINDOWS = [{ from: 0, length: 4.5 * DAY }, { from: 3.5 * DAY, length: 4.5 * DAY }] as const;
const MAX_SHIFT_HOURS = 6;
/** About one module in forty fails; a fleet of 40 or more always has one in each group. */
const BROKEN_PER_TRUCK = 1 / 40;
const MIN_FLEET_FOR_BOTH_GROUPS = 40;
/** About 15 % of modules stall now and then. */
const FLAKY_PERCENT = 15;
const STALL_MIN = [35, 150] as const;
const STALL_EVERY_DAYS = [1, 3] as const;

export type HeartbeatFault =
  | { readonly kind: 'healthy' }
  | { readonly kind: 'flaky' }
  /** Broken over [from, from + length) of every cycle (ms into it; the window may run into the next cycle). */
  | { readonly kind: 'broken'; readonly from: number; readonly length: number };

const HEALTHY: HeartbeatFault = { kind: 'healthy' };

/**
 * Each truck's module, fixed by its plate (which the fleet seed chose), so the backfill and the live simulator agree
 * whatever their own seeds: the broken ones are the trucks whose plates hash lowest, alternating between the groups.
 */
export function heartbeatFaults(trucks: readonly { readonly id: number; readonly signCode: string }[]): ReadonlyMap<number, HeartbeatFault> {
  const broken = Math.max(trucks.length >= MIN_FLEET_FOR_BOTH_GROUPS ? BROKEN_WINDOWS.length : 0, Math.round(trucks.length * BROKEN_PER_TRUCK));
  const ranked = [...trucks].sort((a, b) => hashSeed('heartbeat-module', a.signCode) - hashSeed('heartbeat-module', b.signCode) || a.id - b.id);
  const faults = new Map<number, HeartbeatFault>();
  ranked.forEach((t, rank) => {
    const window = BROKEN_WINDOWS[rank % BROKEN_WINDOWS.length];
    if (rank < broken && window) {
      const shift = (hashSeed('heartbeat-shift', t.signCode) % (MAX_SHIFT_HOURS + 1)) * HOUR;
      faults.set(t.id, { kind: 'broken', from: window.from + shift, length: window.length });
    } else {
      faults.set(t.id, hashSeed('heartbeat-flaky', t.signCode) % 100 < FLAKY_PERCENT ? { kind: 'flaky' } : HEALTHY);
    }
  });
  return faults;
}

/** Whether a broken module is in one of its windows at `time`. */
export function brokenAt(fault: HeartbeatFault, time: number): boolean {
  if (fault.kind !== 'broken') return false;
  const into = (((time - fault.from) % BROKEN_CYCLE_MS) + BROKEN_CYCLE_MS) % BROKEN_CYCLE_MS;
  return into < fault.length;
}

/** A module's state in a run: its stalls and the last heartbeat it sent while the truck stayed online. */
export interface HeartbeatState {
  readonly fault: HeartbeatFault;
  readonly rng: Rng;
  nextStall: number;
  stallUntil: number;
  /** Null at the start and after the truck went offline: a silence then is a link drop, not a heartbeat gap. */
  lastBeat: number | null;
}

export function heartbeatState(fault: HeartbeatFault, seed: number | string, truckId: number, now: number): HeartbeatState {
  // Its own stream, so the module's stalls leave the rest of the truck's day as it was.
  const rng = new Rng(hashSeed(seed, 'heartbeat', truckId));
  const nextStall = fault.kind === 'flaky' ? now + Math.floor(rng.float(0, STALL_EVERY_DAYS[1]) * DAY) : Number.POSITIVE_INFINITY;
  return { fault, rng, nextStall, stallUntil: 0, lastBeat: null };
}

/** Whether a heartbeat due at `now` goes unsent: a broken window, or a flaky module's stall (starting one when due). */
export function heartbeatSilent(state: HeartbeatState, now: number): boolean {
  if (state.fault.kind === 'broken') return brokenAt(state.fault, now);
  if (now < state.stallUntil) return true;
  if (now < state.nextStall) return false;
  state.stallUntil = now + state.rng.int(STALL_MIN[0], STALL_MIN[1]) * MIN;
  state.nextStall = state.stallUntil + Math.floor(state.rng.float(STALL_EVERY_DAYS[0], STALL_EVERY_DAYS[1]) * DAY);
  return true;
}

/** The silence a heartbeat sent at `now` ends, when the overtime list would have shown it; undefined otherwise. */
export function gapBefore(state: HeartbeatState, now: number): number | undefined {
  const last = state.lastBeat;
  return last !== null && now - last > HEARTBEAT_OVERTIME_MS ? last : undefined;
}
