import { describe, expect, it } from 'vitest';
import {
  checkConfirmPassword,
  checkNewPassword,
  checkPassword,
  checkPasswordConfirmation,
} from '../../../domain/validation/password';

describe('general password rules', () => {
  it.each([
    ['', 'validation.required'],
    ['12345', 'validation.passwordMin'],
    ['密码密码密', 'validation.passwordMin'],
    ['123456', undefined],
    ['      ', undefined],
    ['a-much-longer-password', undefined],
  ])('checkPassword(%j) → %s', (password, expected) => {
    expect(checkPassword(password)).toBe(expected);
  });

  it.each([
    ['secret1', '', 'validation.required'],
    ['secret1', 'secret2', 'validation.passwordMismatch'],
    ['secret1', 'secret1 ', 'validation.passwordMismatch'],
    ['secret1', 'secret1', undefined],
  ])('checkPasswordConfirmation(%j, %j) → %s', (password, confirmation, expected) => {
    expect(checkPasswordConfirmation(password, confirmation)).toBe(expected);
  });
});

describe('change-password form', () => {
  it.each([
    ['', 'password.inPutPwd'],
    ['abcde', 'validation.passwordMin'],
    ['abcdef', undefined],
  ])('new password %j → %s', (password, expected) => {
    expect(checkNewPassword(password)).toBe(expected);
  });

  it.each([
    ['abcdef', '', 'password.againInputPwd'],
    ['abcdef', 'abcdeg', 'password.pwdDifference'],
    ['abcdef', 'ABCDEF', 'password.pwdDifference'],
    ['abcdef', 'abcdef', undefined],
  ])('confirmation of %j given %j → %s', (password, confirmation, expected) => {
    expect(checkConfirmPassword(password, confirmation)).toBe(expected);
  });
});
