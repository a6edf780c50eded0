// The console's lazily loaded code: the shell and the live worker's client. The login page never loads them up front;
// they are fetched while the user types, or at boot, in parallel, when a stored session will open the shell at once.
import type * as LiveClientModule from '../live/live-client';
import type { Shell } from './layout/Shell';

let loaded: typeof Shell | undefined;

export function loadShellChunk(): Promise<{ default: typeof Shell }> {
  return import('./layout/Shell').then((module) => {
    loaded = module.Shell;
    return { default: module.Shell };
  });
}

/**
 * The shell once its chunk is here. Rendering it directly, not through `lazy`, spares a render that suspends on code
 * already loaded: React then holds the finished shell back to throttle the fallback's reveal (300 ms).
 */
export function loadedShell(): typeof Shell | undefined {
  return loaded;
}

export function loadLiveClientChunk(): Promise<typeof LiveClientModule> {
  return import('../live/live-client');
}

/** Starts fetching (and evaluating) both chunks; resolves when both are in, or either failed. */
export function prefetchShell(): Promise<void> {
  // A failed prefetch is not reported: the real load retries it and shows its own failure.
  return Promise.all([loadShellChunk(), loadLiveClientChunk()]).then(
    () => undefined,
    () => undefined,
  );
}
