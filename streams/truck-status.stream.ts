// Status rows to fleet state: rows validated, normalised (state, tanks), merged by truck, counted per status, fuel totalled.
import { scan, type OperatorFunction } from 'rxjs';
import { fuelKind, fuelTotals, roundVolume, type FuelKind, type FuelTotals } from '../domain/fuel';
import { REALTIME_STATES, countByStatus, type RealtimeState, type StatusCounts, type TruckStatusCode } from '../domain/truck-status';
import { isRecord, isSafeInteger } from '../domain/wire/guards';
import { parseTruckStatusRow, type TruckStatusRow } from '../domain/wire/truck-row';

interface TankView {
  /** The compartment number, as the wire keys it. */
  readonly tank: string;
  readonly oilCode: number;
  readonly kind: FuelKind;
  /** Rounded up, as the console shows volumes. */
  readonly volume: number;
}

/** A truck as the console uses it: its merge key, the row as validated, its real-time state, tanks and fuel share. */
export interface TruckView {
  readonly key: string;
  readonly row: TruckStatusRow;
  readonly state: RealtimeState;
  readonly tanks: readonly TankView[];
  /** This truck's share of the fleet totals: nothing while offline. */
  readonly fuel: FuelTotals;
}

/** The rows of one status frame as they arrived (unvalidated: the merge validates what it has not seen before). */
export interface RowsBatch {
  readonly t: number;
  readonly values: readonly unknown[];
  readonly snapshot: boolean;
}

export interface FleetState {
  readonly trucks: ReadonlyMap<string, TruckView>;
  readonly counts: StatusCounts;
  /** Fleet totals per fuel kind; offline trucks are left out. */
  readonly fuel: FuelTotals;
  /** Trucks new or different in the last batch (what persistence writes and the UI patches). */
  readonly changed: readonly TruckView[];
  /** Keys of trucks a snapshot no longer holds. */
  readonly removed: readonly string[];
  /** Malformed rows dropped from the last batch. */
  readonly invalidRows: number;
  /** Receive time of the last batch; undefined before any. */
  readonly updatedAt: number | undefined;
}

const STATE_BY_CODE = new Map<TruckStatusCode, RealtimeState>(REALTIME_STATES.map((s) => [s.code, s.state]));

/** truckId (our server) keys a truck; the legacy backend sends none, and the plate is then the best key there is. */
export function truckKey(row: Pick<TruckStatusRow, 'truckId' | 'signCode'>): string {
  return row.truckId === undefined ? `plate:${row.signCode}` : `id:${row.truckId}`;
}

/** The key an unvalidated row would have, to find what the fleet holds for it. */
function rawKey(value: Readonly<Record<string, unknown>>): string | undefined {
  if (isSafeInteger(value['truckId'])) return `id:${value['truckId']}`;
  return typeof value['signCode'] === 'string' ? `plate:${value['signCode']}` : undefined;
}

export function normaliseRow(row: TruckStatusRow, key: string = truckKey(row)): TruckView {
  // A plain loop: this runs for every new row of a 10,000-row snapshot, where each avoided allocation shows in GC time.
  const tanks: TankView[] = [];
  for (const tank of Object.keys(row.lastIventoryMap)) {
    const inventory = row.lastIventoryMap[tank];
    if (inventory) tanks.push({ tank, oilCode: inventory.oilCode, kind: fuelKind(inventory.oilCode), volume: roundVolume(inventory.vt) });
  }
  return { key, row, state: STATE_BY_CODE.get(row.status) ?? 'offline', tanks, fuel: fuelTotals([row]) };
}

/**
 * Whether an unvalidated row holds exactly the values of a row already validated: then it is valid too, and the
 * truck unchanged. Strict equality field by field; anything else (a null text, an extra tank) takes the full parser.
 */
export function sameAsValidated(value: Readonly<Record<string, unknown>>, truck: TruckView): boolean {
  const { row } = truck;
  // The fields that change most often first, so a changed row is told apart early.
  if (
    value['gpsTime'] !== row.gpsTime || value['speed'] !== row.speed || value['status'] !== row.status ||
    value['area'] !== row.area || value['statusTime'] !== row.statusTime || value['alarm'] !== row.alarm ||
    value['signCode'] !== row.signCode || value['truckCompany'] !== row.truckCompany || value['truckId'] !== row.truckId ||
    // A move the map must show, or a fix gone bad that the parser must refuse, though nothing else changed.
    value['lat'] !== row.lat || value['lng'] !== row.lng || value['heading'] !== row.heading
  ) return false;
  const tanks = value['lastIventoryMap'];
  if (!isRecord(tanks)) return false;
  // Walks the validated tanks (one view per compartment) rather than for…in over numeric keys, which V8 does slowly.
  for (const view of truck.tanks) {
    const raw = tanks[view.tank];
    const tank = row.lastIventoryMap[view.tank];
    if (!isRecord(raw) || tank === undefined || raw['oilCode'] !== tank.oilCode || raw['vt'] !== tank.vt) return false;
    if (raw['levelMm'] !== tank.levelMm || raw['v20'] !== tank.v20 || raw['temperature'] !== tank.temperature) return false;
    if (raw['humidity'] !== tank.humidity || raw['capacity'] !== tank.capacity || raw['sealed'] !== tank.sealed) return false;
  }
  return Object.keys(tanks).length === truck.tanks.length;
}

function add(totals: { -readonly [K in keyof FuelTotals]: number }, share: FuelTotals, sign: 1 | -1): void {
  totals.gasoline += sign * share.gasoline;
  totals.diesel += sign * share.diesel;
  totals.other += sign * share.other;
}

/** A fleet from stored rows (hydration): nothing counts as changed. */
export function fleetFromRows(rows: Iterable<TruckStatusRow>, updatedAt: number | undefined): FleetState {
  const trucks = new Map<string, TruckView>();
  for (const row of rows) {
    const view = normaliseRow(row);
    trucks.set(view.key, view);
  }
  const fuel = { gasoline: 0, diesel: 0, other: 0 };
  for (const truck of trucks.values()) add(fuel, truck.fuel, 1);
  const counts = countByStatus([...trucks.values()].map((truck) => truck.row));
  return { trucks, counts, fuel, changed: [], removed: [], invalidRows: 0, updatedAt };
}

export const EMPTY_FLEET: FleetState = fleetFromRows([], undefined);

/**
 * Applies one batch. A snapshot replaces the fleet (trucks it lacks are removed); other batches patch it. A row equal
 * to what the fleet holds costs a comparison; only new or different rows are parsed, normalised and reported changed,
 * and counts and fuel totals move by those rows alone.
 */
export function mergeRows(state: FleetState, batch: RowsBatch): FleetState {
  const trucks = batch.snapshot ? new Map<string, TruckView>() : new Map(state.trucks);
  const changed = new Map<string, TruckView>();
  let invalidRows = 0;
  for (const value of batch.values) {
    if (isRecord(value)) {
      const key = rawKey(value);
      const known = key === undefined ? undefined : (changed.get(key) ?? state.trucks.get(key));
      if (key !== undefined && known && sameAsValidated(value, known)) {
        // A patch's map already holds the known truck; a snapshot's new map needs it again.
        if (batch.snapshot || known !== state.trucks.get(key)) trucks.set(key, known);
        continue;
      }
    }
    const row = parseTruckStatusRow(value);
    if (!row) {
      invalidRows += 1;
      continue;
    }
    const view = normaliseRow(row);
    const before = state.trucks.get(view.key);
    // A row the parser had to clean (a null text read as empty) may still say nothing new.
    if (before && isRecord(row) && sameAsValidated(row, before)) {
      trucks.set(view.key, before);
      continue;
    }
    trucks.set(view.key, view);
    changed.set(view.key, view);
  }
  const removed = batch.snapshot ? [...state.trucks.keys()].filter((key) => !trucks.has(key)) : [];
  if (changed.size === 0 && removed.length === 0) return { ...state, changed: [], removed, invalidRows, updatedAt: batch.t };
  const counts = { ...state.counts };
  const fuel = { ...state.fuel };
  const leave = (truck: TruckView | undefined) => {
    if (!truck) return;
    counts[truck.row.status] -= 1;
    add(fuel, truck.fuel, -1);
  };
  for (const [key, truck] of changed) {
    leave(state.trucks.get(key));
    counts[truck.row.status] += 1;
    add(fuel, truck.fuel, 1);
  }
  for (const key of removed) leave(state.trucks.get(key));
  return { trucks, counts, fuel, changed: [...changed.values()], removed, invalidRows, updatedAt: batch.t };
}

/** The fleet after every batch of rows. */
export function fleetState(seed: FleetState = EMPTY_FLEET): OperatorFunction<RowsBatch, FleetState> {
  return scan(mergeRows, seed);
}
