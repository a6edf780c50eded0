// Status rows to fleet state: validating, normalising, merging by truck, snapshots, badge counts and fuel totals.
import { Subject, firstValueFrom, toArray } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { TRUCK_STATUS_CODES, countByStatus } from '../../domain/truck-status';
import { fuelTotals } from '../../domain/fuel';
import {
  EMPTY_FLEET,
  fleetFromRows,
  fleetState,
  mergeRows,
  normaliseRow,
  sameAsValidated,
  truckKey,
  type FleetState,
  type RowsBatch,
} from '../../streams/truck-status.stream';
import { bigFleet, legacyRow, seededRandom, statusRow, T0 } from '../helpers/live-frames';

const batch = (values: readonly unknown[], snapshot = false, t = T0): RowsBatch => ({ values, snapshot, t });
const keys = (trucks: FleetState['changed']) => trucks.map((truck) => truck.key);

describe('normaliseRow', () => {
  it('names the real-time state of each status code', () => {
    const states = TRUCK_STATUS_CODES.map((status) => normaliseRow(statusRow({ status })).state);
    expect(states).toEqual(['offline', 'empty', 'cargoDriving', 'alarm', 'parking']);
  });

  it('lists each tank with its fuel kind and its volume rounded up', () => {
    const row = statusRow({ lastIventoryMap: { '1': { oilCode: 92, vt: 10.01 }, '2': { oilCode: 0, vt: 3 }, '3': { oilCode: -1, vt: -2 } } });
    expect(normaliseRow(row).tanks).toEqual([
      { tank: '1', oilCode: 92, kind: 'gasoline', volume: 11 },
      { tank: '2', oilCode: 0, kind: 'diesel', volume: 3 },
      { tank: '3', oilCode: -1, kind: 'other', volume: 0 },
    ]);
  });

  it('gives an offline truck no share of the fuel totals', () => {
    expect(normaliseRow(statusRow({ status: 0 })).fuel).toEqual({ gasoline: 0, diesel: 0, other: 0 });
    expect(normaliseRow(statusRow({ status: 2 })).fuel).toEqual({ gasoline: 11, diesel: 0, other: 0 });
  });

  it('keys a truck by truckId, or by plate when the legacy backend sends no id', () => {
    expect(truckKey(statusRow({ truckId: 7 }))).toBe('id:7');
    expect(truckKey(legacyRow({ signCode: '京B1' }))).toBe('plate:京B1');
  });
});

describe('sameAsValidated', () => {
  it('accepts only a row with exactly the validated values', () => {
    const row = statusRow();
    const truck = normaliseRow(row);
    expect(sameAsValidated({ ...row, extra: 1 }, truck)).toBe(true);
    expect(sameAsValidated({ ...row, alarm: null }, truck)).toBe(false);
    expect(sameAsValidated({ ...row, lastIventoryMap: { ...row.lastIventoryMap, '2': { oilCode: 92, vt: 1 } } }, truck)).toBe(false);
    expect(sameAsValidated({ ...row, lastIventoryMap: {} }, truck)).toBe(false);
    expect(sameAsValidated({ ...row, lastIventoryMap: { '1': { oilCode: 92, vt: '10.2' } } }, truck)).toBe(false);
  });

  it('tells apart a row whose only change is a tank\'s temperature or humidity', () => {
    const row = statusRow({ lastIventoryMap: { '1': { oilCode: -1, vt: 0, temperature: -18.2, humidity: 80 } } });
    const truck = normaliseRow(row);
    expect(sameAsValidated({ ...row }, truck)).toBe(true);
    expect(sameAsValidated({ ...row, lastIventoryMap: { '1': { oilCode: -1, vt: 0, temperature: -12.5, humidity: 80 } } }, truck)).toBe(false);
    expect(sameAsValidated({ ...row, lastIventoryMap: { '1': { oilCode: -1, vt: 0, temperature: -18.2, humidity: 96 } } }, truck)).toBe(false);
  });
  it("tells apart a row whose only change is a tank's seal or capacity", () => {
    const tank = { oilCode: 92, vt: 5000, capacity: 8000, sealed: true };
    const row = statusRow({ lastIventoryMap: { '1': tank } });
    const truck = normaliseRow(row);
    expect(sameAsValidated({ ...row, lastIventoryMap: { '1': { ...tank } } }, truck)).toBe(true);
    expect(sameAsValidated({ ...row, lastIventoryMap: { '1': { ...tank, sealed: false } } }, truck)).toBe(false);
    expect(sameAsValidated({ ...row, lastIventoryMap: { '1': { ...tank, capacity: 9000 } } }, truck)).toBe(false);
  });

  it('tells apart a row whose only change is its fix, or a fix gone missing or bad', () => {
    const row = statusRow({ lat: 31.230416, lng: 121.473701, heading: 90 });
    const truck = normaliseRow(row);
    expect(sameAsValidated({ ...row }, truck)).toBe(true);
    expect(sameAsValidated({ ...row, lat: 31.230417 }, truck)).toBe(false);
    expect(sameAsValidated({ ...row, lng: 121.4737 }, truck)).toBe(false);
    expect(sameAsValidated({ ...row, heading: 91 }, truck)).toBe(false);
    expect(sameAsValidated({ ...row, lat: undefined }, truck)).toBe(false);
    expect(sameAsValidated({ ...row, heading: '90' }, truck)).toBe(false);
  });
});

describe('mergeRows', () => {
  const fleet = mergeRows(EMPTY_FLEET, batch([statusRow({ truckId: 1 }), statusRow({ truckId: 2, status: 2 })], true));

  it('patches the trucks a change frame carries and keeps the others', () => {
    const next = mergeRows(fleet, batch([statusRow({ truckId: 2, status: 3, speed: 40 }), statusRow({ truckId: 3 })]));
    expect([...next.trucks.keys()]).toEqual(['id:1', 'id:2', 'id:3']);
    expect(next.trucks.get('id:2')).toMatchObject({ state: 'alarm', row: { status: 3, speed: 40 } });
    expect(keys(next.changed)).toEqual(['id:2', 'id:3']);
    expect(next.removed).toEqual([]);
  });

  it('reports a resent unchanged row as no change and keeps its object', () => {
    const next = mergeRows(fleet, batch([statusRow({ truckId: 1 }), statusRow({ truckId: 2, status: 2 })], true, T0 + 30_000));
    expect(next.changed).toEqual([]);
    expect(next.trucks.get('id:1')).toBe(fleet.trucks.get('id:1'));
    expect(next.updatedAt).toBe(T0 + 30_000);
  });

  it('sees a row that only the parser can read as the same truck, unchanged', () => {
    const start = mergeRows(EMPTY_FLEET, batch([statusRow({ alarm: '' })]));
    const next = mergeRows(start, batch([{ ...statusRow(), alarm: null }]));
    expect(next.changed).toEqual([]);
  });

  it('sees a changed tank as a change', () => {
    const next = mergeRows(fleet, batch([statusRow({ truckId: 1, lastIventoryMap: { '1': { oilCode: 92, vt: 11 } } })]));
    expect(keys(next.changed)).toEqual(['id:1']);
  });

  it('sees a truck that only moved as a change, and keeps its fix', () => {
    const placed = mergeRows(fleet, batch([statusRow({ truckId: 1, lat: 31.2, lng: 121.4, heading: 0 })]));
    const moved = mergeRows(placed, batch([statusRow({ truckId: 1, lat: 31.21, lng: 121.4, heading: 15 })]));
    expect(keys(moved.changed)).toEqual(['id:1']);
    expect(moved.trucks.get('id:1')?.row).toMatchObject({ lat: 31.21, lng: 121.4, heading: 15 });
  });

  it('drops a known truck\'s row whose fix is out of range, keeping what it held', () => {
    const placed = mergeRows(fleet, batch([statusRow({ truckId: 1, lat: 31.2, lng: 121.4, heading: 0 })]));
    const next = mergeRows(placed, batch([{ ...statusRow({ truckId: 1, lat: 31.2, lng: 121.4 }), heading: 400 }]));
    expect(next.invalidRows).toBe(1);
    expect(next.changed).toEqual([]);
    expect(next.trucks.get('id:1')).toBe(placed.trucks.get('id:1'));
  });

  it('drops and counts malformed rows, even one carrying a known truck id', () => {
    const next = mergeRows(fleet, batch([{ ...statusRow({ truckId: 1 }), status: 9 }, 'junk', null, statusRow({ truckId: 4 })]));
    expect(next.invalidRows).toBe(3);
    expect(keys(next.changed)).toEqual(['id:4']);
    expect(next.trucks.get('id:1')).toBe(fleet.trucks.get('id:1'));
  });

  it('removes the trucks a snapshot no longer holds', () => {
    const next = mergeRows(fleet, batch([statusRow({ truckId: 2, status: 2 })], true));
    expect([...next.trucks.keys()]).toEqual(['id:2']);
    expect(next.removed).toEqual(['id:1']);
    expect(next.counts).toEqual({ 0: 0, 1: 0, 2: 1, 3: 0, 4: 0 });
  });

  it('counts trucks per status for the five badges', () => {
    const codes = [0, 0, 1, 2, 2, 2, 3, 4] as const;
    const rows = codes.map((status, i) => statusRow({ truckId: i, status }));
    expect(mergeRows(EMPTY_FLEET, batch(rows)).counts).toEqual({ 0: 2, 1: 1, 2: 3, 3: 1, 4: 1 });
  });

  it('totals fuel per kind with volumes rounded up, leaving offline trucks out', () => {
    const rows = [
      statusRow({ truckId: 1, status: 2, lastIventoryMap: { '1': { oilCode: 92, vt: 1.2 }, '2': { oilCode: 0, vt: 4 } } }),
      statusRow({ truckId: 2, status: 4, lastIventoryMap: { '1': { oilCode: 95, vt: 2.5 } } }),
      statusRow({ truckId: 3, status: 0, lastIventoryMap: { '1': { oilCode: 92, vt: 100 } } }),
    ];
    expect(mergeRows(EMPTY_FLEET, batch(rows)).fuel).toEqual({ gasoline: 5, diesel: 4, other: 0 });
  });

  it('keeps the counts and totals of the whole fleet while moving them by the changed rows only', () => {
    const random = seededRandom(9);
    let state = mergeRows(EMPTY_FLEET, batch(bigFleet(300, random), true));
    for (let round = 0; round < 20; round += 1) {
      const rows = bigFleet(300, random).filter(() => random() < 0.3);
      state = mergeRows(state, batch(rows, round % 5 === 4));
      const all = [...state.trucks.values()].map((truck) => truck.row);
      expect(state.counts).toEqual(countByStatus(all));
      expect(state.fuel).toEqual(fuelTotals(all));
    }
  });

  it('merges legacy rows (no truckId) by plate: a later frame updates its plate’s truck, a snapshot drops plates it lacks', () => {
    const filled = mergeRows(EMPTY_FLEET, batch([legacyRow({ signCode: '京A1', status: 1 }), legacyRow({ signCode: '京A2', status: 2 })], true));
    const next = mergeRows(filled, batch([legacyRow({ signCode: '京A1', status: 3, speed: 30 })], false, T0 + 1));
    expect([...next.trucks.keys()]).toEqual(['plate:京A1', 'plate:京A2']);
    expect(keys(next.changed)).toEqual(['plate:京A1']);
    expect(next.trucks.get('plate:京A1')?.row).toMatchObject({ status: 3, speed: 30 });
    expect(next.counts).toEqual({ 0: 0, 1: 0, 2: 1, 3: 1, 4: 0 });
    const refilled = mergeRows(next, batch([legacyRow({ signCode: '京A2', status: 2 })], true, T0 + 2));
    expect([...refilled.trucks.keys()]).toEqual(['plate:京A2']);
    expect(refilled.removed).toEqual(['plate:京A1']);
    expect(refilled.changed).toEqual([]);
  });

  it('keeps the last of two rows for one truck in a frame', () => {
    const next = mergeRows(EMPTY_FLEET, batch([statusRow({ speed: 1 }), statusRow({ speed: 2 })]));
    expect(next.trucks.size).toBe(1);
    expect(next.changed).toHaveLength(1);
    expect(next.trucks.get('id:1')?.row.speed).toBe(2);
  });
});

describe('fleetState', () => {
  it('starts from hydrated rows and reports only what later frames change', async () => {
    const seed = fleetFromRows([statusRow({ truckId: 1 }), statusRow({ truckId: 2 })], T0);
    const batches = new Subject<RowsBatch>();
    const states = firstValueFrom(batches.pipe(fleetState(seed), toArray()));
    batches.next(batch([statusRow({ truckId: 1 }), statusRow({ truckId: 2, status: 3 })], true));
    batches.complete();
    const [after] = await states;
    expect(seed.counts).toEqual({ 0: 0, 1: 2, 2: 0, 3: 0, 4: 0 });
    expect(after && keys(after.changed)).toEqual(['id:2']);
    expect(after?.counts).toEqual({ 0: 0, 1: 1, 2: 0, 3: 1, 4: 0 });
  });
});
