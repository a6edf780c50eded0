// Fuel kinds from a tank's oilCode, their labels, and the fleet's fuel totals (spec §4, §9).
import type { LocaleKey } from './i18n';
import { TRUCK_STATUS } from './truck-status';
import type { TruckStatusRow } from './wire/truck-row';

export type FuelKind = 'gasoline' | 'diesel' | 'other';

/** oilCode above 0 is gasoline, −1 is other, anything else (0, other negatives, NaN) is diesel. */
export function fuelKind(oilCode: number): FuelKind {
  if (oilCode > 0) return 'gasoline';
  if (oilCode === -1) return 'other';
  return 'diesel';
}

type FuelLabelContext = 'default' | 'loadingAbnormal';

const FUEL_LABEL_KEYS = {
  gasoline: 'fuel.gasoline',
  diesel: 'fuel.diesel',
  other: 'fuel.other',
} as const satisfies Record<FuelKind, LocaleKey>;

/** The loading-abnormal table names the "other" code (−1) water: sprinkler trucks load water there. */
export function fuelLabelKey(oilCode: number, context: FuelLabelContext = 'default'): LocaleKey {
  const kind = fuelKind(oilCode);
  if (kind === 'other' && context === 'loadingAbnormal') return 'fuel.water';
  return FUEL_LABEL_KEYS[kind];
}

/**
 * Rounds a volume up to a whole unit, as the console shows volumes.
 * A negative reading is sensor noise on an empty tank and NaN/Infinity is no reading: both count as 0,
 * so one bad tank cannot pull a fleet total down or make it NaN.
 */
export function roundVolume(volume: number): number {
  if (!Number.isFinite(volume) || volume <= 0) return 0;
  return Math.ceil(volume);
}

export type FuelTotals = Record<FuelKind, number>;

/** Sums every tank's rounded-up volume per fuel kind; offline trucks are left out (their volumes are stale). */
export function fuelTotals(rows: Iterable<Pick<TruckStatusRow, 'status' | 'lastIventoryMap'>>): FuelTotals {
  const totals: FuelTotals = { gasoline: 0, diesel: 0, other: 0 };
  for (const row of rows) {
    if (row.status === TRUCK_STATUS.offline) continue;
    for (const tank of Object.values(row.lastIventoryMap)) {
      totals[fuelKind(tank.oilCode)] += roundVolume(tank.vt);
    }
  }
  return totals;
}
