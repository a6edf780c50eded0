// What the live map's screen shows about a list of trucks, in ONE pass with no object built per truck (this runs for
// 10,000 trucks at every status frame): the count per status, how many have a position, and their companies.
import type { TruckView } from '../../../../streams/truck-status.stream';
import type { TruckStatusCode } from '../../../../domain/truck-status';
import { companiesOf } from '../live/truck-search';

interface FleetFigures {
  readonly counts: ReadonlyMap<TruckStatusCode, number>;
  /** Trucks with a position (drawn on the map). */
  readonly placed: number;
  /** As companiesOf answers them. */
  readonly companies: readonly string[];
}

export function fleetFigures(trucks: readonly TruckView[]): FleetFigures {
  const counts = new Map<TruckStatusCode, number>();
  // One truck per company: companiesOf then orders a few dozen names, not 10,000.
  const byCompany = new Map<string, TruckView>();
  let placed = 0;
  for (const truck of trucks) {
    const { row } = truck;
    counts.set(row.status, (counts.get(row.status) ?? 0) + 1);
    if (row.lat !== undefined && row.lng !== undefined) placed += 1;
    if (!byCompany.has(row.truckCompany)) byCompany.set(row.truckCompany, truck);
  }
  return { counts, placed, companies: companiesOf([...byCompany.values()]) };
}

export function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((value, at) => value === b[at]);
}
