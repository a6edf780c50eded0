// Login form rules of shell spec §2 and §5, and the server's challenge in place of the drawn code.
import { describe, expect, it } from 'vitest';
import { CAPTCHA_LENGTH } from '../../domain/constants';
import { CAPTCHA_CHARSET, checkLoginForm, generateCaptcha, loginCredentials } from '../../domain/login-form';

describe('login form', () => {
  it('draws a four-character code from the character set', () => {
    for (let i = 0; i < 200; i++) {
      const code = generateCaptcha();
      expect(code).toHaveLength(CAPTCHA_LENGTH);
      expect([...code].every((ch) => CAPTCHA_CHARSET.includes(ch))).toBe(true);
    }
  });

  it('uses the random source it is given, from the first to the last character of the set', () => {
    expect(generateCaptcha(() => 0)).toBe(CAPTCHA_CHARSET[0]!.repeat(4));
    expect(generateCaptcha(() => 0.999999)).toBe(CAPTCHA_CHARSET.at(-1)!.repeat(4));
  });

  it.each([
    [{ username: '', password: 'x', code: 'AbCd' }, 'login.emptyCredentials'],
    [{ username: '   ', password: 'x', code: 'AbCd' }, 'login.emptyCredentials'],
    [{ username: 'admin', password: '', code: 'AbCd' }, 'login.emptyCredentials'],
    [{ username: 'admin', password: 'x', code: '' }, 'login.codeRequired'],
    [{ username: 'admin', password: 'x', code: 'abce' }, 'login.codeWrong'],
    [{ username: 'admin', password: 'x', code: 'abcd' }, undefined],
    [{ username: ' admin ', password: ' x ', code: 'ABCD' }, undefined],
  ])('judges %o as %s against the code AbCd', (input, expected) => {
    expect(checkLoginForm(input, 'AbCd')).toBe(expected);
  });

  it('trims the user name and sends the password exactly as typed', () => {
    expect(loginCredentials({ username: '  admin ', password: ' pa ss ', code: 'x' })).toEqual({
      username: 'admin',
      password: ' pa ss ',
    });
  });

  it.each([
    [{ username: 'admin', password: '', code: 'K7MPQ' }, 'login.emptyCredentials'],
    [{ username: 'admin', password: 'x', code: ' ' }, 'login.codeRequired'],
    [{ username: 'admin', password: 'x', code: 'anything' }, undefined],
  ])('leaves the code of the server\'s challenge to the server: %o is %s', (input, expected) => {
    expect(checkLoginForm(input, undefined)).toBe(expected);
  });

  it('sends the code, trimmed, as the answer to the server\'s challenge when there is one', () => {
    const challenge = { id: 'c-9', image: 'data:image/png;base64,', length: 5 };
    expect(loginCredentials({ username: ' admin ', password: 'pw', code: ' k7mpq ' }, challenge)).toEqual({
      username: 'admin',
      password: 'pw',
      challenge: { id: 'c-9', answer: 'k7mpq' },
    });
  });
});
