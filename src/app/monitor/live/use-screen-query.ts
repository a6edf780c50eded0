// A monitor screen's filters in the URL query while it is on screen (a link or a reload shows the same view); a hidden,
// kept-alive screen keeps what it showed while another tab's URL is in the address bar.
import { useCallback, useMemo, useRef } from 'react';
import { useLocation, useSearch } from 'wouter';

type ScreenQuery = Readonly<Record<string, string>>;

export function useScreenQuery(path: string): readonly [ScreenQuery, (next: ScreenQuery) => void] {
  const [location, navigate] = useLocation();
  const search = useSearch();
  const shown = useRef(search);
  if (location === path) shown.current = search;
  const held = shown.current;
  const query = useMemo(() => Object.fromEntries(new URLSearchParams(held)), [held]);
  const apply = useCallback(
    (next: ScreenQuery) => {
      const kept = new URLSearchParams(Object.entries(next).filter(([, value]) => value !== ''));
      const text = kept.toString();
      navigate(text === '' ? path : `${path}?${text}`, { replace: true });
    },
    [navigate, path],
  );
  return [query, apply] as const;
}
