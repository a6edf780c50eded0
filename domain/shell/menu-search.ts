// Fuzzy menu search over titles (weight 0.7) and paths (0.3) with fuse.js, as the shell spec §2 and §9 set it.
import Fuse from 'fuse.js';
import { MENU_SEARCH } from '../constants';

export interface SearchEntry {
  readonly path: string;
  /** The title in the current language. */
  readonly title: string;
}

type MenuSearch = (query: string, limit?: number) => readonly SearchEntry[];

const DEFAULT_LIMIT = 10;

/**
 * Builds the search for one language's titles. Fuse.js 7 has no maxPatternLength, so the query is cut to
 * MENU_SEARCH.maxPatternLength here; an empty or blank query finds nothing.
 */
export function createMenuSearch(entries: readonly SearchEntry[]): MenuSearch {
  const fuse = new Fuse(entries, {
    threshold: MENU_SEARCH.threshold,
    keys: MENU_SEARCH.keys.map((key) => ({ name: key.name, weight: key.weight })),
    shouldSort: true,
  });
  return (query, limit = DEFAULT_LIMIT) => {
    const pattern = query.trim().slice(0, MENU_SEARCH.maxPatternLength);
    if (pattern === '') return [];
    return fuse.search(pattern, { limit }).map((result) => result.item);
  };
}
