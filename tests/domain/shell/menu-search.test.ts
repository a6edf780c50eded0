// The fuzzy menu search: title outweighs path, threshold 0.4, patterns cut to 32 characters.
import { describe, expect, it } from 'vitest';
import { createMenuSearch } from '../../../domain/shell/menu-search';
import { ROUTES } from '../../../domain/routes';
import { translate } from '../../../domain/i18n';

const entries = ROUTES.map((route) => ({ path: route.path, title: translate('en', route.titleKey) }));
const search = createMenuSearch(entries);

describe('menu search', () => {
  it('finds a screen by a slightly misspelled title', () => {
    expect(search('Liv map')[0]?.path).toBe('/monitor/track_map');
  });

  it('finds a screen by its path', () => {
    expect(search('switchcover_his')[0]?.path).toBe('/cargo_monitor/event_report/switchcover_his');
  });

  it('ranks a title match above a path-only match', () => {
    const zh = createMenuSearch(ROUTES.map((route) => ({ path: route.path, title: translate('zh', route.titleKey) })));
    expect(zh('液位趋势')[0]?.path).toBe('/cargo_monitor/event_report/level_trend');
  });

  it('finds nothing for a blank query or for text far from every title (threshold 0.4)', () => {
    expect(search('   ')).toEqual([]);
    expect(search('qqqqzzzz')).toEqual([]);
  });

  it('cuts patterns longer than 32 characters instead of failing', () => {
    const long = `Vehicle daily mileage${'x'.repeat(60)}`;
    expect(() => search(long)).not.toThrow();
  });

  it('returns at most the limit', () => {
    expect(search('alarm', 3)).toHaveLength(3);
  });
});
