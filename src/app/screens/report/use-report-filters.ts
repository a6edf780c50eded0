// A report view's filters, kept in the URL query while the view is on screen: a link or a reload reproduces the view,
// and each tab of the strip keeps its own, put back into the URL when the tab comes on screen again.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { ReportDef } from '../../../../domain/screens/reports/definition';
import { defaultFilters, filtersSearch, hasRange, rangeKeys, readFilters, type ReportFilters } from '../../../../domain/screens/reports/url-query';

function hasAny(filters: ReportFilters): boolean {
  return Object.keys(filters).length > 0;
}

/** A link that names a plate but no range (nor year) gets the report's default one, as the screen would show it. */
function withRange(def: ReportDef, filters: ReportFilters): ReportFilters {
  if (hasRange(def, filters)) return filters;
  return { ...defaultFilters(def, Date.now()), ...filters };
}

function sameBesidesRange(def: ReportDef, a: ReportFilters, b: ReportFilters): boolean {
  const blank = Object.fromEntries(rangeKeys(def).map((key) => [key, '']));
  const withoutRange = (filters: ReportFilters) => filtersSearch(def, { ...filters, ...blank });
  return withoutRange(a) === withoutRange(b);
}

export function useReportFilters(def: ReportDef): readonly [ReportFilters, (next: ReportFilters) => void] {
  const [location, navigate] = useLocation();
  const search = useSearch();
  const onScreen = location === def.path;
  const [filters, setFilters] = useState<ReportFilters>(() => {
    const fromUrl = onScreen ? readFilters(def, search) : {};
    return hasAny(fromUrl) ? withRange(def, fromUrl) : defaultFilters(def, Date.now());
  });
  const current = useRef(filters);
  current.current = filters;

  useEffect(() => {
    if (!onScreen) return;
    const fromUrl = readFilters(def, search);
    // A link with a query (a pop-up, a drill-down, a reload) sets this view's filters; the tab strip's plain path
    // (coming back to the tab) gets this view's own filters written back.
    if (hasAny(fromUrl)) {
      const lacksRange = !hasRange(def, fromUrl);
      // The range this view already gave such a link stays: a second "now" would only fetch the same rows again.
      const next = lacksRange && sameBesidesRange(def, current.current, fromUrl) ? current.current : withRange(def, fromUrl);
      if (filtersSearch(def, next) !== filtersSearch(def, current.current)) setFilters(next);
      // The address then holds the range too, so a reload shows the same rows.
      if (lacksRange) navigate(`${def.path}?${filtersSearch(def, next)}`, { replace: true });
    } else {
      navigate(`${def.path}?${filtersSearch(def, current.current)}`, { replace: true });
    }
  }, [def, onScreen, search, navigate]);

  const apply = useCallback(
    (next: ReportFilters) => {
      setFilters(next);
      navigate(`${def.path}?${filtersSearch(def, next)}`);
    },
    [def, navigate],
  );
  return [filters, apply] as const;
}
