// The indicator call (our addition, docs/indicators.md): GET /indicator<path>?range=30d|7d|1d answers every figure of
// the dashboard over the caller's companies; the guard checks the answer before the console uses it.
import { isFiniteNumber, isRecord } from '../../wire/guards';
import { isIndicatorRange, type IndicatorPath, type IndicatorRange } from './definition';

const INDICATOR_CALL_PREFIX = '/indicator';

export function indicatorCallPath(path: IndicatorPath): string {
  return `${INDICATOR_CALL_PREFIX}${path}`;
}

export interface TopTruck {
  readonly truckId: number;
  readonly signCode: string;
  readonly count: number;
}

interface TypeCount {
  readonly type: number;
  readonly count: number;
}

/** One figure's numbers: the total always; the buckets, types or trucks as its chart needs. */
export interface FigureValue {
  readonly total: number;
  /** Trend: series key → one count per bucket, from the span's start. */
  readonly series?: Readonly<Record<string, readonly number[]>>;
  readonly types?: readonly TypeCount[];
  readonly trucks?: readonly TopTruck[];
}

export interface IndicatorAnswer {
  readonly range: IndicatorRange;
  readonly startTime: number;
  readonly endTime: number;
  readonly bucketMs: number;
  readonly figures: Readonly<Record<string, FigureValue>>;
}

function isFigureValue(value: unknown): value is FigureValue {
  if (!isRecord(value) || !isFiniteNumber(value['total'])) return false;
  const series = value['series'];
  if (series !== undefined && !(isRecord(series) && Object.values(series).every((counts) => Array.isArray(counts) && counts.every(isFiniteNumber)))) return false;
  const types = value['types'];
  if (types !== undefined && !(Array.isArray(types) && types.every((row) => isRecord(row) && isFiniteNumber(row['type']) && isFiniteNumber(row['count'])))) return false;
  const trucks = value['trucks'];
  return trucks === undefined
    || (Array.isArray(trucks) && trucks.every((row) => isRecord(row) && isFiniteNumber(row['truckId']) && typeof row['signCode'] === 'string' && isFiniteNumber(row['count'])));
}

export function isIndicatorAnswer(value: unknown): value is IndicatorAnswer {
  return isRecord(value) && isIndicatorRange(value['range']) && isFiniteNumber(value['startTime']) && isFiniteNumber(value['endTime'])
    && isFiniteNumber(value['bucketMs']) && isRecord(value['figures']) && Object.values(value['figures']).every(isFigureValue);
}
