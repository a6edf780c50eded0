import { describe, expect, it } from 'vitest';
import { checkNonNegativeInteger, checkNumber, checkRequired } from '../../../domain/validation/common';
import { checkPhone } from '../../../domain/validation/identity';
import { firstProblem } from '../../../domain/validation/rule';

describe('checkRequired', () => {
  it.each([[''], ['   '], [null], [undefined], [Number.NaN]])('asks for a value when given %j', (value) => {
    expect(checkRequired(value)).toBe('validation.required');
  });

  it.each([['a'], [' a '], [0], ['0']])('accepts %j', (value) => {
    expect(checkRequired(value)).toBeUndefined();
  });
});

describe('checkNumber', () => {
  it.each([['12'], ['-3.5'], ['+7'], ['.5'], ['5.'], [' 42 '], [0], [-1.25], ['']])('accepts %j', (value) => {
    expect(checkNumber(value)).toBeUndefined();
  });

  it.each([['abc'], ['1,000'], ['1e3'], ['0x10'], ['Infinity'], ['1.2.3'], ['-'], [Infinity]])('refuses %j', (value) => {
    expect(checkNumber(value)).toBe('validation.numberRequired');
  });
});

describe('checkNonNegativeInteger (seal-break counts, open values)', () => {
  it.each([['0'], ['7'], ['007'], [' 12 '], [0], [99], ['']])('accepts %j', (value) => {
    expect(checkNonNegativeInteger(value)).toBeUndefined();
  });

  it.each([['-1'], ['1.5'], ['1.0'], ['abc'], ['+3'], [-1], [2.5], [Number.MAX_VALUE]])('refuses %j', (value) => {
    expect(checkNonNegativeInteger(value)).toBe('validation.nonNegativeInteger');
  });
});

describe('firstProblem', () => {
  it.each([
    ['', 'validation.required'],
    ['123', 'validation.phone'],
    ['13800138000', undefined],
  ])('reports the first failing rule for %j', (value, expected) => {
    expect(firstProblem(value, checkRequired, checkPhone)).toBe(expected);
  });
});
