// Loss display (§9): loss values with 2 decimals; loss rates and their thresholds per mille with 4.
import { LOSS_DECIMALS, LOSS_RATE_DECIMALS, LOSS_RATE_FACTOR } from '../constants';
import { shiftDecimal, toFixedDecimal } from './number';

/** A loss field as rows carry it: the server may send numbers, numeric strings or nothing. */
type LossValue = number | string | null | undefined;

const PER_MILLE_PLACES = Math.round(Math.log10(LOSS_RATE_FACTOR));

function toFinite(value: LossValue): number | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'string' && value.trim() === '') return undefined;
  const n = Number(value);
  return Number.isFinite(n) ? n : undefined;
}

/**
 * Loss with 2 decimals. A missing or non-numeric value renders as '' so the cell stays empty:
 * a '-' would be read as a value (and exported as text into a numeric Excel column).
 */
export function formatLoss(value: LossValue): string {
  const n = toFinite(value);
  return n === undefined ? '' : toFixedDecimal(n, LOSS_DECIMALS);
}

/** A rate as a per-mille number, shifted on its decimal text so 0.00000015 gives 0.00015 exactly. */
export function toPerMille(rate: number): number {
  return shiftDecimal(rate, PER_MILLE_PLACES);
}

/**
 * Loss rate, or a loss-rate threshold, per mille with 4 decimals: 0.0012345 → '1.2345'.
 * Missing or non-numeric → '' (see `formatLoss`).
 */
export function formatLossRate(rate: LossValue): string {
  const n = toFinite(rate);
  return n === undefined ? '' : toFixedDecimal(toPerMille(n), LOSS_RATE_DECIMALS);
}
