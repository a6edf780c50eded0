// The URL-filter hook every screen with filters uses: it reads the screen's query with the screen's config and a hidden
// screen keeps what it showed while another path is on; a monitor screen's change replaces the history entry and its
// plain path shows the defaults, a list's change is a new entry and its plain path gets its kept filters back; a link
// that leaves something out is completed, and the URL says so.
import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { useUrlFilters, type UrlFilters } from '../../../src/app/filters/use-url-filters';

interface Filters {
  readonly plate: string;
  readonly from: number;
}

const PATH = '/monitor/screen';
const CODEC: UrlFilters<Filters> = {
  read: (search, now) => {
    const query = new URLSearchParams(search);
    return { plate: query.get('plate') ?? '', from: Number(query.get('from') ?? now) };
  },
  write: (filters) => new URLSearchParams({ plate: filters.plate, from: String(filters.from) }).toString(),
};

/** A list's filters: none named is '', kept per tab. */
const KEPT: UrlFilters<Filters> = {
  read: (search) => {
    const query = new URLSearchParams(search);
    return { plate: query.get('plate') ?? '', from: Number(query.get('from') ?? 0) };
  },
  write: (filters) => new URLSearchParams([
    ...(filters.plate === '' ? [] : [['plate', filters.plate]]),
    ...(filters.from === 0 ? [] : [['from', String(filters.from)]]),
  ]).toString(),
  keep: true,
};

/** A report's: a link without `from` gets the one shown, or 100 at first. */
const COMPLETED: UrlFilters<Filters> = {
  ...KEPT,
  complete: (named, shown) => (named.from === 0 ? { ...named, from: shown?.from ?? 100 } : named),
};

function setup(start: string, config: UrlFilters<Filters> = CODEC) {
  const location = memoryLocation({ path: start, record: true });
  const wrapper = ({ children }: { children: ReactNode }) => <Router hook={location.hook}>{children}</Router>;
  const hook = renderHook(() => useUrlFilters(PATH, config), { wrapper });
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

  it('shows the defaults on the plain path of a monitor screen (its tab), and leaves the URL alone', () => {
    const { hook, location } = setup(`${PATH}?plate=A&from=1`);
    act(() => location.navigate(PATH));
    expect(hook.result.current[0].plate).toBe('');
    expect(location.history).toEqual([`${PATH}?plate=A&from=1`, PATH]);
  });

  it('keeps a list’s filters per tab: its plain path puts them back into the URL in place', () => {
    const { hook, location } = setup(`${PATH}?plate=A&from=1`, KEPT);
    const [shown] = hook.result.current;
    act(() => location.navigate('/monitor/other'));
    act(() => location.navigate(PATH));
    expect(hook.result.current[0]).toBe(shown);
    expect(location.history).toEqual([`${PATH}?plate=A&from=1`, '/monitor/other', `${PATH}?plate=A&from=1`]);
  });

  it('makes a list’s change a new history entry, shown at once even when the URL says the same', () => {
    const { hook, location } = setup(`${PATH}?plate=A`, KEPT);
    const again = { plate: 'A', from: 0 };
    act(() => hook.result.current[1](again));
    expect(hook.result.current[0]).toBe(again);
    act(() => hook.result.current[1]({ plate: 'B', from: 0 }));
    expect(hook.result.current[0]).toEqual({ plate: 'B', from: 0 });
    expect(location.history).toEqual([`${PATH}?plate=A`, `${PATH}?plate=A`, `${PATH}?plate=B`]);
    act(() => location.navigate(`${PATH}?plate=C`));
    expect(hook.result.current[0]).toEqual({ plate: 'C', from: 0 });
  });

  it('keeps a list’s plain path plain while it has no filters', () => {
    const { hook, location } = setup(PATH, KEPT);
    expect(hook.result.current[0]).toEqual({ plate: '', from: 0 });
    expect(location.history).toEqual([PATH]);
  });

  it('completes what a link leaves out, with what it showed, and says so in the URL in place', () => {
    const { hook, location } = setup(PATH, COMPLETED);
    expect(hook.result.current[0]).toEqual({ plate: '', from: 100 });
    expect(location.history).toEqual([`${PATH}?from=100`]);
    act(() => hook.result.current[1]({ plate: '', from: 7 }));
    act(() => location.navigate(`${PATH}?plate=X`));
    expect(hook.result.current[0]).toEqual({ plate: 'X', from: 7 });
    expect(location.history).toEqual([`${PATH}?from=100`, `${PATH}?from=7`, `${PATH}?plate=X&from=7`]);
  });
});
