// The thresholds as the alarm detection reads them: every company's enabled rows at one moment, looked up per company,
// with the defaults of DEFAULT_THRESHOLDS where a company has no enabled row, and the threshold row's history for the
// timeouts in force at a given time (docs/thresholds.md). Pure: the rows come from threshold-read.ts, the detection
// from server/sim.
import { distanceKm } from '../../domain/fence-shape';
import { DEFAULT_THRESHOLDS } from '../../domain/screens/entities/thresholds';
import { DEFAULT_THRESHOLD_VALUES, type ThresholdHistoryRow } from './threshold-history';

/** One company's limits now: the threshold screen's overspeed and the alarm parameters' (the timeouts: timeoutsAt). */
interface CompanyLimits {
  readonly overspeedKmh: number;
  /** A fraction: 3‰ is 0.003, as HIGH_LOSS_RATE. */
  readonly highLossRate: number;
  readonly overlongWorkMin: number;
}

/** How far a loaded compartment may be off its plan: the larger of the two counts. */
interface LoadTolerance {
  readonly litres: number;
  readonly perMille: number;
}

interface NoAbnormalArea {
  readonly name: string;
  readonly companyCode: string;
  readonly lat: number;
  readonly lng: number;
  readonly radiusM: number;
}

/** Spec §9's fuel codes: above 0 gasoline, −1 other (water), else diesel. */
type FuelClass = 'gasoline' | 'diesel' | 'other';

function fuelClass(oilCode: number): FuelClass {
  if (oilCode > 0) return 'gasoline';
  return oilCode === -1 ? 'other' : 'diesel';
}

/** The stored rows a snapshot is made of (enabled ones only), as threshold-read.ts reads them. */
interface ThresholdRows {
  readonly thresholds: readonly { readonly companyCode: string; readonly overspeedKmh: number }[];
  /** The threshold row's history, oldest first (threshold-history.ts). */
  readonly history: readonly ThresholdHistoryRow[];
  readonly parameters: readonly { readonly companyCode: string; readonly highLossPermille: number; readonly overlongWorkMin: number }[];
  readonly tolerances: readonly {
    readonly companyCode: string;
    readonly gasolineToleranceL: number; readonly gasolineTolerancePermille: number;
    readonly dieselToleranceL: number; readonly dieselTolerancePermille: number;
  }[];
  readonly areas: readonly NoAbnormalArea[];
}

/** The timeouts a stop (4) or an offline spell (7) is judged by, minutes. */
interface Timeouts {
  readonly parkingTimeoutMin: number;
  readonly offlineTimeoutMin: number;
}

export interface ThresholdSnapshot {
  limits(companyCode: string): CompanyLimits;
  /** The company's timeouts in force at `time` (its newest history row at or before it; else the defaults). */
  timeoutsAt(companyCode: string, time: number): Timeouts;
  /** The company's no-abnormal area the point lies in, if any: a cover opened there is not abnormal. */
  noAbnormalAreaAt(companyCode: string, lat: number, lng: number): NoAbnormalArea | undefined;
  loadTolerance(companyCode: string, oilCode: number): LoadTolerance;
}

export const DEFAULT_LIMITS: CompanyLimits = {
  overspeedKmh: DEFAULT_THRESHOLDS.overspeedKmh,
  highLossRate: DEFAULT_THRESHOLDS.highLossPermille / 1000,
  overlongWorkMin: DEFAULT_THRESHOLDS.overlongWorkMin,
};

const DEFAULT_TOLERANCE: LoadTolerance = { litres: DEFAULT_THRESHOLDS.toleranceL, perMille: DEFAULT_THRESHOLDS.tolerancePermille };
/** Water (or any "other" product) has no tolerance: it only ever goes into a tanker by mistake. */
const NO_TOLERANCE: LoadTolerance = { litres: 0, perMille: 0 };

function byCompany<T extends { readonly companyCode: string }>(rows: readonly T[]): ReadonlyMap<string, T> {
  return new Map(rows.map((row) => [row.companyCode, row]));
}

export function thresholdSnapshot(rows: ThresholdRows): ThresholdSnapshot {
  const thresholds = byCompany(rows.thresholds);
  const parameters = byCompany(rows.parameters);
  const tolerances = byCompany(rows.tolerances);
  const areas = new Map<string, NoAbnormalArea[]>();
  for (const area of rows.areas) areas.set(area.companyCode, [...(areas.get(area.companyCode) ?? []), area]);
  const history = new Map<string, ThresholdHistoryRow[]>();
  for (const row of rows.history) history.set(row.companyCode, [...(history.get(row.companyCode) ?? []), row]);
  const limits = new Map<string, CompanyLimits>();
  for (const code of new Set([...thresholds.keys(), ...parameters.keys()])) {
    const threshold = thresholds.get(code);
    const parameter = parameters.get(code);
    limits.set(code, {
      overspeedKmh: threshold?.overspeedKmh ?? DEFAULT_LIMITS.overspeedKmh,
      highLossRate: parameter ? parameter.highLossPermille / 1000 : DEFAULT_LIMITS.highLossRate,
      overlongWorkMin: parameter?.overlongWorkMin ?? DEFAULT_LIMITS.overlongWorkMin,
    });
  }
  return {
    limits: (companyCode) => limits.get(companyCode) ?? DEFAULT_LIMITS,
    timeoutsAt(companyCode, time) {
      // Oldest first, a handful per company: the last one not after `time` is in force.
      const rows = history.get(companyCode) ?? [];
      let found: Timeouts = DEFAULT_THRESHOLD_VALUES;
      for (const row of rows) {
        if (row.effectiveFrom > time) break;
        found = row;
      }
      return { parkingTimeoutMin: found.parkingTimeoutMin, offlineTimeoutMin: found.offlineTimeoutMin };
    },
    noAbnormalAreaAt: (companyCode, lat, lng) =>
      areas.get(companyCode)?.find((area) => distanceKm(area.lat, area.lng, lat, lng) * 1000 <= area.radiusM),
    loadTolerance(companyCode, oilCode) {
      const kind = fuelClass(oilCode);
      if (kind === 'other') return NO_TOLERANCE;
      const row = tolerances.get(companyCode);
      if (!row) return DEFAULT_TOLERANCE;
      return kind === 'gasoline'
        ? { litres: row.gasolineToleranceL, perMille: row.gasolineTolerancePermille }
        : { litres: row.dieselToleranceL, perMille: row.dieselTolerancePermille };
    },
  };
}

/** Every company on the defaults: before the first read, and where there is no database (a unit of the engine). */
export const DEFAULT_SNAPSHOT: ThresholdSnapshot = thresholdSnapshot({ thresholds: [], history: [], parameters: [], tolerances: [], areas: [] });

/** What a loaded compartment is checked against: its planned product and litres. */
interface LoadFacts {
  readonly plannedOilCode: number;
  readonly plannedLitres: number;
  readonly actualOilCode: number;
  readonly actualLitres: number;
}

/**
 * The loading check (205): the wrong product is always abnormal; the right one is abnormal when it is off the plan by
 * more than the larger of the tolerance's litres and its per mille of the planned litres.
 */
export function loadAbnormal(tolerance: LoadTolerance, facts: LoadFacts): boolean {
  if (facts.actualOilCode !== facts.plannedOilCode) return true;
  const allowed = Math.max(tolerance.litres, (tolerance.perMille / 1000) * facts.plannedLitres);
  // Litres to a tenth, as a gauge reads them: a plan worked out from a mass is not off by a float's last digit.
  const off = Math.round(Math.abs(facts.actualLitres - facts.plannedLitres) * 10) / 10;
  return off > allowed;
}
