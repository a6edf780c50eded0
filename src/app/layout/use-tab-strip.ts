// The tab strip's state: a tab per visited path (the one on screen always included) and the §2 actions on it.
import { useCallback, useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { closeAllTabs, closeOtherTabs, closeTab, refreshTab, visitTab, type Tab, type TabChange } from '../../../domain/shell/tab-strip';

export interface TabStripState {
  readonly tabs: readonly Tab[];
  readonly close: (path: string) => void;
  readonly closeOthers: (path: string) => void;
  readonly closeAll: () => void;
  readonly refresh: (path: string) => void;
}

/** `active`: the path on screen, or undefined while the screen shows no view of the menu (a page the user may not open). */
export function useTabStrip(active: string | undefined): TabStripState {
  const [, navigate] = useLocation();
  const [visited, setVisited] = useState<readonly Tab[]>([]);
  useEffect(() => {
    if (active !== undefined) setVisited((tabs) => visitTab(tabs, active));
  }, [active]);
  // Derived so the screen on display has its tab from the first render, before the effect records it.
  const tabs = active === undefined ? visited : visitTab(visited, active);
  const apply = useCallback(
    (change: TabChange) => {
      setVisited(change.tabs);
      if (change.navigateTo !== undefined && change.navigateTo !== active) navigate(change.navigateTo);
    },
    [active, navigate],
  );
  // No tab is on screen while none is active: closing one never counts as closing the screen shown.
  const onScreen = active ?? '';
  return {
    tabs,
    close: (path) => apply(closeTab(tabs, path, onScreen)),
    closeOthers: (path) => apply(closeOtherTabs(tabs, path, onScreen)),
    closeAll: () => apply(closeAllTabs()),
    refresh: (path) => setVisited(refreshTab(tabs, path)),
  };
}
