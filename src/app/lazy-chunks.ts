// The console's lazily loaded code: the shell and the live worker's client. The login page never loads them up front;
// they are fetched while the user types, or at boot, in parallel, when a stored session will open the shell at once.
import type * as LiveClientModule from '../live/live-client';
import type { Shell } from './layout/Shell';

export function loadShellChunk(): Promise<{ default: typeof Shell }> {
  return import('./layout/Shell').then((module) => ({ default: module.Shell }));
}

export function loadLiveClientChunk(): Promise<typeof LiveClientModule> {
  return import('../live/live-client');
}

/** Starts fetching (and evaluating) both chunks without waiting for them. */
export function prefetchShell(): void {
  // A failed prefetch is not reported: the real load retries it and shows its own failure.
  loadShellChunk().catch(() => undefined);
  loadLiveClientChunk().catch(() => undefined);
}
