// Every truck the user may see, live from the shared worker (no socket of the screen's own): one watch per status, as
// the badge tables watch one, each kept in a map of its own, so a truck leaving one status and joining another is
// right whichever part comes first. Parts arrive in bursts (a frame of 10,000 trucks is dozens of parts): the screen
// hears of them at most once per animation frame.
import { useEffect, useState } from 'react';
import type { TruckChanges } from '../../../../workers/live-api';
import type { TruckView } from '../../../../streams/truck-status.stream';
import { TRUCK_STATUS_CODES, type TruckStatusCode } from '../../../domain/truck-status';
import { useLiveSource } from '../../live/LiveProvider';
import { subscribeUntilCleanup } from '../../live/subscribe-until';

export interface FleetTrucks {
  readonly trucks: readonly TruckView[];
  /** False until every status has answered once. */
  readonly complete: boolean;
}

const EMPTY: FleetTrucks = { trucks: [], complete: false };

export function useFleetTrucks(): FleetTrucks {
  const source = useLiveSource();
  const [fleet, setFleet] = useState<FleetTrucks>(EMPTY);
  useEffect(() => {
    if (!source) return undefined;
    const byStatus = new Map<TruckStatusCode, Map<string, TruckView>>();
    let frame: number | undefined;
    const publish = () => {
      frame = undefined;
      const seen = new Map<string, TruckView>();
      for (const trucks of byStatus.values()) for (const [key, truck] of trucks) seen.set(key, truck);
      setFleet({ trucks: [...seen.values()], complete: byStatus.size === TRUCK_STATUS_CODES.length });
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
