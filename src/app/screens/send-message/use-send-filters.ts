// The send list's filters in the URL query while the list is on screen: a link or a reload reproduces them, and coming
// back to the list's tab (its plain path) puts them back into the URL.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { readSendFilters, sendFiltersSearch, type SendFilters } from './send-filters';

export const SEND_MESSAGE_PATH = '/setting/device_parameter/send_message';
/** The remote commands' screen: the same list, of command sends only. */
export const REMOTE_PATH = '/setting/alarm_threshold/remote';
export type SendListPath = typeof SEND_MESSAGE_PATH | typeof REMOTE_PATH;

const urlOf = (path: SendListPath, filters: SendFilters): string => {
  const query = sendFiltersSearch(filters);
  return query === '' ? path : `${path}?${query}`;
};

export function useSendFilters(path: SendListPath): readonly [SendFilters, (next: SendFilters) => void] {
  const [location, navigate] = useLocation();
  const search = useSearch();
  const onScreen = location === path;
  const [filters, setFilters] = useState<SendFilters>(() => (onScreen ? readSendFilters(search) : {}));
  const current = useRef(filters);
  current.current = filters;

  useEffect(() => {
    if (!onScreen) return;
    const fromUrl = readSendFilters(search);
    const [wanted, held] = [sendFiltersSearch(fromUrl), sendFiltersSearch(current.current)];
    if (wanted !== '') {
      if (wanted !== held) setFilters(fromUrl);
    } else if (held !== '') {
      navigate(urlOf(path, current.current), { replace: true });
    }
  }, [onScreen, search, navigate, path]);

  const apply = useCallback(
    (next: SendFilters) => {
      current.current = next;
      setFilters(next);
      navigate(urlOf(path, next));
    },
    [navigate, path],
  );
  return [filters, apply] as const;
}
