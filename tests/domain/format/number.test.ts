import { describe, expect, it } from 'vitest';
import { abbreviate, formatThousands, roundDecimal, shiftDecimal } from '../../../domain/format/number';

describe('decimal helpers', () => {
  it.each([
    [0.00000015, 3, 0.00015],
    [0.0001, 3, 0.1],
    [1.5e-7, 3, 0.00015],
    [1234.5, -3, 1.2345],
  ])('shifts %d by %i places exactly', (x, places, expected) => {
    expect(shiftDecimal(x, places)).toBe(expected);
  });

  it.each([
    [1.005, 2, 1.01],
    [1.004, 2, 1],
    [-1.005, 2, -1.01],
    [2.5, 0, 3],
    [-2.5, 0, -3],
    [0.00015, 4, 0.0002],
  ])('rounds %d to %i places half away from zero as written', (x, decimals, expected) => {
    expect(roundDecimal(x, decimals)).toBe(expected);
  });
});

describe('formatThousands', () => {
  it.each([
    [0, undefined, '0'],
    [999, undefined, '999'],
    [1000, undefined, '1,000'],
    [1234567, undefined, '1,234,567'],
    [-1234567, undefined, '-1,234,567'],
    [1234.5678, undefined, '1,234.5678'],
    [-1234.5, undefined, '-1,234.5'],
    [1234.5678, 2, '1,234.57'],
    [1234, 2, '1,234.00'],
    [999999.995, 2, '1,000,000.00'],
    [-0.001, 2, '0.00'],
    [0.5, undefined, '0.5'],
  ])('formats %d (decimals %s) as %s', (n, decimals, expected) => {
    expect(formatThousands(n, decimals)).toBe(expected);
  });

  it.each([[Number.NaN], [Infinity]])('renders %d as empty text', (n) => {
    expect(formatThousands(n)).toBe('');
  });
});

describe('abbreviate', () => {
  it.each([
    [0, undefined, '0'],
    [999, undefined, '999'],
    [12.34, undefined, '12.3'],
    [999.96, undefined, '1k'],
    [1000, undefined, '1k'],
    [1500, undefined, '1.5k'],
    [1050, undefined, '1.1k'],
    [1049, undefined, '1k'],
    [999950, undefined, '1M'],
    [999949, undefined, '999.9k'],
    [1234567, 2, '1.23M'],
    [2.5e9, undefined, '2.5G'],
    [1e12, undefined, '1T'],
    [3e15, undefined, '3P'],
    [1e18, undefined, '1E'],
    [4.56e19, 0, '46E'],
    [-1500, undefined, '-1.5k'],
    [-999950, undefined, '-1M'],
    [-0.04, undefined, '0'],
    [1234, 0, '1k'],
  ])('abbreviates %d (digits %s) as %s', (n, digits, expected) => {
    expect(abbreviate(n, digits)).toBe(expected);
  });

  it.each([[Number.NaN], [-Infinity]])('renders %d as empty text', (n) => {
    expect(abbreviate(n)).toBe('');
  });
});
