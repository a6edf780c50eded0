// The trucks the video screens offer, live from the shared worker (the same list as the live map), as plates for the
// pickers and a plate's truck id; and whether the backend offers video at all, asked once of the camera call. The
// plate list is a new one only when a plate or its company changed: the fleet arrives every 250 ms (10,000 trucks),
// and a new list would redraw the picker's whole choice each time.
import { useEffect, useMemo, useState } from 'react';
import type { TruckView } from '../../../../streams/truck-status.stream';
import { TRUCK_STATUS } from '../../../../domain/truck-status';
import type { Plate } from '../../../ui/filters';
import { useSamePlates } from '../playback/use-same-plates';
import { useFleetTrucks } from '../track-map/use-fleet-trucks';
import { fetchCamera } from './video-calls';

export interface VideoTrucks {
  readonly plates: readonly Plate[];
  readonly truckIdOf: (plate: string) => number | undefined;
  readonly online: (truckId: number) => boolean;
}

export function useVideoTrucks(): VideoTrucks {
  return useVideoTrucksOf(useFleetTrucks().trucks);
}

/** The video screens' view of a list of trucks (the live fleet's, or a test's). */
export function useVideoTrucksOf(trucks: readonly TruckView[]): VideoTrucks {
  const plates = useSamePlates(trucks);
  return useMemo(() => {
    const ids = new Map(trucks.map((truck) => [truck.row.signCode, truck.row.truckId]));
    const offline = new Set(trucks.filter((truck) => truck.row.status === TRUCK_STATUS.offline).map((truck) => truck.row.truckId));
    return {
      plates,
      truckIdOf: (plate: string) => ids.get(plate),
      online: (truckId: number) => !offline.has(truckId),
    };
  }, [trucks, plates]);
}

/**
 * False once the backend answered that it has no video calls (a legacy backend); true otherwise. Any truck id probes:
 * our server answers even an unknown one with a refusal that carries its reason, a backend without the call a bare
 * 404 (legacy status rows carry no truck ids, so there may be none to ask with).
 */
export function useVideoOffered(probeTruckId = 1): boolean {
  const [offered, setOffered] = useState(true);
  useEffect(() => {
    let current = true;
    fetchCamera(probeTruckId).then(
      (answer) => current && setOffered(answer !== 'notOffered'),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [probeTruckId]);
  return offered;
}
