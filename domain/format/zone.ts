// The one zone every time is shown, entered and exported in: the fleet's (China's by default, set per deployment), or
// the browser's when the user asks for it. Wall-clock parts come from Intl, never from the runtime's own zone, so a
// browser on UTC and a server on UTC show the same 07:18:35 as an operator in Shanghai.

/** The fleet's zone when a deployment sets none: the trucks and their operators are in China. */
export const DEFAULT_FLEET_ZONE = 'Asia/Shanghai';

/** The cookie in which the console tells the server the zone it shows, for the times in answers and exports. */
export const TIME_ZONE_COOKIE = 'time-zone';

/** A zone's wall clock at one moment; month 1–12. */
interface ZonedParts {
  readonly year: number;
  readonly month: number;
  readonly day: number;
  readonly hour: number;
  readonly minute: number;
  readonly second: number;
}

let shownZone = DEFAULT_FLEET_ZONE;

/** The zone the console shows times in (set at start and when the user switches). */
export function displayZone(): string {
  return shownZone;
}

export function setDisplayZone(zone: string): void {
  if (!isTimeZone(zone)) throw new Error(`not a time zone: ${zone}`);
  shownZone = zone;
}

/** An IANA zone name this runtime knows ('Asia/Shanghai', 'UTC'). */
export function isTimeZone(zone: string): boolean {
  if (zone === '' || zone.length > 64) return false;
  if (FORMATTERS.has(zone)) return true;
  try {
    formatterOf(zone);
    return true;
  } catch {
    return false;
  }
}

const FORMATTERS = new Map<string, Intl.DateTimeFormat>();

function formatterOf(zone: string): Intl.DateTimeFormat {
  let formatter = FORMATTERS.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    FORMATTERS.set(zone, formatter);
  }
  return formatter;
}

/** Offsets change only at whole quarter hours (daylight saving, a zone's new rule): one Intl call per zone and quarter. */
const QUARTER_MS = 15 * 60_000;
const DAY = 24 * 3_600_000;
const OFFSETS = new Map<string, number>();
/** Bounds the cache of a long-running tab: a year of quarters of one zone is 35 040 entries. */
const MAX_OFFSETS = 50_000;

/** How far the zone's wall clock is ahead of UTC at `ms` (ms; +8 h for China). */
export function zoneOffsetMs(ms: number, zone: string = shownZone): number {
  const quarter = Math.floor(ms / QUARTER_MS);
  const key = `${zone} ${quarter}`;
  const known = OFFSETS.get(key);
  if (known !== undefined) return known;
  const at = quarter * QUARTER_MS;
  const parts = readParts(at, zone);
  const offset = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second) - at;
  if (OFFSETS.size >= MAX_OFFSETS) OFFSETS.clear();
  OFFSETS.set(key, offset);
  return offset;
}

function readParts(ms: number, zone: string): ZonedParts {
  const values: Record<string, number> = {};
  for (const part of formatterOf(zone).formatToParts(ms)) {
    if (part.type !== 'literal') values[part.type] = Number(part.value);
  }
  return {
    year: values['year'] ?? NaN,
    month: values['month'] ?? NaN,
    day: values['day'] ?? NaN,
    hour: values['hour'] ?? NaN,
    minute: values['minute'] ?? NaN,
    second: values['second'] ?? NaN,
  };
}

/** The zone's wall clock at `ms`. */
export function zonedParts(ms: number, zone: string = shownZone): ZonedParts {
  const shifted = new Date(ms + zoneOffsetMs(ms, zone));
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
    hour: shifted.getUTCHours(),
    minute: shifted.getUTCMinutes(),
    second: shifted.getUTCSeconds(),
  };
}

/**
 * The moment the zone's wall clock reads these parts (month 1–12; days and months past their end roll over as in
 * Date.UTC). A time skipped by a clock change reads as the moment after it; one shown twice, as the first.
 */
export function zonedTime(parts: Partial<ZonedParts> & Pick<ZonedParts, 'year' | 'month' | 'day'>, zone: string = shownZone): number {
  const wall = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0);
  // The offsets in force a day either side: a wall time reads with one of them, unless a change skipped it.
  const before = zoneOffsetMs(wall - DAY, zone);
  const after = zoneOffsetMs(wall + DAY, zone);
  const readings = [wall - before, wall - after].filter((moment) => zoneOffsetMs(moment, zone) === wall - moment);
  return readings.length > 0 ? Math.min(...readings) : wall - before;
}

/** The zone's midnight that begins the day of `ms`. */
export function startOfZonedDay(ms: number, zone: string = shownZone): number {
  const { year, month, day } = zonedParts(ms, zone);
  return zonedTime({ year, month, day }, zone);
}

/** The zone's offset as UTC±hh:mm, for a label beside a time field. */
export function offsetLabel(ms: number, zone: string = shownZone): string {
  const minutes = Math.round(zoneOffsetMs(ms, zone) / 60_000);
  const sign = minutes < 0 ? '−' : '+';
  const abs = Math.abs(minutes);
  return `UTC${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}
