// Scores derived from a row's counts (docs/scores.md): deductions per exposure unit, capped, largest first, their
// reasons written as codes and read back, the bands of the cell colours.
import { describe, expect, it } from 'vitest';
import { cellText } from '../../../../domain/screens/reports/cells';
import { deductionsOf, parseReasons, reasonsCode, scoreBand, scoreOf, SCORES, withDerived } from '../../../../domain/screens/reports/scores';

const health = SCORES.deviceHealth;
const driver = SCORES.driver;

describe('device health score', () => {
  it('is 100 for a device with nothing against it', () => {
    expect(scoreOf(health, { activeDays: 30, heartbeatGaps: 0, offlines: 0, undervoltages: 0, deviceFaults: 0 })).toBe(100);
    expect(deductionsOf(health, { activeDays: 30 })).toEqual([]);
  });

  it('rates counts per week of activity, a day as a whole week', () => {
    // One gap in a day: 8 points; the same gap over four weeks of activity: 2 points.
    expect(scoreOf(health, { activeDays: 1, heartbeatGaps: 1 })).toBe(92);
    expect(scoreOf(health, { activeDays: 28, heartbeatGaps: 1 })).toBe(98);
  });

  it('caps each deduction and never goes below 0', () => {
    expect(deductionsOf(health, { activeDays: 7, heartbeatGaps: 10 })).toEqual([{ key: 'heartbeatGaps', rate: 10, points: 30 }]);
    expect(scoreOf(health, { activeDays: 7, heartbeatGaps: 99, offlines: 99, undervoltages: 99, deviceFaults: 99 })).toBe(0);
  });

  it('lists the deductions largest first', () => {
    const row = { activeDays: 7, heartbeatGaps: 1, offlines: 1, undervoltages: 1, deviceFaults: 1 };
    expect(deductionsOf(health, row).map((deduction) => deduction.key)).toEqual(['undervoltages', 'heartbeatGaps', 'deviceFaults', 'linkDrops']);
    expect(scoreOf(health, row)).toBe(100 - 10 - 8 - 6 - 4);
  });
});

describe('driver score', () => {
  it('rates per 100 km, and a short distance as 100 km', () => {
    expect(scoreOf(driver, { km: 400, overspeeds: 2 })).toBe(95);
    expect(scoreOf(driver, { km: 5, overspeeds: 1 })).toBe(90);
    expect(scoreOf(driver, { km: 0, fatigueEvents: 1 })).toBe(85);
  });
});

describe('score cells', () => {
  it('fills the score and its reasons of a row from its other cells', () => {
    const row = withDerived(
      [
        { key: 'driverScore', value: { from: 'score', score: 'driver' } },
        { key: 'reasons', value: { from: 'reasons', score: 'driver' } },
      ],
      { km: 200, overspeeds: 1, adasEvents: 3 },
    );
    expect(row['driverScore']).toBe(92);
    expect(row['reasons']).toBe('overspeeds:0.5:5;adas:1.5:3');
  });

  it('reads its reasons back, leaving out what it does not know', () => {
    const deductions = [{ key: 'fatigue', rate: 0.25, points: 3.8 }] as const;
    expect(parseReasons(reasonsCode(deductions))).toEqual(deductions);
    expect(parseReasons('fatigue:0.25:3.8;hacked:1:2;adas:x:1')).toEqual(deductions);
  });

  it('says its reasons in both languages with their figures', () => {
    expect(cellText({ format: 'reasons' }, 'overspeeds:0.5:5;adas:1.5:3', 'zh')).toBe('超速 0.50 次/百公里 −5.0；主动安全报警 1.50 次/百公里 −3.0');
    expect(cellText({ format: 'reasons' }, 'heartbeatGaps:1:8', 'en')).toBe('heartbeat gaps 1.00/week −8.0');
    expect(cellText({ format: 'reasons' }, '', 'en')).toBe('');
  });

  it('bands scores as good from 90, fair from 70, poor below', () => {
    expect([100, 90, 89.9, 70, 69.9, 0].map(scoreBand)).toEqual(['good', 'good', 'fair', 'fair', 'poor', 'poor']);
  });
});
