// The shared URL-filter hook (playback and photos): it reads the screen's query with the screen's codec, writes a
// change back into the URL (replacing the entry), and a hidden screen keeps what it showed while another path is on.
import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { useUrlFilters, type UrlFilterCodec } from '../../../../src/app/monitor/live/use-url-filters';

interface Filters {
  readonly plate: string;
  readonly from: number;
}

const PATH = '/monitor/screen';
const CODEC: UrlFilterCodec<Filters> = {
  read: (search, now) => {
    const query = new URLSearchParams(search);
    return { plate: query.get('plate') ?? '', from: Number(query.get('from') ?? now) };
  },
  write: (filters) => new URLSearchParams({ plate: filters.plate, from: String(filters.from) }).toString(),
};

function setup(start: string) {
  const location = memoryLocation({ path: start, record: true });
  const wrapper = ({ children }: { children: ReactNode }) => <Router hook={location.hook}>{children}</Router>;
  const hook = renderHook(() => useUrlFilters(PATH, CODEC), { wrapper });
  return { location, hook };
}

describe('useUrlFilters', () => {
  afterEach(() => cleanup());

  it('reads the query, defaults from the opening time, and keeps one object while the query stays', () => {
    const before = Date.now();
    const { hook } = setup(`${PATH}?plate=${encodeURIComponent('沪A00001')}`);
    const [filters] = hook.result.current;
    expect(filters.plate).toBe('沪A00001');
    expect(filters.from).toBeGreaterThanOrEqual(before);
    expect(filters.from).toBeLessThanOrEqual(Date.now());
    hook.rerender();
    expect(hook.result.current[0]).toBe(filters);
  });

  it('writes a change into the URL in place of the current entry', () => {
    const { hook, location } = setup(`${PATH}?plate=A`);
    act(() => hook.result.current[1]({ plate: 'B', from: 5 }));
    expect(hook.result.current[0]).toEqual({ plate: 'B', from: 5 });
    expect(location.history).toEqual([`${PATH}?plate=B&from=5`]);
  });

  it('keeps what it showed while another screen path is in the address bar', () => {
    const { hook, location } = setup(`${PATH}?plate=A&from=1`);
    act(() => location.navigate('/monitor/other?plate=Z&from=9'));
    expect(hook.result.current[0]).toEqual({ plate: 'A', from: 1 });
    act(() => location.navigate(`${PATH}?plate=C&from=2`));
    expect(hook.result.current[0]).toEqual({ plate: 'C', from: 2 });
  });
});
