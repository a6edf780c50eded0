// A master-data list's search as the URL query holds it (a link or a reload reproduces the list), and as the list
// call sends it with its page and sort.
import type { EntityDef, EntityField } from '../../../../domain/screens/entities/definition';
import { decodeQuery, encodeQuery } from '../../../../domain/query-string';
import type { UrlFilters } from '../../filters/use-url-filters';

/** Search field key → its text; absent keys are unset. */
export type EntityFilters = Readonly<Record<string, string>>;

interface EntitySort {
  readonly key: string;
  readonly order: 'asc' | 'desc';
}

/** The fields of the search bar, in the definition's order. */
export function searchFields(def: EntityDef): readonly EntityField[] {
  return def.fields.filter((field) => field.search === true);
}

/** The search a URL query holds for this list; other keys, and empty values, are ignored. */
function readEntityFilters(def: EntityDef, search: string): EntityFilters {
  const known = new Set(searchFields(def).map((field) => field.key));
  const out: Record<string, string> = {};
  for (const [key, value] of decodeQuery(search)) if (known.has(key) && value.trim() !== '') out[key] = value;
  return out;
}

/** The URL query of a search, in the definition's order, so equal searches give equal text. */
function entityFiltersSearch(def: EntityDef, filters: EntityFilters): string {
  return encodeQuery(searchFields(def).map((field) => [field.key, filters[field.key]?.trim() || undefined] as const));
}

/** The search in the URL, kept per tab: coming back to the list's tab puts it back into the URL. */
export function entityUrlFilters(def: EntityDef): UrlFilters<EntityFilters> {
  return { read: (search) => readEntityFilters(def, search), write: (filters) => entityFiltersSearch(def, filters), keep: true };
}

/** The list call's query: the search (trimmed), the 1-based page and its size, the sort. */
export function entityQuery(def: EntityDef, filters: EntityFilters, page: number, size: number, sort: EntitySort): Record<string, string | number> {
  const query: Record<string, string | number> = { page, size, sort: sort.key, order: sort.order };
  for (const field of searchFields(def)) {
    const value = filters[field.key]?.trim();
    if (value) query[field.key] = value;
  }
  return query;
}

/** The draft with one search value set, or removed when empty. */
export function withFilter(filters: EntityFilters, key: string, value: string): EntityFilters {
  const next: Record<string, string> = { ...filters };
  if (value === '') delete next[key];
  else next[key] = value;
  return next;
}
