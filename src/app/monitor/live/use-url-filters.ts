// A screen's typed filters kept in the URL query while the screen is on show (the playback's and the photos'): a link
// or a reload shows the same view, and a hidden (kept-alive) screen keeps what it showed while another tab's URL is in
// the address bar. Each screen gives its own reading and writing of the query.
import { useCallback, useMemo, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';

export interface UrlFilterCodec<F> {
  /** The filters a query names; `now` (when the screen opened) fills a default range. */
  readonly read: (search: string, now: number) => F;
  /** The query text for these filters, without the '?'. */
  readonly write: (filters: F) => string;
}

/** `codec` must be stable (module-level functions): a new one each render would read the query anew every time. */
export function useUrlFilters<F>(path: string, codec: UrlFilterCodec<F>): readonly [F, (next: F) => void] {
  const { read, write } = codec;
  const [location, navigate] = useLocation();
  const search = useSearch();
  // The default range ends when the screen opened, not at every render.
  const [openedAt] = useState(() => Date.now());
  const shown = useRef(search);
  if (location === path) shown.current = search;
  const held = shown.current;
  const filters = useMemo(() => read(held, openedAt), [read, held, openedAt]);
  const apply = useCallback((next: F) => navigate(`${path}?${write(next)}`, { replace: true }), [navigate, path, write]);
  return [filters, apply] as const;
}
