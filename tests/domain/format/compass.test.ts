import { describe, expect, it } from 'vitest';
import { COMPASS_POINTS, compassKey, compassLocaleKey, compassName } from '../../../domain/format/compass';
import { translate } from '../../../domain/i18n';

describe('compassKey', () => {
  // Each point's sector runs from 11.25° before its centre (included) to 11.25° after (excluded).
  const sectors = COMPASS_POINTS.map((point, i) => ({ point, centre: i * 22.5 }));

  it.each(sectors)('maps the centre and both edges of $point', ({ point, centre }) => {
    const lower = (centre - 11.25 + 360) % 360;
    expect(compassKey(centre)).toBe(point);
    expect(compassKey(lower)).toBe(point);
    expect(compassKey(centre + 11.25 - 1e-9)).toBe(point);
    expect(compassKey(centre + 11.25)).not.toBe(point);
    if (centre > 0) expect(compassKey(lower - 1e-9)).not.toBe(point);
  });

  it.each([
    [0, 'n'],
    [360, 'n'],
    [11.24, 'n'],
    [11.25, 'nne'],
    [33.74, 'nne'],
    [33.75, 'ne'],
    [45, 'ne'],
    [90, 'e'],
    [135, 'se'],
    [180, 's'],
    [225, 'sw'],
    [270, 'w'],
    [315, 'nw'],
    [348.74, 'nnw'],
    [348.75, 'n'],
    [359.99, 'n'],
  ])('maps %d° to %s', (degrees, key) => {
    expect(compassKey(degrees)).toBe(key);
  });

  it.each([[-0.01], [360.01], [720], [Number.NaN], [Infinity], [-Infinity]])('calls %d° unknown', (degrees) => {
    expect(compassKey(degrees)).toBe('unknown');
  });
});

describe('compassName', () => {
  it.each([
    [0, '正北', 'North'],
    [22.5, '北偏东', 'North-northeast'],
    [45, '东北', 'Northeast'],
    [200, '南偏西', 'South-southwest'],
    [-1, '未知方向', 'Unknown direction'],
  ])('names %d° %s / %s', (degrees, zh, en) => {
    expect(compassName(degrees, 'zh')).toBe(zh);
    expect(compassName(degrees, 'en')).toBe(en);
  });

  it('has a translation in both languages for every point', () => {
    for (const point of [...COMPASS_POINTS, 'unknown'] as const) {
      const degrees = point === 'unknown' ? -1 : COMPASS_POINTS.indexOf(point) * 22.5;
      const key = compassLocaleKey(degrees);
      expect(key).toBe(`compass.${point}`);
      expect(translate('zh', key)).not.toBe(key);
      expect(translate('en', key)).not.toBe(key);
    }
  });
});
