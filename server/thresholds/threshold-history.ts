// The threshold row's history (migration '0012-threshold-history', docs/thresholds.md): after every save of threshold
// rows, inside its transaction, each company whose values in force changed gets a row from the save's time on. The
// stop and offline alarms (server/sim) and their lists (server/reports) judge a stop or spell by this history, so both
// apply the timeouts in force when it began, however often they changed since.
import { ENTITY_STATUS } from '../../src/domain/screens/entities/definition';
import { DEFAULT_THRESHOLDS } from '../../src/domain/screens/entities/thresholds';
import type { Db } from '../db/open';

/** The threshold screen's values, as a company's enabled row holds them or the defaults when it has none. */
export interface ThresholdValues {
  readonly parkingTimeoutMin: number;
  readonly offlineTimeoutMin: number;
  readonly overspeedKmh: number;
}

/** A company's values in force from `effectiveFrom` (ms) until its next row. */
export interface ThresholdHistoryRow extends ThresholdValues {
  readonly companyCode: string;
  readonly effectiveFrom: number;
}

export const DEFAULT_THRESHOLD_VALUES: ThresholdValues = {
  parkingTimeoutMin: DEFAULT_THRESHOLDS.parkingTimeoutMin,
  offlineTimeoutMin: DEFAULT_THRESHOLDS.offlineTimeoutMin,
  overspeedKmh: DEFAULT_THRESHOLDS.overspeedKmh,
};

const sameValues = (a: ThresholdValues, b: ThresholdValues): boolean =>
  a.parkingTimeoutMin === b.parkingTimeoutMin && a.offlineTimeoutMin === b.offlineTimeoutMin && a.overspeedKmh === b.overspeedKmh;

/** Every history row, oldest first (a row per save that changed a company's values: a small table). */
export async function readThresholdHistory(db: Db): Promise<ThresholdHistoryRow[]> {
  const rows = await db
    .selectFrom('alarmThresholdHistory')
    .select(['companyCode', 'effectiveFrom', 'parkingTimeoutMin', 'offlineTimeoutMin', 'overspeedKmh'])
    .orderBy('effectiveFrom')
    .orderBy('id')
    .execute();
  // PostgreSQL's int8 comes back as a number (the driver is told so); Number() keeps both databases' rows alike.
  return rows.map((row) => ({ ...row, effectiveFrom: Number(row.effectiveFrom) }));
}

/**
 * Records, at `at`, the values in force now of every company whose newest history row (the defaults without one)
 * differs: a row created, edited, enabled or disabled, or moved to another company. Run inside the save's
 * transaction, so the history commits with the row. Comparing every company (a few rows) rather than the saved one
 * also catches a row written outside the entity calls, from the next save on.
 */
export async function recordThresholdHistory(trx: Db, at: number): Promise<void> {
  const rows = await trx
    .selectFrom('alarmThreshold')
    .select(['companyCode', 'parkingTimeoutMin', 'offlineTimeoutMin', 'overspeedKmh'])
    .where('status', '=', ENTITY_STATUS.enabled)
    .execute();
  const history = await readThresholdHistory(trx);
  const inForce = new Map<string, ThresholdValues>(rows.map(({ companyCode, ...values }) => [companyCode, values]));
  const newest = new Map<string, ThresholdHistoryRow>(history.map((row) => [row.companyCode, row]));
  const changes: ThresholdHistoryRow[] = [];
  for (const companyCode of new Set([...inForce.keys(), ...newest.keys()])) {
    const now = inForce.get(companyCode) ?? DEFAULT_THRESHOLD_VALUES;
    const last = newest.get(companyCode);
    if (sameValues(now, last ?? DEFAULT_THRESHOLD_VALUES)) continue;
    // Never before the newest row: a clock behind another instance's must not reorder the history.
    changes.push({ companyCode, effectiveFrom: Math.max(at, last?.effectiveFrom ?? at), ...now });
  }
  if (changes.length > 0) await trx.insertInto('alarmThresholdHistory').values(changes).execute();
}
