// Field rules shared by many forms: required, number, non-negative integer.
import type { RuleResult } from './rule';
import { isBlank } from './rule';

type FieldValue = string | number | null | undefined;

/** Whitespace alone does not fill a required field. */
export function checkRequired(value: FieldValue): RuleResult {
  return isBlank(value) ? 'validation.required' : undefined;
}

/*
 * Format rules below pass a blank value: whether a field may be empty is `checkRequired`'s
 * decision, so an optional field can still use them (combine with `firstProblem`).
 */

const DECIMAL_TEXT = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

/** A finite decimal number; text such as '1e3', '0x10' or 'Infinity' is refused. */
export function checkNumber(value: FieldValue): RuleResult {
  if (isBlank(value)) return undefined;
  if (typeof value === 'number') return Number.isFinite(value) ? undefined : 'validation.numberRequired';
  return DECIMAL_TEXT.test(String(value).trim()) ? undefined : 'validation.numberRequired';
}

/** 0, 1, 2, …: seal-break counts and open values. Leading zeros ('007') are accepted. */
export function checkNonNegativeInteger(value: FieldValue): RuleResult {
  if (isBlank(value)) return undefined;
  if (typeof value === 'number') {
    return Number.isSafeInteger(value) && value >= 0 ? undefined : 'validation.nonNegativeInteger';
  }
  return /^\d+$/.test(String(value).trim()) ? undefined : 'validation.nonNegativeInteger';
}
