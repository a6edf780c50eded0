// Login form rules of shell spec §2 and §5.
import { describe, expect, it } from 'vitest';
import { CAPTCHA_LENGTH } from '../../src/domain/constants';
import { CAPTCHA_CHARSET, checkLoginForm, generateCaptcha, loginCredentials } from '../../src/domain/login-form';

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
});
