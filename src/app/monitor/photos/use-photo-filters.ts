// The photo screen's filters in the URL query while the screen is on show (as the playback keeps its own).
import { useCallback, useMemo, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { photoSearch, readPhotoFilters, type PhotoFilters } from './photo-filters';

export function usePhotoFilters(path: string): readonly [PhotoFilters, (next: PhotoFilters) => void] {
  const [location, navigate] = useLocation();
  const search = useSearch();
  // The default range ends when the screen opened, not at every render.
  const [openedAt] = useState(() => Date.now());
  // A hidden (kept-alive) screen keeps what it showed while another tab's URL is in the address bar.
  const shown = useRef(search);
  if (location === path) shown.current = search;
  const held = shown.current;
  const filters = useMemo(() => readPhotoFilters(held, openedAt), [held, openedAt]);
  const apply = useCallback((next: PhotoFilters) => navigate(`${path}?${photoSearch(next)}`, { replace: true }), [navigate, path]);
  return [filters, apply] as const;
}
