// Hooks over the live source: the latest value of an event, a listener of each event, the fleet status, and one status's
// trucks (only while its table is open).
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import type { FleetStatus, LiveEventName, LiveEvents, TruckChanges } from '../../../workers/live-api';
import type { TruckView } from '../../../streams/truck-status.stream';
import type { TruckStatusCode } from '../../../domain/truck-status';
import { earlyFleetStatus, subscribeEarlyStatus } from './early-join';
import { useLiveSource } from './LiveProvider';
import type { LiveSource } from './live-source';
import { subscribeUntilCleanup } from './subscribe-until';

/** Runs `listen` against the source while mounted. */
function useSubscription<K extends LiveEventName>(source: LiveSource | null, name: K, listen: ((payload: LiveEvents[K]) => void) | undefined): void {
  useEffect(() => {
    if (!source || !listen) return undefined;
    return subscribeUntilCleanup<LiveEvents[K]>((listener) => source.subscribe(name, listener), listen);
  }, [source, name, listen]);
}

/** The latest value of an event; undefined until the worker publishes one. */
export function useLiveEvent<K extends LiveEventName>(name: K): LiveEvents[K] | undefined {
  const source = useLiveSource();
  const [value, setValue] = useState<LiveEvents[K] | undefined>(undefined);
  useSubscription(source, name, setValue);
  return source ? value : undefined;
}

/**
 * Calls `listen` with each event while mounted: for stream events whose every occurrence matters (a failure to tell),
 * where the latest value alone would merge two occurrences into one render. `listen` should be stable.
 */
export function useLiveListener<K extends LiveEventName>(name: K, listen: (payload: LiveEvents[K]) => void): void {
  useSubscription(useLiveSource(), name, listen);
}

/**
 * Counts, fuel totals and their source, as soon as the worker has any (hydrated or live); before this tab's source
 * answers, what the tab's early join heard (a new tab of a logged-in browser).
 */
export function useFleetStatus(): FleetStatus | undefined {
  const early = useSyncExternalStore(subscribeEarlyStatus, earlyFleetStatus);
  return useLiveEvent('fleet.status') ?? early;
}

/** Patches a table with one part; `part.changed` holds only trucks of the table's status (the worker filters). */
function applyPart(trucks: Map<string, TruckView>, part: TruckChanges): void {
  for (const key of part.removed) trucks.delete(key);
  for (const truck of part.changed) trucks.set(truck.key, truck);
}

/**
 * The trucks of one status (an open badge table): the worker's current ones, then every change; undefined until the
 * first part. The worker sends only this status's trucks, in parts of a few hundred: one message of every truck of a
 * 10,000-truck fleet took the tab 100–230 ms to read, a long task per status frame. Each watch patches one Map in place
 * and hands React a new wrapper of it: copying the Map per part (a frame comes in a dozen parts or more, all applied in
 * one render) cost 10–25 ms a render with 5,000 trucks.
 */
export function useStatusTrucks(status: TruckStatusCode | undefined): readonly TruckView[] | undefined {
  const source = useLiveSource();
  const [table, setTable] = useState<{ readonly trucks: ReadonlyMap<string, TruckView> } | undefined>(undefined);
  useEffect(() => {
    if (!source || status === undefined) return undefined;
    const trucks = new Map<string, TruckView>();
    const stop = subscribeUntilCleanup<TruckChanges>((listener) => source.watchTrucks(status, listener), (part) => {
      applyPart(trucks, part);
      setTable({ trucks });
    });
    return () => {
      stop();
      setTable(undefined);
    };
  }, [source, status]);
  return useMemo(() => (table ? [...table.trucks.values()] : undefined), [table]);
}
