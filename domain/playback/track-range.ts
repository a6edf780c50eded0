// The range a track may be asked for (spec: at most 3 days, start not after end): one rule, checked by the console
// under the field before any call and by the server before any query, each in the caller's language.
import type { LocaleKey } from '../i18n';
import { checkPlaybackRange } from '../validation/query-range';

/**
 * The problem with a range as a locale key (validation.required, validation.startAfterEnd, validation.playbackRange),
 * or undefined when it may be played. Exactly 3 × 24 h is allowed.
 */
export function trackRangeProblem(startTime: number, endTime: number): LocaleKey | undefined {
  return checkPlaybackRange(startTime, endTime);
}
