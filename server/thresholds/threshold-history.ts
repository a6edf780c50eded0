// The threshold row's history (migration '0012-threshold-history', docs/thresholds.md): after every save of threshold
// rows, inside its transaction, each saved row's company whose values in force changed gets a row from the save's time
// on. The stop and offline alarms (server/sim) and their lists (server/reports) judge a stop or spell by this history,
// so both apply the timeouts in force when it began, however often they changed since.
import { ENTITY_STATUS } from '../../domain/screens/entities/definition';
import { DEFAULT_THRESHOLDS } from '../../domain/screens/entities/thresholds';
import { scopedFrom } from '../auth/company-scope';
import type { Db } from '../db/open';
import { inTransaction } from '../db/transaction';
import { takeCompanyOrder } from '../db/write-order';

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
 * Records, at `at`, the values in force now of each of `companyCodes` (the saved rows' companies, before and after the
 * save) whose newest history row (the defaults without one) differs: a row created, edited, enabled or disabled, or
 * moved to another company. Run inside the save's transaction, so the history commits with the row. Only the saved
 * companies: another company's row read here may be older than its history, committed by a save in between (PostgreSQL
 * reads each statement afresh), and its old values must not become its newest row. The company's write order keeps the
 * compare and the insert of two saves of one company from interleaving; SQLite has one writer.
 */
export async function recordThresholdHistory(db: Db, at: number, companyCodes: readonly string[]): Promise<void> {
  const companies = [...new Set(companyCodes)];
  if (companies.length === 0) return;
  await inTransaction(db, async (trx) => {
    await takeCompanyOrder(trx, 'thresholdHistory', companies);
    const rows = await scopedFrom(trx, companies, 'alarmThreshold')
      .select(['companyCode', 'parkingTimeoutMin', 'offlineTimeoutMin', 'overspeedKmh'])
      .where('status', '=', ENTITY_STATUS.enabled)
      .execute();
    const history = await scopedFrom(trx, companies, 'alarmThresholdHistory')
      .select(['companyCode', 'effectiveFrom', 'parkingTimeoutMin', 'offlineTimeoutMin', 'overspeedKmh'])
      .orderBy('effectiveFrom')
      .orderBy('id')
      .execute();
    const inForce = new Map<string, ThresholdValues>(rows.map(({ companyCode, ...values }) => [companyCode, values]));
    const newest = new Map(history.map((row) => [row.companyCode, { ...row, effectiveFrom: Number(row.effectiveFrom) }]));
    const changes: ThresholdHistoryRow[] = [];
    for (const companyCode of companies) {
      const now = inForce.get(companyCode) ?? DEFAULT_THRESHOLD_VALUES;
      const last = newest.get(companyCode);
      if (sameValues(now, last ?? DEFAULT_THRESHOLD_VALUES)) continue;
      // Never before the newest row: a clock behind another instance's must not reorder the history.
      changes.push({ companyCode, effectiveFrom: Math.max(at, last?.effectiveFrom ?? at), ...now });
    }
    if (changes.length > 0) await trx.insertInto('alarmThresholdHistory').values(changes).execute();
  });
}
