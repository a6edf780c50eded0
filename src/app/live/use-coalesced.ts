// Live events come in bursts: an import's saves, a colleague's batch of acknowledges, a storm of alarms. Each burst is
// one read: the first event opens a window, the events within it join, and the callback gets them all as it closes.
// Unlike a debounce, a steady stream (an alarm every half second) still reads once per window instead of never.
import { useCallback, useEffect, useRef } from 'react';

/**
 * Returns `add`: each value joins the open window, or opens one; `windowMs` after it opened, `onWindow` is called with
 * the window's values in order. `onWindow` may change between renders; the latest one is called. Nothing is called
 * after unmount.
 */
export function useCoalesced<T = void>(onWindow: (values: readonly T[]) => void, windowMs: number): (value: T) => void {
  const latest = useRef(onWindow);
  const pending = useRef<T[]>([]);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => {
    latest.current = onWindow;
  }, [onWindow]);
  useEffect(
    () => () => {
      clearTimeout(timer.current);
      timer.current = undefined;
      pending.current = [];
    },
    [],
  );

  return useCallback(
    (value: T) => {
      pending.current.push(value);
      if (timer.current !== undefined) return;
      timer.current = setTimeout(() => {
        const values = pending.current;
        timer.current = undefined;
        pending.current = [];
        latest.current(values);
      }, windowMs);
    },
    [windowMs],
  );
}
