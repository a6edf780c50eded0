// A master-data list's search, kept in the URL query while the list is on screen: a link or a reload reproduces it,
// and coming back to the list's tab (its plain path) puts its search back into the URL.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { EntityDef } from '../../../../domain/screens/entities/definition';
import { entityFiltersSearch, readEntityFilters, type EntityFilters } from './entity-filters';

const urlOf = (def: EntityDef, filters: EntityFilters): string => {
  const query = entityFiltersSearch(def, filters);
  return query === '' ? def.path : `${def.path}?${query}`;
};

export function useEntityFilters(def: EntityDef): readonly [EntityFilters, (next: EntityFilters) => void] {
  const [location, navigate] = useLocation();
  const search = useSearch();
  const onScreen = location === def.path;
  const [filters, setFilters] = useState<EntityFilters>(() => (onScreen ? readEntityFilters(def, search) : {}));
  const current = useRef(filters);
  current.current = filters;

  useEffect(() => {
    if (!onScreen) return;
    const fromUrl = readEntityFilters(def, search);
    const [wanted, held] = [entityFiltersSearch(def, fromUrl), entityFiltersSearch(def, current.current)];
    if (wanted !== '') {
      if (wanted !== held) setFilters(fromUrl);
    } else if (held !== '') {
      navigate(urlOf(def, current.current), { replace: true });
    }
  }, [def, onScreen, search, navigate]);

  const apply = useCallback(
    (next: EntityFilters) => {
      // The search shows at once; the effect above then finds the URL already saying the same.
      current.current = next;
      setFilters(next);
      navigate(urlOf(def, next));
    },
    [def, navigate],
  );
  return [filters, apply] as const;
}
