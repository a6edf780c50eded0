// When a report screen fetches again: the unsealing screens on the worker's data.changed of their topic, and only then;
// no poll, whatever the time.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { LiveSourceProvider } from '../../../src/app/live/LiveProvider';
import { reportTopics, useReportRefresh } from '../../../src/app/screens/report/use-report-refresh';
import type { ReportDef } from '../../../domain/screens/reports/definition';
import { REPORTS } from '../../../domain/screens/reports/registry';
import type { DataTopic } from '../../../domain/wire/data-notice';
import { fakeLiveSource, type FakeLiveSource } from '../../helpers/fake-live-source';

const HANDLING_SCREENS = ['/cargo_monitor/event_report/switchCover', '/cargo_monitor/exception_report/alarm_switch_cover'];

function defOf(path: string): ReportDef {
  const def = Object.values(REPORTS).find((entry) => entry.path === path);
  if (!def) throw new Error(`no report ${path}`);
  return def;
}

/** The hook on a screen; the fake source subscribes synchronously, so the listener is there once the effects ran. */
function mount(path: string): { source: FakeLiveSource; revision: () => number } {
  const source = fakeLiveSource();
  const wrapper = ({ children }: { readonly children: ReactNode }) => <LiveSourceProvider source={source}>{children}</LiveSourceProvider>;
  const { result } = renderHook(() => useReportRefresh(defOf(path)), { wrapper });
  expect(source.listeners('data.changed')).toBe(1);
  return { source, revision: () => result.current.revision };
}

describe('useReportRefresh', () => {
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it.each(HANDLING_SCREENS)('fetches %s again at each eventHandling change', (path) => {
    const { source, revision } = mount(path);
    act(() => source.publish('data.changed', { changes: [{ kind: 'dataChanged', topic: 'eventHandling' }], missed: false }));
    expect(revision()).toBe(1);
    act(() => source.publish('data.changed', { changes: [{ kind: 'dataChanged', topic: 'eventHandling' }], missed: false }));
    expect(revision()).toBe(2);
  });

  it('does not fetch a handling screen again for a topic it does not show', () => {
    const { source, revision } = mount(HANDLING_SCREENS[0] ?? '');
    // A later topic (a master-data entity) the union does not have yet.
    act(() => source.publish('data.changed', { changes: [{ kind: 'dataChanged', topic: 'truck' as unknown as DataTopic }], missed: false }));
    expect(revision()).toBe(0);
  });

  it('does not fetch a screen without handling again on an eventHandling change', () => {
    const { source, revision } = mount('/cargo_monitor/event_report/switch_cover_flow');
    act(() => source.publish('data.changed', { changes: [{ kind: 'dataChanged', topic: 'eventHandling' }], missed: false }));
    expect(revision()).toBe(0);
  });

  it('fetches a handling screen again when the alarm socket reopened, as notices may have been missed; not a screen of no topic', () => {
    const handling = mount(HANDLING_SCREENS[0] ?? '');
    act(() => handling.source.publish('data.changed', { changes: [], missed: true }));
    expect(handling.revision()).toBe(1);
    const other = mount('/cargo_monitor/event_report/switch_cover_flow');
    act(() => other.source.publish('data.changed', { changes: [], missed: true }));
    expect(other.revision()).toBe(0);
  });

  it('does not fetch a handling screen again for saved master-data rows', () => {
    const { source, revision } = mount(HANDLING_SCREENS[0] ?? '');
    act(() => source.publish('data.changed', { changes: [{ kind: 'entityChanged', path: '/setting/base_data/station', key: '1', company: 'C002' }], missed: false }));
    expect(revision()).toBe(0);
  });

  it('polls nothing: a handling screen left open for a minute fetches nothing by itself', () => {
    vi.useFakeTimers();
    const { revision } = mount(HANDLING_SCREENS[1] ?? '');
    act(() => vi.advanceTimersByTime(60_000));
    expect(revision()).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('follows eventHandling on exactly the screens that show or filter by the handling', () => {
    const following = Object.values(REPORTS).filter((def) => reportTopics(def).includes('eventHandling')).map((def) => def.path);
    expect(following.sort()).toEqual([...HANDLING_SCREENS].sort());
  });
});
