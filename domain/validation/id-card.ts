// Chinese resident identity number (GB 11643-1999): 18 characters, a real birth date, and the check digit.
import type { RuleResult } from './rule';

const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2] as const;
const CHECK_CHARS = '10X98765432';
const SHAPE = /^\d{17}[\dXx]$/;

/** The check character for the first 17 digits, or undefined if they are not 17 digits. */
export function idCardCheckChar(first17: string): string | undefined {
  if (!/^\d{17}$/.test(first17)) return undefined;
  const sum = WEIGHTS.reduce((total, weight, i) => total + weight * Number(first17[i]), 0);
  return CHECK_CHARS[sum % 11];
}

/** A calendar date that exists (no Feb 30, Feb 29 only in leap years), from yyyyMMdd digits. */
function isRealDate(yyyymmdd: string): boolean {
  const year = Number(yyyymmdd.slice(0, 4));
  const month = Number(yyyymmdd.slice(4, 6));
  const day = Number(yyyymmdd.slice(6, 8));
  if (month < 1 || month > 12 || day < 1) return false;
  // Day 0 of the next month is the last day of this one; UTC so the runtime's zone cannot interfere.
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day <= lastDay;
}

/**
 * Checks shape, birth date (characters 7–14) and check digit; a lower-case x is accepted.
 * The region code (first 6 digits) and whether the birth date lies in the past are not checked:
 * the region table is not part of the spec, and a pure rule has no clock. Blank passes.
 */
export function checkIdCard(id: string): RuleResult {
  const trimmed = id.trim();
  if (trimmed === '') return undefined;
  if (!SHAPE.test(trimmed) || !isRealDate(trimmed.slice(6, 14))) return 'validation.idCard';
  const expected = idCardCheckChar(trimmed.slice(0, 17));
  return expected === trimmed.slice(17).toUpperCase() ? undefined : 'validation.idCard';
}
