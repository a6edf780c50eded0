// Compartments: their volumes from a truck's master data, products and densities, levels and the inventory map.
import type { TruckModel } from '../db/schema';
import type { TankInventory } from '../../domain/wire/truck-row';
import type { Rng } from './random';

/** oilCode per spec §9: 92/95/98 gasoline, 0 diesel, −1 other (water for sprinklers). */
export const PRODUCTS = [[92, 35], [95, 30], [98, 5], [0, 30]] as const;
export const PRODUCT_CODES: readonly number[] = PRODUCTS.map(([code]) => code);
/** −1, "other": water for sprinklers, and the code a cold compartment (no product) shows in the inventory map. */
export const OTHER = -1;
export const WATER = OTHER;

/** kg per litre: what turns a loaded volume into the mass a task plans (205) and a tonnage into litres. */
export function density(oilCode: number): number {
  if (oilCode === WATER) return 1;
  return oilCode > 0 ? 0.74 : 0.84;
}

/** Volume expansion per °C: what turns a gauge's Vt into V20. Water barely expands. */
function expansion(oilCode: number): number {
  if (oilCode === WATER) return 0.0002;
  return oilCode > 0 ? 0.0012 : 0.0008;
}

/** Vt at `temperature` as litres at 20 °C, one decimal. */
export function v20(vt: number, temperature: number, oilCode: number): number {
  return roundVt(vt * (1 - expansion(oilCode) * (temperature - 20)));
}

/** Tank tonnage is rated for diesel-like fuel (0.8 kg/L); sprinklers carry water (1 kg/L). Others have no tanks. */
export function compartmentLitres(model: TruckModel, capacityTonnes: number, compartments: number): number[] {
  if (compartments <= 0 || (model !== 'fuel' && model !== 'sprinkler')) return [];
  const total = model === 'sprinkler' ? capacityTonnes * 1000 : (capacityTonnes * 1000) / 0.8;
  const each = Math.round(total / compartments / 100) * 100;
  return Array.from({ length: compartments }, () => each);
}

/** Compartment height in mm, for level readings: a level gauge reports millimetres, not litres. */
const TANK_HEIGHT_MM = 1800;

export function levelMm(vt: number, capacity: number): number {
  return capacity > 0 ? Math.round((vt / capacity) * TANK_HEIGHT_MM) : 0;
}

export function pickProduct(model: TruckModel, rng: Rng): number {
  return model === 'sprinkler' ? WATER : rng.weighted(PRODUCTS);
}

/** Volumes carry one decimal, as the gauges report them. */
export function roundVt(vt: number): number {
  return Math.round(vt * 10) / 10;
}

/** The first inventory map: empty tanks keep their last product's code; loaded ones are 85–95% full. */
export function initialInventory(model: TruckModel, tanks: readonly number[], loaded: boolean, rng: Rng): Record<string, TankInventory> {
  const map: Record<string, TankInventory> = {};
  tanks.forEach((capacity, i) => {
    const vt = loaded ? roundVt(capacity * rng.float(0.85, 0.95)) : 0;
    // Sealed when it holds product, as the simulator then starts it (truck-start.ts).
    map[String(i + 1)] = { oilCode: pickProduct(model, rng), vt, capacity, sealed: vt > 0 };
  });
  return map;
}
