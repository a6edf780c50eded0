// The playback's plate choice from the live fleet: a new list only when a plate or its company changed, so the choice
// (the whole fleet's plates) is not drawn again at every status frame, where only positions and states change.
import { useMemo, useState } from 'react';
import type { TruckView } from '../../../../streams/truck-status.stream';
import type { Plate } from '../../../ui/filters';

function samePlates(a: readonly Plate[], b: readonly Plate[]): boolean {
  return a.length === b.length && a.every((plate, at) => plate.signCode === b[at]?.signCode && plate.companyName === b[at]?.companyName);
}

export function useSamePlates(trucks: readonly TruckView[]): readonly Plate[] {
  const next = useMemo(() => trucks.map((truck) => ({ signCode: truck.row.signCode, companyName: truck.row.truckCompany })), [trucks]);
  const [kept, setKept] = useState<readonly Plate[]>(next);
  const same = samePlates(kept, next);
  // Storing what an earlier render saw (React's documented pattern): the list is replaced once, when it changed.
  if (!same) setKept(next);
  return same ? kept : next;
}
