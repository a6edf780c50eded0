// A report view's filters in the URL query: a link or a reload reproduces the view, each tab of the strip keeps its
// own (put back into the URL when the tab comes on screen again), and a link without a range gets the report's default.
import type { ReportDef } from '../../../../domain/screens/reports/definition';
import { defaultFilters, filtersSearch, hasRange, rangeKeys, readFilters, type ReportFilters } from '../../../../domain/screens/reports/url-query';
import type { UrlFilters } from '../../filters/use-url-filters';

function hasAny(filters: ReportFilters): boolean {
  return Object.keys(filters).length > 0;
}

function sameBesidesRange(def: ReportDef, a: ReportFilters, b: ReportFilters): boolean {
  const blank = Object.fromEntries(rangeKeys(def).map((key) => [key, '']));
  const withoutRange = (filters: ReportFilters) => filtersSearch(def, { ...filters, ...blank });
  return withoutRange(a) === withoutRange(b);
}

/**
 * What a view shows for the filters a link names: the report's defaults for none; a link that names a plate but no
 * range (nor year) gets the default one, or keeps the range this view already gave such a link, since a second "now"
 * would only fetch the same rows again.
 */
function completed(def: ReportDef, named: ReportFilters, shown: ReportFilters | undefined): ReportFilters {
  if (!hasAny(named)) return defaultFilters(def, Date.now());
  if (hasRange(def, named)) return named;
  if (shown !== undefined && sameBesidesRange(def, shown, named)) return shown;
  return { ...defaultFilters(def, Date.now()), ...named };
}

export function reportUrlFilters(def: ReportDef): UrlFilters<ReportFilters> {
  return {
    read: (search) => readFilters(def, search),
    write: (filters) => filtersSearch(def, filters),
    keep: true,
    complete: (named, shown) => completed(def, named, shown),
  };
}
