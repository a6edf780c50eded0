// The live map's filters in the URL query while the map is on screen: a link or a reload shows the same trucks.
import { useCallback, useMemo, useRef } from 'react';
import { useLocation, useSearch } from 'wouter';
import { readTrackFilters, trackFiltersSearch, type TrackFilters } from './track-filters';

export function useTrackFilters(path: string): readonly [TrackFilters, (next: TrackFilters) => void] {
  const [location, navigate] = useLocation();
  const search = useSearch();
  // A hidden (kept-alive) map keeps what it showed while another tab's URL is in the address bar.
  const shown = useRef(search);
  if (location === path) shown.current = search;
  const held = shown.current;
  const filters = useMemo(() => readTrackFilters(held), [held]);
  const apply = useCallback(
    (next: TrackFilters) => {
      const query = trackFiltersSearch(next);
      navigate(query === '' ? path : `${path}?${query}`, { replace: true });
    },
    [navigate, path],
  );
  return [filters, apply] as const;
}
