// The login form's rules (shell spec §2, §5): verification code drawn from a character set, and the three messages.
import type { LocaleKey } from './i18n';
import { CAPTCHA_LENGTH } from './constants';

/** Characters that cannot be confused with one another when drawn (no 0/O, 1/I/l). */
export const CAPTCHA_CHARSET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghjkmnpqrstuvwxyz23456789';

/** Picks CAPTCHA_LENGTH characters; `random` returns [0, 1) so tests can pass a seeded source. */
export function generateCaptcha(random: () => number = Math.random): string {
  let code = '';
  for (let i = 0; i < CAPTCHA_LENGTH; i++) {
    code += CAPTCHA_CHARSET[Math.floor(random() * CAPTCHA_CHARSET.length)] ?? CAPTCHA_CHARSET[0];
  }
  return code;
}

export interface LoginFormInput {
  readonly username: string;
  readonly password: string;
  readonly code: string;
}

/**
 * The first problem with the form, or undefined when it may be sent.
 * The code compares without case: it is a speed bump for scripts, the server's rate limit is the defence.
 */
export function checkLoginForm(input: LoginFormInput, expectedCode: string): LocaleKey | undefined {
  if (input.username.trim() === '' || input.password === '') return 'login.emptyCredentials';
  if (input.code.trim() === '') return 'login.codeRequired';
  if (input.code.trim().toLowerCase() !== expectedCode.toLowerCase()) return 'login.codeWrong';
  return undefined;
}

/** What is sent: the username trimmed, the password exactly as typed. */
export function loginCredentials(input: LoginFormInput): { username: string; password: string } {
  return { username: input.username.trim(), password: input.password };
}
