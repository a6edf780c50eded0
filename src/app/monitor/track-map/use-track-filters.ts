// The live map's filters in the URL query while the map is on screen (useScreenQuery): a link or a reload shows the
// same trucks, and a hidden, kept-alive map keeps what it showed.
import { useCallback, useMemo } from 'react';
import { useScreenQuery } from '../live/use-screen-query';
import { readTrackFilters, trackFiltersSearch, type TrackFilters } from './track-filters';

export function useTrackFilters(path: string): readonly [TrackFilters, (next: TrackFilters) => void] {
  const [query, setQuery] = useScreenQuery(path);
  const filters = useMemo(() => readTrackFilters(new URLSearchParams(query).toString()), [query]);
  const apply = useCallback((next: TrackFilters) => setQuery(Object.fromEntries(new URLSearchParams(trackFiltersSearch(next)))), [setQuery]);
  return [filters, apply] as const;
}
