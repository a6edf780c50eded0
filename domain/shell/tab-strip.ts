// The tab strip's rules (shell spec §2, §4): one tab per visited path; close, close others, close all, refresh.
import { DASHBOARD_PATH } from '../routes';

export interface Tab {
  readonly path: string;
  /** Bumped by refresh: the view under a new key mounts afresh. */
  readonly refreshKey: number;
}

export interface TabChange {
  readonly tabs: readonly Tab[];
  /** Where to go when the change closed the tab on screen. */
  readonly navigateTo?: string;
}

/** Adds a tab for a path the first time it is visited; later visits keep the tab and its place. */
export function visitTab(tabs: readonly Tab[], path: string): readonly Tab[] {
  return tabs.some((tab) => tab.path === path) ? tabs : [...tabs, { path, refreshKey: 0 }];
}

/** After the active tab closes: the last remaining tab, or the dashboard when none is left. */
function pathAfterClose(remaining: readonly Tab[]): string {
  return remaining.at(-1)?.path ?? DASHBOARD_PATH;
}

export function closeTab(tabs: readonly Tab[], path: string, active: string): TabChange {
  const remaining = tabs.filter((tab) => tab.path !== path);
  return path === active ? { tabs: remaining, navigateTo: pathAfterClose(remaining) } : { tabs: remaining };
}

/** Keeps only `path`; when another tab was on screen, `path` comes on screen. */
export function closeOtherTabs(tabs: readonly Tab[], path: string, active: string): TabChange {
  const kept = tabs.filter((tab) => tab.path === path);
  return path === active ? { tabs: kept } : { tabs: kept, navigateTo: path };
}

export function closeAllTabs(): TabChange {
  return { tabs: [], navigateTo: DASHBOARD_PATH };
}

export function refreshTab(tabs: readonly Tab[], path: string): readonly Tab[] {
  return tabs.map((tab) => (tab.path === path ? { ...tab, refreshKey: tab.refreshKey + 1 } : tab));
}
