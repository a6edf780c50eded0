import { describe, expect, it } from 'vitest';
import { formatLoss, formatLossRate, toPerMille } from '../../../domain/format/loss';

describe('formatLoss', () => {
  it.each([
    [0, '0.00'],
    [12.345, '12.35'],
    [1.005, '1.01'],
    [-3.456, '-3.46'],
    [-0.001, '0.00'],
    [100, '100.00'],
    ['7.1', '7.10'],
  ])('shows %s as %s', (value, expected) => {
    expect(formatLoss(value)).toBe(expected);
  });

  it.each([[null], [undefined], [''], ['abc'], [Number.NaN], [Infinity]])('leaves %s empty', (value) => {
    expect(formatLoss(value)).toBe('');
  });
});

describe('formatLossRate (rates and thresholds per mille)', () => {
  it.each([
    [0.0012345, '1.2345'],
    [0.0001, '0.1000'],
    [0.00000015, '0.0002'],
    [0.00123455, '1.2346'],
    [0.003, '3.0000'],
    [-0.0005, '-0.5000'],
    [0, '0.0000'],
    ['0.002', '2.0000'],
  ])('shows %s as %s', (rate, expected) => {
    expect(formatLossRate(rate)).toBe(expected);
  });

  it('shifts to per mille without float noise', () => {
    expect(toPerMille(0.0001)).toBe(0.1);
    expect(toPerMille(0.00000015)).toBe(0.00015);
  });

  it.each([[null], [undefined], [' '], ['n/a'], [Number.NaN], [-Infinity]])('leaves %s empty', (rate) => {
    expect(formatLossRate(rate)).toBe('');
  });
});
