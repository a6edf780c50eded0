// A tab that opens with a stored session joins the live worker at boot, while its code loads and its shell renders,
// and reads the fleet status the worker already holds: the badges show those counts in their first render, and the
// live provider takes this client instead of joining only after the shell's first render.
import type { Remote } from 'comlink';
import type { FleetStatus, LiveApi } from '../../../workers/live-api';
import type { LiveClient } from '../../live/live-client';
import { pageAbilities } from '../browser-support';
import { loadLiveClientChunk } from '../lazy-chunks';

let pending: Promise<LiveClient> | undefined;
let status: FleetStatus | undefined;
const listeners = new Set<() => void>();

function setStatus(next: FleetStatus | undefined): void {
  status = next;
  for (const listener of listeners) listener();
}

/** The client, which forgets the early status when it closes (logout, a new session): it was that session's. */
function following(client: LiveClient): LiveClient {
  void client.subscribe('fleet.status', setStatus).catch(() => undefined);
  return {
    ...client,
    close() {
      setStatus(undefined);
      client.close();
    },
  };
}

/** Joins the live worker now, unless this browser has no live data; the first `takeEarlyClient` gets the client. */
export function joinLiveWorkerEarly(): void {
  if (!pageAbilities.live || pending) return;
  // The counts are read while the tab's lock and hello are still under way; the subscription takes over from them.
  const readStatus = (api: Remote<LiveApi>) =>
    void api.fleetStatus().then((current) => {
      if (status === undefined && current !== undefined) setStatus(current);
    }, () => undefined);
  pending = loadLiveClientChunk().then(async ({ openLiveClient }) => following(await openLiveClient({ onApi: readStatus })));
  // Whoever takes it sees a failure; left untaken, it is nobody's.
  pending.catch(() => undefined);
}

/** The early client, once; undefined when none was started or it was taken. */
export function takeEarlyClient(): Promise<LiveClient> | undefined {
  const taken = pending;
  pending = undefined;
  return taken;
}

/** Leaves the worker with an early client nobody took (the server refused the stored session). */
export function dropEarlyClient(): void {
  takeEarlyClient()?.then(
    (client) => client.close(),
    () => undefined,
  );
}

/** The fleet status the early client heard last; undefined without one (for `useSyncExternalStore`). */
export function earlyFleetStatus(): FleetStatus | undefined {
  return status;
}

export function subscribeEarlyStatus(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
