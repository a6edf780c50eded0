// Timestamps (10-digit seconds or milliseconds) and their display in the one display zone (zone.ts), never the
// runtime's own: the screen, the exported file and the server agree whatever zone each machine is set to.
import { DATE_PATTERNS } from '../constants';
import { translate, type Lang } from '../i18n';
import { displayZone, zonedParts, zonedTime } from './zone';

/** A timestamp as rows carry it: seconds or milliseconds, as a number or a numeric string. */
export type Timestamp = number | string;

export const SECOND_MS = 1000;
export const MINUTE_MS = 60 * SECOND_MS;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;
/** China is UTC+8 all year (no daylight saving): report days and months are China's, whatever the runtime's zone. */
export const CHINA_OFFSET_MS = 8 * HOUR_MS;

const NUMERIC_TEXT = /^-?\d+(\.\d+)?$/;
/** The furthest moment a Date can hold either side of the epoch (ECMAScript's ±100,000,000 days). */
const LAST_DATE_MS = 8.64e15;

/**
 * Milliseconds since the epoch. A value whose integer part has exactly 10 digits is seconds
 * (the devices' format) and is multiplied by 1000. Anything that is not a finite number, or a
 * string that is not plain decimal digits (so no '', '0x10' or '1e3'), gives NaN: like
 * `Date.parse`, so arithmetic stays NaN and every formatter here renders it as ''.
 */
export function toMillis(ts: Timestamp): number {
  const n = typeof ts === 'number' ? ts : NUMERIC_TEXT.test(ts.trim()) ? Number(ts.trim()) : NaN;
  if (!Number.isFinite(n)) return NaN;
  const integerDigits = String(Math.trunc(Math.abs(n))).length;
  return integerDigits === 10 ? Math.round(n * SECOND_MS) : n;
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

function formatMillis(ms: number, pattern: string, zone: string): string {
  if (!Number.isFinite(ms) || Math.abs(ms) > LAST_DATE_MS) return '';
  const date = zonedParts(ms, zone);
  const parts: Readonly<Record<string, string>> = {
    yyyy: pad(date.year, 4),
    MM: pad(date.month),
    dd: pad(date.day),
    HH: pad(date.hour),
    mm: pad(date.minute),
    ss: pad(date.second),
  };
  return pattern.replace(/yyyy|MM|dd|HH|mm|ss/g, (token) => parts[token] ?? token);
}

/**
 * Wall-clock time in a zone (the display zone unless told) through a pattern of yyyy MM dd HH mm ss (all
 * zero-padded); other text is kept. Invalid → ''.
 */
export function formatDate(ts: Timestamp, pattern: string = DATE_PATTERNS.dateTime, zone: string = displayZone()): string {
  return formatMillis(toMillis(ts), pattern, zone);
}

/** Date and time as the language shows it: zh 'yyyy-MM-dd HH:mm:ss', en 'MM/dd/yyyy HH:mm:ss'. */
export function displayDateTime(ts: Timestamp, lang: Lang, zone: string = displayZone()): string {
  return formatDate(ts, lang === 'en' ? DATE_PATTERNS.enDateTime : DATE_PATTERNS.dateTime, zone);
}

/** Date as the language shows it: zh 'yyyy-MM-dd', en 'MM/dd/yyyy'. */
export function displayDate(ts: Timestamp, lang: Lang, zone: string = displayZone()): string {
  return formatDate(ts, lang === 'en' ? DATE_PATTERNS.enDate : DATE_PATTERNS.date, zone);
}

/** Date and time without year and seconds, for chart axes: zh 'MM-dd HH:mm', en 'MM/dd HH:mm'. */
export function displayShortDateTime(ts: Timestamp, lang: Lang, zone: string = displayZone()): string {
  return formatDate(ts, lang === 'en' ? DATE_PATTERNS.enShortDateTime : DATE_PATTERNS.shortDateTime, zone);
}

/** Shifts a UTC wall-clock reading to China time (UTC+8), for device times sent without a zone. */
export function addChinaOffset(ms: number): number {
  return ms + CHINA_OFFSET_MS;
}

/** `n` days of 24 h earlier; China has no daylight saving, so a day is always 24 h there. */
export function subtractDays(ms: number, n: number): number {
  return ms - n * DAY_MS;
}

/**
 * The same wall-clock time of the display zone `months` calendar months later; a day missing from the target month
 * falls back to its last day (Jan 31 + 1 month → Feb 28 or 29, + 3 months → Apr 30).
 */
export function addMonths(ms: number, months: number, zone: string = displayZone()): number {
  const parts = zonedParts(ms, zone);
  const target = new Date(Date.UTC(parts.year, parts.month - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  const withinSecond = ((ms % SECOND_MS) + SECOND_MS) % SECOND_MS;
  return zonedTime({ ...parts, year: target.getUTCFullYear(), month: target.getUTCMonth() + 1, day: Math.min(parts.day, lastDay) }, zone) + withinSecond;
}

/**
 * How long ago `ts` was at `now` (ms): under 30 s 'just now' (also for future times, from clock
 * skew), under 1 h whole minutes (at least 1, so 45 s is not "0 min ago"), under 24 h whole hours,
 * under 48 h '1 day ago', otherwise the date and time in the language's display format.
 * An unreadable timestamp gives ''.
 */
export function relativeTime(ts: Timestamp, now: number, lang: Lang): string {
  const ms = toMillis(ts);
  if (Number.isNaN(ms)) return '';
  const elapsed = now - ms;
  if (elapsed < 30 * SECOND_MS) return translate(lang, 'time.justNow');
  if (elapsed < HOUR_MS) {
    return translate(lang, 'time.minutesAgo', { count: Math.max(1, Math.floor(elapsed / MINUTE_MS)) });
  }
  if (elapsed < DAY_MS) return translate(lang, 'time.hoursAgo', { count: Math.floor(elapsed / HOUR_MS) });
  if (elapsed < 2 * DAY_MS) return translate(lang, 'time.oneDayAgo');
  return formatMillis(ms, lang === 'en' ? DATE_PATTERNS.enDateTime : DATE_PATTERNS.dateTime, displayZone());
}
