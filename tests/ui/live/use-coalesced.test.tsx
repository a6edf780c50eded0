// Bursts of live events as one callback per window: values in order, a steady stream still called back once per
// window (a debounce would wait for it to stop), the latest callback used, nothing after unmount.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render } from '@testing-library/react';
import { useCoalesced } from '../../../src/app/live/use-coalesced';

const WINDOW_MS = 1_000;

type OnWindow = (values: readonly number[]) => void;

function mount(onWindow: OnWindow) {
  let add: (value: number) => void = () => undefined;
  function Probe({ on }: { readonly on: OnWindow }) {
    add = useCoalesced(on, WINDOW_MS);
    return null;
  }
  const view = render(<Probe on={onWindow} />);
  return {
    add: (value: number) => act(() => add(value)),
    rerender: (on: OnWindow) => view.rerender(<Probe on={on} />),
    unmount: () => view.unmount(),
  };
}

describe('coalesced live events', () => {
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('calls back once per window with its values in order, counted from the first', () => {
    vi.useFakeTimers();
    const heard: number[][] = [];
    const probe = mount((values) => heard.push([...values]));
    probe.add(1);
    act(() => vi.advanceTimersByTime(WINDOW_MS - 1));
    probe.add(2);
    expect(heard).toEqual([]);
    act(() => vi.advanceTimersByTime(1));
    expect(heard).toEqual([[1, 2]]);
  });

  it('keeps calling back while events never stop', () => {
    vi.useFakeTimers();
    const heard: number[][] = [];
    const probe = mount((values) => heard.push([...values]));
    // An event every 400 ms for 3.2 s: a debounce of 1 s would not have called back yet.
    for (let value = 0; value < 8; value++) {
      probe.add(value);
      act(() => vi.advanceTimersByTime(400));
    }
    expect(heard).toEqual([[0, 1, 2], [3, 4, 5]]);
  });

  it('calls the callback of the latest render, and nothing after unmount', () => {
    vi.useFakeTimers();
    const first: number[] = [];
    const second: number[] = [];
    const probe = mount((values) => first.push(...values));
    probe.add(1);
    probe.rerender((values) => second.push(...values));
    act(() => vi.advanceTimersByTime(WINDOW_MS));
    expect([first, second]).toEqual([[], [1]]);
    probe.add(2);
    probe.unmount();
    act(() => vi.advanceTimersByTime(WINDOW_MS * 2));
    expect(second).toEqual([1]);
  });
});
