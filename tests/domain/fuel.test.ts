import { describe, it, expect } from 'vitest';
import { fuelKind, fuelLabelKey, fuelTotals, roundVolume } from '../../domain/fuel';
import type { TruckStatusCode } from '../../domain/truck-status';
import type { TankInventory } from '../../domain/wire';

describe('fuel kind from oilCode (spec §9)', () => {
  it.each([
    [1, 'gasoline'],
    [92, 'gasoline'],
    [0.5, 'gasoline'],
    [-1, 'other'],
    [0, 'diesel'],
    [-2, 'diesel'],
    [-0.5, 'diesel'],
    [Number.NaN, 'diesel'],
  ] as const)('treats oilCode %d as %s', (oilCode, kind) => {
    expect(fuelKind(oilCode)).toBe(kind);
  });
});

describe('fuel label', () => {
  it.each([
    [95, 'default', 'fuel.gasoline'],
    [95, 'loadingAbnormal', 'fuel.gasoline'],
    [0, 'default', 'fuel.diesel'],
    [0, 'loadingAbnormal', 'fuel.diesel'],
    [-1, 'default', 'fuel.other'],
    [-1, 'loadingAbnormal', 'fuel.water'],
  ] as const)('labels oilCode %d in the %s context as %s', (oilCode, context, key) => {
    expect(fuelLabelKey(oilCode, context)).toBe(key);
  });

  it('treats oilCode -1 as other by default, shown as water only in the loading-abnormal table', () => {
    expect(fuelLabelKey(-1)).toBe('fuel.other');
  });
});

describe('volume rounding', () => {
  it.each([
    [0, 0],
    [1, 1],
    [1.01, 2],
    [0.0001, 1],
    [1234.5, 1235],
    [-3, 0],
    [-0.4, 0],
    [Number.NaN, 0],
    [Number.POSITIVE_INFINITY, 0],
  ])('rounds %d up to %d', (volume, shown) => {
    expect(roundVolume(volume)).toBe(shown);
  });
});

describe('fleet fuel totals', () => {
  const tank = (oilCode: number, vt: number): TankInventory => ({ oilCode, vt });
  const truck = (status: TruckStatusCode, ...tanks: TankInventory[]) => ({
    status,
    lastIventoryMap: Object.fromEntries(tanks.map((t, i) => [String(i + 1), t])),
  });

  it('is zero for every kind without trucks', () => {
    expect(fuelTotals([])).toEqual({ gasoline: 0, diesel: 0, other: 0 });
  });

  it('sums each tank rounded up, per kind', () => {
    const rows = [
      truck(2, tank(92, 1000.2), tank(0, 500)),
      truck(1, tank(95, 0.5)),
      truck(3, tank(-1, 8000.1), tank(-2, 10.5)),
      truck(4),
    ];
    expect(fuelTotals(rows)).toEqual({ gasoline: 1001 + 1, diesel: 500 + 11, other: 8001 });
  });

  it('leaves offline trucks out of the totals', () => {
    const rows = [truck(0, tank(92, 3000)), truck(2, tank(92, 100)), truck(0, tank(-1, 50))];
    expect(fuelTotals(rows)).toEqual({ gasoline: 100, diesel: 0, other: 0 });
  });

  it('does not let a bad reading spoil a total', () => {
    expect(fuelTotals([truck(2, tank(0, Number.NaN), tank(0, -5), tank(0, 7))])).toEqual({
      gasoline: 0,
      diesel: 7,
      other: 0,
    });
  });
});
