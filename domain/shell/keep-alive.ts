// The session keep-alive's timing: how often the worker confirms a watched console to the server, how often a tab reports input.
import { isFiniteNumber } from '../wire/guards';

/** The keep-alive's longest period; also its period against a server that does not say its idle limit (the legacy backend). */
const KEEP_ALIVE_MAX_MS = 5 * 60_000;
/** Shorter periods would be a busy loop, whatever idle limit a server claims. */
const KEEP_ALIVE_MIN_MS = 1_000;
/** A tab reports its user's typing or clicking to the worker at most this often: enough to tell someone is there. */
export const INPUT_REPORT_MS = 60_000;

/** An idle limit as a server may advertise it (`LoginAnswer.sessionIdleMs`): a positive number of milliseconds. */
export function isIdleLimit(value: unknown): value is number {
  return isFiniteNumber(value) && value > 0;
}

/**
 * A third of the server's idle limit, at most 5 min: one or two lost calls (network, a busy machine) still leave the
 * session alive. Without an advertised limit, 5 min, well inside the spec-era 30.
 */
export function keepAlivePeriodMs(sessionIdleMs: number | undefined): number {
  if (!isIdleLimit(sessionIdleMs)) return KEEP_ALIVE_MAX_MS;
  return Math.max(KEEP_ALIVE_MIN_MS, Math.min(KEEP_ALIVE_MAX_MS, Math.floor(sessionIdleMs / 3)));
}

/**
 * How far back a reported input still counts as someone at the console: one period, but never less than the tabs'
 * report interval, or a user typing steadily would count only now and then where the period is short.
 */
export function inputWindowMs(periodMs: number): number {
  return Math.max(periodMs, INPUT_REPORT_MS);
}
