// Password rules: the general form rule (required, ≥ 6, confirmation equal) and the change-password form's own messages.
import { PASSWORD_MIN } from '../constants';
import type { RuleResult } from './rule';

/*
 * Passwords are never trimmed: they are sent as typed (shell spec §5), so a space is a
 * character and only the empty string is missing.
 */

const tooShort = (password: string) => [...password].length < PASSWORD_MIN;

/** User management and similar forms. */
export function checkPassword(password: string): RuleResult {
  if (password === '') return 'validation.required';
  return tooShort(password) ? 'validation.passwordMin' : undefined;
}

export function checkPasswordConfirmation(password: string, confirmation: string): RuleResult {
  if (confirmation === '') return 'validation.required';
  return confirmation === password ? undefined : 'validation.passwordMismatch';
}

/** Change-password form, new password. */
export function checkNewPassword(password: string): RuleResult {
  if (password === '') return 'password.inPutPwd';
  return tooShort(password) ? 'validation.passwordMin' : undefined;
}

/** Change-password form, confirmation of the new password. */
export function checkConfirmPassword(newPassword: string, confirmation: string): RuleResult {
  if (confirmation === '') return 'password.againInputPwd';
  return confirmation === newPassword ? undefined : 'password.pwdDifference';
}
