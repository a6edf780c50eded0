// The send list's filters in the URL query while the list is on screen: a link or a reload reproduces them, and coming
// back to the list's tab (its plain path) puts them back into the URL.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { readSendFilters, sendFiltersSearch, type SendFilters } from './send-filters';

export const SEND_MESSAGE_PATH = '/setting/device_parameter/send_message';

const urlOf = (filters: SendFilters): string => {
  const query = sendFiltersSearch(filters);
  return query === '' ? SEND_MESSAGE_PATH : `${SEND_MESSAGE_PATH}?${query}`;
};

export function useSendFilters(): readonly [SendFilters, (next: SendFilters) => void] {
  const [location, navigate] = useLocation();
  const search = useSearch();
  const onScreen = location === SEND_MESSAGE_PATH;
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
      navigate(urlOf(current.current), { replace: true });
    }
  }, [onScreen, search, navigate]);

  const apply = useCallback(
    (next: SendFilters) => {
      current.current = next;
      setFilters(next);
      navigate(urlOf(next));
    },
    [navigate],
  );
  return [filters, apply] as const;
}
