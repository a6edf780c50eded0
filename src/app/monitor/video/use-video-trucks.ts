// The trucks the video screens offer, live from the shared worker (the same list as the live map), as plates for the
// pickers and a plate's truck id; and whether the backend offers video at all, asked once of the camera call.
import { useEffect, useMemo, useState } from 'react';
import type { Plate } from '../../../ui/filters';
import { useFleetTrucks } from '../track-map/use-fleet-trucks';
import { fetchCamera } from './video-calls';

export interface VideoTrucks {
  readonly plates: readonly Plate[];
  readonly truckIdOf: (plate: string) => number | undefined;
  readonly online: (truckId: number) => boolean;
}

export function useVideoTrucks(): VideoTrucks {
  const fleet = useFleetTrucks();
  return useMemo(() => {
    const ids = new Map(fleet.trucks.map((truck) => [truck.row.signCode, truck.row.truckId]));
    const offline = new Set(fleet.trucks.filter((truck) => truck.row.status === 0).map((truck) => truck.row.truckId));
    return {
      plates: fleet.trucks.map((truck) => ({ signCode: truck.row.signCode, companyName: truck.row.truckCompany })),
      truckIdOf: (plate: string) => ids.get(plate),
      online: (truckId: number) => !offline.has(truckId),
    };
  }, [fleet.trucks]);
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
