// The inbox following other consoles through the worker's data.changed: a burst of alarm standings is one refetch with
// every alarm it named, a reopened socket (missed) is a refetch of everything, other changes are none of its business.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render } from '@testing-library/react';
import type { AlarmStanding } from '../../../domain/wire/alarm-inbox';
import { LiveSourceProvider } from '../../../src/app/live/LiveProvider';
import { useAlarmStateChanges, type ChangedAlarms } from '../../../src/app/monitor/alarm-inbox/use-alarm-state-changes';
import { fakeLiveSource } from '../../helpers/fake-live-source';

const WINDOW_MS = 300;
const standing = (seq: number): AlarmStanding => ({ seq, state: 'acknowledged', by: 'zhang', at: 1, assignee: null, note: '' });

function Probe({ onChange }: { readonly onChange: (changed: ChangedAlarms) => void }) {
  useAlarmStateChanges(onChange, WINDOW_MS);
  return null;
}

function mount() {
  const source = fakeLiveSource();
  const heard: ChangedAlarms[] = [];
  render(<LiveSourceProvider source={source}><Probe onChange={(changed) => heard.push(changed)} /></LiveSourceProvider>);
  return { source, heard };
}

describe('the inbox following alarm state changes', () => {
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('calls once for a burst, with every alarm it changed', () => {
    vi.useFakeTimers();
    const { source, heard } = mount();
    act(() => {
      source.publish('data.changed', { changes: [{ kind: 'alarmState', ...standing(4) }], missed: false });
      vi.advanceTimersByTime(WINDOW_MS - 1);
      source.publish('data.changed', { changes: [{ kind: 'alarmState', ...standing(5) }], missed: false });
    });
    expect(heard).toEqual([]);
    act(() => vi.advanceTimersByTime(WINDOW_MS));
    expect(heard).toEqual([new Set([4, 5])]);
  });

  it('refetches everything when the socket may have missed changes, and ignores other data', () => {
    vi.useFakeTimers();
    const { source, heard } = mount();
    act(() => {
      source.publish('data.changed', { changes: [{ kind: 'dataChanged', topic: 'eventHandling' }], missed: false });
      vi.advanceTimersByTime(WINDOW_MS * 2);
    });
    expect(heard).toEqual([]);
    act(() => {
      source.publish('data.changed', { changes: [{ kind: 'alarmState', ...standing(4) }], missed: false });
      source.publish('data.changed', { changes: [], missed: true });
      vi.advanceTimersByTime(WINDOW_MS);
    });
    expect(heard).toEqual(['all']);
  });
});
