// Query ranges on millisecond timestamps: order, and track playback ≤ 3 days (report ranges: screens/reports/query.ts).
import { PLAYBACK_MAX_DAYS } from '../constants';
import { DAY_MS } from '../format/time';
import type { RuleResult } from './rule';

/** Both ends must be set (a NaN end means an empty picker) and start must not be after end; equal is fine. */
export function checkStartBeforeEnd(start: number, end: number): RuleResult {
  if (!Number.isFinite(start) || !Number.isFinite(end)) return 'validation.required';
  return start > end ? 'validation.startAfterEnd' : undefined;
}

/** Track playback: at most 3 × 24 h, exactly 3 days included. */
export function checkPlaybackRange(start: number, end: number): RuleResult {
  const order = checkStartBeforeEnd(start, end);
  if (order !== undefined) return order;
  return end - start > PLAYBACK_MAX_DAYS * DAY_MS ? 'validation.playbackRange' : undefined;
}
