// Tab titles, breadcrumbs and the tab strip's close rules.
import { describe, expect, it } from 'vitest';
import { breadcrumbKeys, tabTitleKey } from '../../../domain/shell/titles';
import { closeAllTabs, closeOtherTabs, closeTab, refreshTab, visitTab, type Tab } from '../../../domain/shell/tab-strip';

const tabs = (...paths: string[]): Tab[] => paths.map((path) => ({ path, refreshKey: 0 }));

describe('titles', () => {
  it('titles a tab from its route, or no-name when the registry has none', () => {
    expect(tabTitleKey('/monitor/track_map')).toBe('route.monitor.track_map');
    expect(tabTitleKey('/somewhere/else')).toBe('tabs.noName');
  });

  it('builds the breadcrumb as group then screen, the dashboard alone', () => {
    expect(breadcrumbKeys('/cargo_monitor/event_report/switchCover')).toEqual(['menu.cargo_event', 'route.cargo_monitor.event_report.switchCover']);
    expect(breadcrumbKeys('/dashboard')).toEqual(['route.dashboard']);
    expect(breadcrumbKeys('/nope')).toEqual([]);
  });
});

describe('tab strip', () => {
  it('adds one tab per visited path, in visiting order', () => {
    let strip = visitTab([], '/dashboard');
    strip = visitTab(strip, '/monitor/track_map');
    strip = visitTab(strip, '/dashboard');
    expect(strip.map((t) => t.path)).toEqual(['/dashboard', '/monitor/track_map']);
  });

  it('goes to the last remaining tab when the active one closes', () => {
    expect(closeTab(tabs('/a', '/b', '/c'), '/b', '/b')).toEqual({ tabs: tabs('/a', '/c'), navigateTo: '/c' });
  });

  it('goes to the dashboard when the last tab closes', () => {
    expect(closeTab(tabs('/a'), '/a', '/a')).toEqual({ tabs: [], navigateTo: '/dashboard' });
  });

  it('stays put when an inactive tab closes', () => {
    expect(closeTab(tabs('/a', '/b'), '/a', '/b')).toEqual({ tabs: tabs('/b') });
  });

  it('closes the others, bringing the kept tab on screen when needed', () => {
    expect(closeOtherTabs(tabs('/a', '/b', '/c'), '/b', '/b')).toEqual({ tabs: tabs('/b') });
    expect(closeOtherTabs(tabs('/a', '/b', '/c'), '/a', '/c')).toEqual({ tabs: tabs('/a'), navigateTo: '/a' });
  });

  it('closes all and goes to the dashboard', () => {
    expect(closeAllTabs()).toEqual({ tabs: [], navigateTo: '/dashboard' });
  });

  it('refreshes one tab by giving its view a new key', () => {
    expect(refreshTab(tabs('/a', '/b'), '/b')).toEqual([{ path: '/a', refreshKey: 0 }, { path: '/b', refreshKey: 1 }]);
  });
});
