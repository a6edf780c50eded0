// The login form's rules (shell spec §2, §5): verification code drawn from a character set, and the three messages;
// or, once our server asked for one, its own challenge in place of the drawn code (docs/api.md).
import type { LocaleKey } from './i18n';
import { CAPTCHA_LENGTH } from './constants';
import type { LoginChallenge } from './wire/login-challenge';

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
 * The first problem with the form, or undefined when it may be sent. `expectedCode` is the drawn code, compared without
 * case: a speed bump for scripts, the server's rate limit and challenge are the defence. Undefined while the server's
 * challenge stands in its place: only the server knows that answer.
 */
export function checkLoginForm(input: LoginFormInput, expectedCode: string | undefined): LocaleKey | undefined {
  if (input.username.trim() === '' || input.password === '') return 'login.emptyCredentials';
  if (input.code.trim() === '') return 'login.codeRequired';
  if (expectedCode !== undefined && input.code.trim().toLowerCase() !== expectedCode.toLowerCase()) return 'login.codeWrong';
  return undefined;
}

/** The answer to the server's challenge, sent with the login. */
interface ChallengeAnswer {
  readonly id: string;
  readonly answer: string;
}

export interface LoginCredentials {
  readonly username: string;
  readonly password: string;
  /** Only while the server's challenge stands in place of the drawn code. */
  readonly challenge?: ChallengeAnswer;
}

/** What is sent: the username trimmed, the password exactly as typed, and the code when it answers `challenge`. */
export function loginCredentials(input: LoginFormInput, challenge?: LoginChallenge): LoginCredentials {
  const credentials = { username: input.username.trim(), password: input.password };
  return challenge ? { ...credentials, challenge: { id: challenge.id, answer: input.code.trim() } } : credentials;
}
