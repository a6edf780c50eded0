// The truck a row names by plate (a camera setting's, a tank table's), found among the caller's trucks: undefined
// while looking, null when there is none of that plate.
import { useEffect, useState } from 'react';
import { truckByPlate, type TruckChoice } from './send-calls';

export function useRowTruck(plate: string, wanted: boolean): TruckChoice | null | undefined {
  const [truck, setTruck] = useState<TruckChoice | null | undefined>(undefined);
  useEffect(() => {
    if (!wanted) return undefined;
    let current = true;
    truckByPlate(plate).then((found) => current && setTruck(found ?? null), () => current && setTruck(null));
    return () => {
      current = false;
    };
  }, [wanted, plate]);
  return truck;
}
