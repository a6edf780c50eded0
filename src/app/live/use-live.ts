// Hooks over the live source: the latest value of an event, the fleet status, and the trucks (only while a table needs them).
import { useEffect, useState } from 'react';
import type { FleetStatus, LiveEventName, LiveEvents, TruckChanges } from '../../../workers/live-api';
import type { TruckView } from '../../../streams/truck-status.stream';
import { useLiveSource } from './LiveProvider';
import type { LiveSource } from './live-source';

/** Runs `listen` against the source and unsubscribes on unmount, also when unmounted before the subscription lands. */
function useSubscription<K extends LiveEventName>(source: LiveSource | null, name: K, listen: ((payload: LiveEvents[K]) => void) | undefined): void {
  useEffect(() => {
    if (!source || !listen) return undefined;
    let stopped = false;
    let unsubscribe: (() => Promise<void>) | undefined;
    void source.subscribe(name, (payload) => {
      if (!stopped) listen(payload);
    }).then((off) => {
      if (stopped) void off();
      else unsubscribe = off;
    });
    return () => {
      stopped = true;
      void unsubscribe?.();
    };
  }, [source, name, listen]);
}

/** The latest value of an event; undefined until the worker publishes one. */
export function useLiveEvent<K extends LiveEventName>(name: K): LiveEvents[K] | undefined {
  const source = useLiveSource();
  const [value, setValue] = useState<LiveEvents[K] | undefined>(undefined);
  useSubscription(source, name, setValue);
  return source ? value : undefined;
}

/** Counts, fuel totals and their source, as soon as the worker has any (hydrated or live). */
export function useFleetStatus(): FleetStatus | undefined {
  return useLiveEvent('fleet.status');
}

function applyChanges(trucks: ReadonlyMap<string, TruckView>, changes: TruckChanges): Map<string, TruckView> {
  const next = new Map(trucks);
  for (const key of changes.removed) next.delete(key);
  for (const truck of changes.changed) next.set(truck.key, truck);
  return next;
}

/** The worker's trucks while `enabled`: its current list, then every change it publishes. */
export function useFleetTrucks(enabled: boolean): ReadonlyMap<string, TruckView> | undefined {
  const source = useLiveSource();
  const [trucks, setTrucks] = useState<ReadonlyMap<string, TruckView> | undefined>(undefined);
  const active = enabled ? source : null;
  useEffect(() => {
    if (!active) return undefined;
    let stopped = false;
    let unsubscribe: (() => Promise<void>) | undefined;
    const pending: TruckChanges[] = [];
    let loaded = false;
    void active.subscribe('fleet.trucks', (changes) => {
      if (stopped) return;
      if (loaded) setTrucks((current) => applyChanges(current ?? new Map(), changes));
      else pending.push(changes);
    }).then(async (off) => {
      if (stopped) return void off();
      unsubscribe = off;
      const list = await active.trucks();
      if (stopped) return;
      loaded = true;
      const start = new Map(list.map((truck) => [truck.key, truck] as const));
      setTrucks(pending.reduce<Map<string, TruckView>>(applyChanges, start));
    });
    return () => {
      stopped = true;
      void unsubscribe?.();
      setTrucks(undefined);
    };
  }, [active]);
  return trucks;
}
