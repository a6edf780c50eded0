// The wire of track playback (playback_track; docs/playback.md): GET /track answers one truck's fixes in a
// range, column by column (three days of fixes as arrays of numbers are a third of the same as objects), and the
// marks along them: stops, cover openings and alarms.
import { isFiniteNumber, isRecord } from '../wire/guards';

/** Below the shared client's base path: our own call, absent from a legacy backend. */
export const TRACK_CALL_PATH = '/track';

/** Which marks a track carries: the oil truck's (stops, covers, alarms) or the sprinkler's (stops, spraying, alarms). */
export const TRACK_MARK_SETS = ['truck', 'sprinkler'] as const;
export type TrackMarkSet = (typeof TRACK_MARK_SETS)[number];

/** Epoch milliseconds, both ends included. */
export interface TrackQuery {
  readonly truckId: number;
  readonly startTime: number;
  readonly endTime: number;
  /** 'truck' when absent. */
  readonly marks?: TrackMarkSet;
}

/** The fixes in time order, one column per field: the i-th fix is (time[i], lat[i], lng[i], speed[i], heading[i]). */
export interface TrackFixes {
  readonly time: readonly number[];
  /** WGS-84 degrees, as the device sent them; rounded to 6 decimals (a tenth of a metre). */
  readonly lat: readonly number[];
  readonly lng: readonly number[];
  /** km/h. */
  readonly speed: readonly number[];
  /** Degrees clockwise from north. */
  readonly heading: readonly number[];
}

const MARK_KINDS = ['stop', 'cover', 'alarm', 'spray'] as const;
export type MarkKind = (typeof MARK_KINDS)[number];

/**
 * Something that happened along the track. `stop`: a parking event; `cover`: a manhole cover opened (its
 * compartment in `detail`); `alarm`: an alarm of the truck (its type id in `detail`); `spray`: a sprinkler's spraying
 * run from `startTime` to `endTime` (the litres sprayed in `detail`). Placed on the track at its time.
 */
export interface TrackMark {
  readonly kind: MarkKind;
  readonly startTime: number;
  /** Null while it lasts, and for alarms (an instant). */
  readonly endTime: number | null;
  /** The compartment of a cover opening, the type of an alarm, the minutes of a stop, the litres of a spraying run. */
  readonly detail: number;
  readonly area: string;
}

export interface TrackAnswer {
  readonly truckId: number;
  readonly signCode: string;
  readonly fixes: TrackFixes;
  readonly marks: readonly TrackMark[];
}

const FIX_COLUMNS = ['time', 'lat', 'lng', 'speed', 'heading'] as const;

function isNumbers(value: unknown): value is number[] {
  return Array.isArray(value) && value.every(isFiniteNumber);
}

function isFixes(value: unknown): value is TrackFixes {
  if (!isRecord(value)) return false;
  const time = value['time'];
  if (!isNumbers(time)) return false;
  return FIX_COLUMNS.every((column) => {
    const values = value[column];
    return isNumbers(values) && values.length === time.length;
  });
}

function isMark(value: unknown): value is TrackMark {
  return isRecord(value) && (MARK_KINDS as readonly unknown[]).includes(value['kind']) && isFiniteNumber(value['startTime'])
    && (value['endTime'] === null || isFiniteNumber(value['endTime'])) && isFiniteNumber(value['detail']) && typeof value['area'] === 'string';
}

export function isTrackAnswer(value: unknown): value is TrackAnswer {
  return isRecord(value) && isFiniteNumber(value['truckId']) && typeof value['signCode'] === 'string' && isFixes(value['fixes'])
    && Array.isArray(value['marks']) && value['marks'].every(isMark);
}
