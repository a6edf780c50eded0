// The range a photo search may cover: start not after end, at most PHOTO_MAX_DAYS; one rule for the console (under the
// field, before any call) and the server (before any query).
import { DAY_MS } from '../format/time';
import type { LocaleKey } from '../i18n';
import { checkStartBeforeEnd } from '../validation/query-range';
import { PHOTO_MAX_DAYS } from './photo-wire';

/** The problem as a locale key (with its values), or undefined when the range may be searched. Exactly 3 days is allowed. */
export function photoRangeProblem(startTime: number, endTime: number): { readonly key: LocaleKey; readonly values?: Readonly<Record<string, number>> } | undefined {
  const order = checkStartBeforeEnd(startTime, endTime);
  if (order !== undefined) return { key: order };
  return endTime - startTime > PHOTO_MAX_DAYS * DAY_MS ? { key: 'photos.rangeTooLong', values: { days: PHOTO_MAX_DAYS } } : undefined;
}
