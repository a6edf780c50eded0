// Report query ranges on millisecond timestamps: order, track playback ≤ 3 days, speed ≤ 3 months, export rows.
import { EXPORT_WARN_ROWS, PLAYBACK_MAX_DAYS, SPEED_QUERY_MAX_MONTHS } from '../constants';
import { addMonths, DAY_MS } from '../format/time';
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

/**
 * Speed info: end at most 3 calendar months after start in local time, with month-end clamping
 * (from Jan 31 the last allowed end is Apr 30 at the same time of day).
 */
export function checkSpeedRange(start: number, end: number): RuleResult {
  const order = checkStartBeforeEnd(start, end);
  if (order !== undefined) return order;
  return end > addMonths(start, SPEED_QUERY_MAX_MONTHS) ? 'validation.speedRange' : undefined;
}

/** An export of more than 10,000 rows asks for a shorter range; exactly 10,000 goes through. */
export function checkExportRows(rowCount: number): RuleResult {
  return rowCount > EXPORT_WARN_ROWS ? 'validation.exportTooMany' : undefined;
}
