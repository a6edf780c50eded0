// Wall mode: the overview alone, full-screen and large, for a control room's display. The URL says it (`?wall=1`), so a
// second window of the same browser opens straight into it on the same worker; entering asks for full screen (the
// browser allows it only from a click) and keeps the screen awake while the page is shown, where the browser has a wake
// lock; leaving full screen from the browser leaves wall mode too.
import { useCallback, useEffect } from 'react';
import { useLocation, useSearch } from 'wouter';

const WALL_QUERY = 'wall=1';

export function isWallSearch(search: string): boolean {
  return new URLSearchParams(search).get('wall') === '1';
}

interface WallMode {
  readonly on: boolean;
  enter(): void;
  leave(): void;
}

/** Holds a screen wake lock while `on` and the page is visible (the browser drops it whenever the page is hidden). */
function useWakeLock(on: boolean): void {
  useEffect(() => {
    if (!on || !('wakeLock' in navigator)) return undefined;
    let lock: WakeLockSentinel | undefined;
    let stopped = false;
    const acquire = async () => {
      if (document.visibilityState !== 'visible' || (lock && !lock.released)) return;
      try {
        const next = await navigator.wakeLock.request('screen');
        if (stopped) void next.release();
        else lock = next;
      } catch {
        // Refused (battery saver, a policy): the display's own settings then decide; nothing to tell the operator.
      }
    };
    void acquire();
    document.addEventListener('visibilitychange', acquire);
    return () => {
      stopped = true;
      document.removeEventListener('visibilitychange', acquire);
      void lock?.release();
    };
  }, [on]);
}

export function useWallMode(path: string): WallMode {
  const search = useSearch();
  const [, navigate] = useLocation();
  const on = isWallSearch(search);
  useWakeLock(on);

  const leave = useCallback(() => {
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    navigate(path, { replace: true });
  }, [navigate, path]);

  const enter = useCallback(() => {
    navigate(`${path}?${WALL_QUERY}`);
    // Full screen where the browser grants it; wall mode works in a window too (a display already set to kiosk).
    void document.documentElement.requestFullscreen?.().catch(() => undefined);
  }, [navigate, path]);

  useEffect(() => {
    if (!on) return undefined;
    // Escape ends the browser's full screen by itself; leaving it that way leaves wall mode as well.
    let wasFull = document.fullscreenElement !== null;
    const changed = () => {
      if (wasFull && !document.fullscreenElement) leave();
      wasFull = document.fullscreenElement !== null;
    };
    document.addEventListener('fullscreenchange', changed);
    return () => document.removeEventListener('fullscreenchange', changed);
  }, [on, leave]);

  return { on, enter, leave };
}
