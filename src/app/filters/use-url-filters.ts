// A screen's filters kept in the URL query while the screen is on show, for every screen with filters: a link or a
// reload shows the same view, and a hidden (kept-alive) screen keeps what it showed while another tab's URL is in the
// address bar. Each screen gives its reading and writing of the query, and whether it keeps its filters per tab.
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';

export interface UrlFilters<F> {
  /** The filters a query names; `now` (when the screen opened) fills what the query leaves to a default. */
  readonly read: (search: string, now: number) => F;
  /** The query text for these filters, without the '?': equal filters give equal text, no filters ''. */
  readonly write: (filters: F) => string;
  /**
   * The screen keeps its filters per tab (lists, reports): a change is a new history entry, shown at once even when the
   * URL says the same, and coming back to the plain path (the tab strip's link) puts the filters back into the URL.
   * Otherwise (monitor screens) a change replaces the history entry and the plain path shows what no query reads as.
   */
  readonly keep?: boolean;
  /**
   * What to show for the filters a query names, given those shown until now (none before the first): a report fills in
   * the range a link leaves out. The URL is then corrected to say it.
   */
  readonly complete?: (named: F, shown: F | undefined) => F;
}

/** A screen query as it reads, key → value: for screens whose filters are a few plain values. */
type ScreenQuery = Readonly<Record<string, string>>;

/** Plain values, empty ones left out of the URL. */
export const SCREEN_QUERY: UrlFilters<ScreenQuery> = {
  read: (search) => Object.fromEntries(new URLSearchParams(search)),
  write: (query) => new URLSearchParams(Object.entries(query).filter(([, value]) => value !== '')).toString(),
};

interface Shown<F> {
  /** The query last read on the screen's path; none before the screen was on show. */
  readonly search: string | undefined;
  /** The query text the URL holds for it, once the screen's own change or correction has landed. */
  readonly urlText: string;
  readonly filters: F;
}

const urlOf = (path: string, text: string): string => (text === '' ? path : `${path}?${text}`);

/** `config` must be stable (module-level, or memoised per definition): its functions are the callback's dependencies. */
export function useUrlFilters<F>(path: string, config: UrlFilters<F>): readonly [F, (next: F) => void] {
  const { read, write, keep = false, complete } = config;
  const [location, navigate] = useLocation();
  const search = useSearch();
  const onScreen = location === path;
  // A default range ends when the screen opened, not at every render.
  const [openedAt] = useState(() => Date.now());
  const [, showApplied] = useReducer((count: number) => count + 1, 0);
  const shown = useRef<Shown<F> | undefined>(undefined);

  // Read again only when the URL on the screen's path changed: a hidden screen keeps what it showed, and a change the
  // screen applied stays shown while the URL catches up.
  if (shown.current === undefined || (onScreen && search !== shown.current.search)) {
    const before = shown.current?.filters;
    const named = read(onScreen ? search : '', openedAt);
    const namesNothing = write(named) === write(read('', openedAt));
    let filters = keep && namesNothing && before !== undefined ? before : complete ? complete(named, before) : named;
    if (before !== undefined && write(before) === write(filters)) filters = before;
    shown.current = { search: onScreen ? search : undefined, urlText: write(named), filters };
  }
  const { filters, urlText } = shown.current;

  // The URL says what is shown: the kept filters on the plain path, a completed link.
  const shownText = write(filters);
  useEffect(() => {
    if (onScreen && urlText !== shownText) navigate(urlOf(path, shownText), { replace: true });
  }, [onScreen, urlText, shownText, navigate, path]);

  const apply = useCallback(
    (next: F) => {
      const text = write(next);
      if (keep && shown.current) {
        shown.current = { ...shown.current, urlText: text, filters: next };
        showApplied();
      }
      navigate(urlOf(path, text), { replace: !keep });
    },
    [keep, navigate, path, write],
  );
  return [filters, apply] as const;
}
