import { describe, expect, it } from 'vitest';
import { checkIdCard, idCardCheckChar } from '../../../domain/validation/id-card';
import { checkDriverCode, checkEmail, checkPhone } from '../../../domain/validation/identity';

describe('checkPhone (terminal phone)', () => {
  it.each([['13800138000'], ['00000000000'], ['']])('accepts %j', (phone) => {
    expect(checkPhone(phone)).toBeUndefined();
  });

  it.each([['1380013800'], ['138001380001'], ['1380013800a'], ['138 0013 800'], ['+8613800138'], ['１３８００１３８０００']])(
    'refuses %j',
    (phone) => {
      expect(checkPhone(phone)).toBe('validation.phone');
    },
  );
});

describe('checkDriverCode', () => {
  it.each([
    ['', undefined],
    ['D001', undefined],
    ['1234567', undefined],
    ['驾驶员编号七', undefined],
    ['12345678', 'validation.driverCode'],
    ['驾驶员编号八个字', 'validation.driverCode'],
  ])('%j → %s', (code, expected) => {
    expect(checkDriverCode(code)).toBe(expected);
  });
});

describe('checkEmail', () => {
  it.each([['ops@fleet.example.com'], ['first.last+tag@mail.co'], ['a_b-c@sub-domain.cn'], [' user@example.org '], ['']])(
    'accepts %j',
    (email) => {
      expect(checkEmail(email)).toBeUndefined();
    },
  );

  it.each([
    ['plainaddress'],
    ['@example.com'],
    ['user@'],
    ['user@example'],
    ['user@example.c'],
    ['user@@example.com'],
    ['.user@example.com'],
    ['user.@example.com'],
    ['us..er@example.com'],
    ['user@-example.com'],
    ['user@exa mple.com'],
  ])('refuses %j', (email) => {
    expect(checkEmail(email)).toBe('validation.email');
  });
});

describe('checkIdCard (GB 11643-1999)', () => {
  // 11010519491231002X is the standard's published sample; the others were worked by hand
  // with weights 7 9 10 5 8 4 2 1 6 3 7 9 10 5 8 4 2 and the table 10X98765432.
  it.each([
    ['11010519491231002', 'X'],
    ['44030419900307123', 'X'],
    ['32010219880229456', '5'],
    ['11010120000101001', '0'],
  ])('computes the check character of %s as %s', (first17, check) => {
    expect(idCardCheckChar(first17)).toBe(check);
  });

  it.each([
    ['11010519491231002X'],
    ['11010519491231002x'],
    ['44030419900307123X'],
    ['320102198802294565'],
    ['110105200002290021'],
    ['110101200001010010'],
    [''],
  ])('accepts %j', (id) => {
    expect(checkIdCard(id)).toBeUndefined();
  });

  it.each([
    ['wrong check digit', '110105194912310021'],
    ['17 characters', '11010519491231002'],
    ['19 characters', '11010519491231002X1'],
    ['letter inside', '1101051949123A002X'],
    ['15-digit old format', '110105491231002'],
  ])('refuses %s', (_case, id) => {
    expect(checkIdCard(id)).toBe('validation.idCard');
  });

  it.each([
    ['Feb 29 in a common year', '320102198702294568'],
    ['Feb 29 in 1900', '110105190002290025'],
    ['Feb 30', '110105199002300028'],
    ['month 13', '110105199013010026'],
    ['day 00', '110105199001000023'],
    ['Apr 31', '110105199004310027'],
  ])('refuses a birth date of %s even with a correct check digit', (_case, id) => {
    expect(idCardCheckChar(id.slice(0, 17))).toBe(id.slice(17));
    expect(checkIdCard(id)).toBe('validation.idCard');
  });

  it('accepts Jan 31, the last day of a 31-day month', () => {
    expect(checkIdCard('110105199001310021')).toBeUndefined();
  });
});
