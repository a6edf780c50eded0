// Master-data identity fields: terminal phone, driver code, email. Blank values pass (see common.ts).
import { DRIVER_CODE_MAX, PHONE_DIGITS } from '../constants';
import type { RuleResult } from './rule';

const PHONE = new RegExp(`^\\d{${PHONE_DIGITS}}$`);

/** Terminal (SIM) phone: exactly 11 ASCII digits, no spaces, '+' or dashes. */
export function checkPhone(phone: string): RuleResult {
  if (phone === '') return undefined;
  return PHONE.test(phone) ? undefined : 'validation.phone';
}

/** At most 7 characters, counted as code points so a CJK or emoji character counts once. */
export function checkDriverCode(code: string): RuleResult {
  return [...code].length <= DRIVER_CODE_MAX ? undefined : 'validation.driverCode';
}

/*
 * A pragmatic address check, not RFC 5322: a local part of common characters without leading,
 * trailing or doubled dots, '@', then dot-separated host labels and a letter TLD of 2+.
 */
const EMAIL =
  /^(?!\.)(?!.*\.\.)[A-Za-z0-9._%+-]+(?<!\.)@(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z]{2,}$/;

export function checkEmail(email: string): RuleResult {
  const trimmed = email.trim();
  if (trimmed === '') return undefined;
  return EMAIL.test(trimmed) ? undefined : 'validation.email';
}
