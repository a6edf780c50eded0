// Every truck the user may see, live from the shared worker (no socket of the screen's own): one watch per status, as
// the badge tables watch one, each kept in a map of its own, so a truck leaving one status and joining another is
// right whichever part comes first. Parts arrive in bursts (a frame of 10,000 trucks is dozens of parts): the screen
// hears of them at most once per animation frame, with the trucks in plate order: the order is kept from frame to
// frame and only new plates are sorted into it (sorting 10,000 plates at each update was a long task of its own).
import { useEffect, useState } from 'react';
import type { TruckChanges } from '../../../../workers/live-api';
import type { TruckView } from '../../../../streams/truck-status.stream';
import { TRUCK_STATUS_CODES, type TruckStatusCode } from '../../../domain/truck-status';
import { useLiveSource } from '../../live/LiveProvider';
import { subscribeUntilCleanup } from '../../live/subscribe-until';

export interface FleetTrucks {
  /** In plate order. */
  readonly trucks: readonly TruckView[];
  /** False until every status has answered once. */
  readonly complete: boolean;
}

const EMPTY: FleetTrucks = { trucks: [], complete: false };

const plates = new Intl.Collator();

/**
 * Keys in plate order, kept across updates: `arrange` answers the trucks in that order, sorting in only the trucks it
 * has not placed yet (or whose plate changed) and dropping the gone ones.
 */
export function plateOrder(): (trucks: ReadonlyMap<string, TruckView>) => TruckView[] {
  let order: { readonly key: string; readonly plate: string }[] = [];
  return (trucks) => {
    const placed = new Set<string>();
    const kept = order.filter((entry) => trucks.get(entry.key)?.row.signCode === entry.plate && (placed.add(entry.key), true));
    const added = [...trucks.values()].filter((truck) => !placed.has(truck.key)).map((truck) => ({ key: truck.key, plate: truck.row.signCode }));
    if (added.length > 0 || kept.length !== order.length) {
      added.sort((a, b) => plates.compare(a.plate, b.plate));
      const merged: typeof order = [];
      let i = 0;
      let j = 0;
      while (i < kept.length || j < added.length) {
        const left = kept[i];
        const right = added[j];
        if (right === undefined || (left !== undefined && plates.compare(left.plate, right.plate) <= 0)) {
          if (left) merged.push(left);
          i += 1;
        } else {
          merged.push(right);
          j += 1;
        }
      }
      order = merged;
    }
    return order.flatMap((entry) => {
      const truck = trucks.get(entry.key);
      return truck ? [truck] : [];
    });
  };
}

export function useFleetTrucks(): FleetTrucks {
  const source = useLiveSource();
  const [fleet, setFleet] = useState<FleetTrucks>(EMPTY);
  useEffect(() => {
    if (!source) return undefined;
    const byStatus = new Map<TruckStatusCode, Map<string, TruckView>>();
    let frame: number | undefined;
    const arrange = plateOrder();
    const publish = () => {
      frame = undefined;
      const seen = new Map<string, TruckView>();
      for (const trucks of byStatus.values()) for (const [key, truck] of trucks) seen.set(key, truck);
      setFleet({ trucks: arrange(seen), complete: byStatus.size === TRUCK_STATUS_CODES.length });
    };
    const stops = TRUCK_STATUS_CODES.map((status) =>
      subscribeUntilCleanup<TruckChanges>((listener) => source.watchTrucks(status, listener), (part) => {
        const trucks = byStatus.get(status) ?? new Map<string, TruckView>();
        byStatus.set(status, trucks);
        for (const key of part.removed) trucks.delete(key);
        for (const truck of part.changed) trucks.set(truck.key, truck);
        frame ??= requestAnimationFrame(publish);
      }),
    );
    return () => {
      for (const stop of stops) stop();
      if (frame !== undefined) cancelAnimationFrame(frame);
      setFleet(EMPTY);
    };
  }, [source]);
  return fleet;
}
