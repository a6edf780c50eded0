// The alarm thresholds' tables as Kysely types (migration '0006-thresholds', server/db/migrations-thresholds.ts).
import type { ColumnType, Generated } from 'kysely';

/** The columns every master-data row has (as schema.ts's Versioned): its status, version and last change. */
interface ThresholdRow {
  id: Generated<number>;
  companyCode: string;
  status: ColumnType<number, number | undefined, number>;
  version: ColumnType<number, number | undefined, number>;
  modifiedBy: ColumnType<string | null, string | null | undefined, string | null>;
  modifiedAt: ColumnType<number | null, number | null | undefined, number | null>;
}

/**
 * A company's parking and offline timeouts (minutes) and overspeed (km/h); one row per company. The seal-break count
 * and open value (params spec §5) are null where not given (migration '0013-threshold-seal-values').
 */
interface AlarmThresholdTable extends ThresholdRow {
  parkingTimeoutMin: number;
  offlineTimeoutMin: number;
  overspeedKmh: number;
  sealBreakCount: ColumnType<number | null, number | null | undefined, number | null>;
  openValue: ColumnType<number | null, number | null | undefined, number | null>;
}

/**
 * The threshold row's values in force for a company from `effectiveFrom` on (migration '0012-threshold-history'): one
 * row per save that changed them, the defaults written when the company's row was disabled. Never updated.
 */
interface AlarmThresholdHistoryTable {
  id: Generated<number>;
  companyCode: string;
  effectiveFrom: number;
  parkingTimeoutMin: number;
  offlineTimeoutMin: number;
  overspeedKmh: number;
}

/** A circle where opening a cover is not abnormal, for the company's trucks. */
interface NoAbnormalAreaTable extends ThresholdRow {
  name: string;
  lat: number;
  lng: number;
  radiusM: number;
  /** Where it is, in words ('' when not given). */
  address: ColumnType<string, string | undefined, string>;
}

/** How far a loaded compartment may be off its plan: litres, and per mille of the plan; one row per company. */
interface LoadingToleranceTable extends ThresholdRow {
  gasolineToleranceL: number;
  gasolineTolerancePermille: number;
  dieselToleranceL: number;
  dieselTolerancePermille: number;
}

/** The abnormal parameters: a trip's high loss rate (per mille) and overlong working minutes; one row per company. */
interface AlarmParameterTable extends ThresholdRow {
  highLossPermille: number;
  overlongWorkMin: number;
}

/** A product of the list sent to the consoles (tlscfg.txt): number, name, expansion coefficient, density (kg/L). */
interface ProductSendTable extends ThresholdRow {
  ptNo: number;
  ptName: string;
  ptVec: number;
  ptDensity: number;
}

export interface ThresholdTables {
  alarmThreshold: AlarmThresholdTable;
  alarmThresholdHistory: AlarmThresholdHistoryTable;
  noAbnormalArea: NoAbnormalAreaTable;
  loadingTolerance: LoadingToleranceTable;
  alarmParameter: AlarmParameterTable;
  productSend: ProductSendTable;
}
