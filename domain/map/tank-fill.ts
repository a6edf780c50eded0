// How full a compartment is drawn, and what its product is called: pure, for the liquid-level and cargo screens.
import { fuelKind, type FuelKind } from '../fuel';
import type { TankInventory } from '../wire/truck-row';

/** The share of the compartment filled, 0…1: Vt over capacity; undefined when the capacity is not sent (legacy). */
export function fillShare(tank: TankInventory): number | undefined {
  if (tank.capacity === undefined || tank.capacity <= 0) return undefined;
  return Math.min(1, Math.max(0, tank.vt / tank.capacity));
}

/** The product as operators name it: 92#, 95#, 0# (diesel); a water tank or a cold compartment has none. */
export function productCode(tank: TankInventory): string | undefined {
  return fuelKind(tank.oilCode) === 'other' ? undefined : `${tank.oilCode}#`;
}

export const FUEL_FILL_COLORS: Readonly<Record<FuelKind, string>> = { gasoline: '#e6a23c', diesel: '#8d6e63', other: '#409eff' };
