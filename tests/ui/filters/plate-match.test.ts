// Plate matching: case-insensitive "contains", capped for the list, and fast over a large fleet.
import { describe, expect, it } from 'vitest';
import { exactPlate, indexPlates, matchPlates } from '../../../src/ui/filters/plate-match';

const FLEET = Array.from({ length: 10_000 }, (_, at) => ({ signCode: `京A${String(at).padStart(5, '0')}`, companyName: `公司${at % 7}` }));

describe('plate matching', () => {
  it('matches anywhere in the plate, ignoring case and surrounding spaces', () => {
    const index = indexPlates([
      { signCode: '京A12345', companyName: '一队' },
      { signCode: '沪B54321', companyName: '二队' },
    ]);
    expect(matchPlates(index, ' a123 ', 50).shown.map((plate) => plate.signCode)).toEqual(['京A12345']);
    expect(matchPlates(index, '', 50).total).toBe(2);
    expect(matchPlates(index, 'zz', 50)).toEqual({ shown: [], total: 0 });
  });

  it('lists at most the limit and counts every match', () => {
    const { shown, total } = matchPlates(indexPlates(FLEET), 'a0', 50);
    expect(shown).toHaveLength(50);
    expect(shown[0]?.signCode).toBe('京A00000');
    expect(total).toBe(10_000);
  });

  it('finds the plate a text spells in full, whatever its case', () => {
    const index = indexPlates(FLEET);
    expect(exactPlate(index, '京a09999')?.signCode).toBe('京A09999');
    expect(exactPlate(index, '京A0999')).toBeUndefined();
    expect(exactPlate(index, '  ')).toBeUndefined();
  });

  it('answers a keystroke over 10,000 plates within a frame', () => {
    const index = indexPlates(FLEET);
    const texts = ['0', '01', '012', '0123', '京', '京a', 'A9', '99'];
    const started = performance.now();
    for (let round = 0; round < 25; round += 1) for (const text of texts) matchPlates(index, text, 50);
    const perKeystroke = (performance.now() - started) / (25 * texts.length);
    expect(perKeystroke).toBeLessThan(16);
  });
});
