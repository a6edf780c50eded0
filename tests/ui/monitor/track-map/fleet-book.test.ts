// The live screens' fleet in the tab (fleet-book.ts): the per-status watches' parts gathered into one list in plate
// order, right whichever status's part comes first when a truck changes status, patched in place when only rows change.
import { describe, expect, it } from 'vitest';
import { FleetBook } from '../../../../src/app/monitor/track-map/fleet-book';
import { TRUCK_STATUS_CODES } from '../../../../domain/truck-status';
import type { TruckStatusRow } from '../../../../domain/wire/truck-row';
import { normaliseRow } from '../../../../streams/truck-status.stream';
import { statusRow } from '../../../helpers/live-frames';

const truck = (id: number, plate: string, overrides: Partial<TruckStatusRow> = {}) => normaliseRow(statusRow({ truckId: id, signCode: plate, ...overrides }));
const plates = (book: FleetBook) => book.trucks().map((one) => one.row.signCode);

describe('the fleet book', () => {
  it('lists the trucks of every status in plate order, and is complete once every status answered', () => {
    const book = new FleetBook();
    book.apply(1, { changed: [truck(1, '沪C3', { status: 1 }), truck(2, '沪A1', { status: 1 })], removed: [] });
    book.apply(2, { changed: [truck(3, '沪B2', { status: 2 })], removed: [] });
    expect(plates(book)).toEqual(['沪A1', '沪B2', '沪C3']);
    expect(book.answeredAll(TRUCK_STATUS_CODES)).toBe(false);
    for (const status of TRUCK_STATUS_CODES) book.apply(status, { changed: [], removed: [] });
    expect(book.answeredAll(TRUCK_STATUS_CODES)).toBe(true);
  });

  it('keeps a truck that changed status whichever part comes first', () => {
    const moving = truck(1, '沪A1', { status: 1 });
    const stopped = truck(1, '沪A1', { status: 2 });
    const joinedFirst = new FleetBook();
    joinedFirst.apply(1, { changed: [moving], removed: [] });
    joinedFirst.apply(2, { changed: [stopped], removed: [] });
    joinedFirst.apply(1, { changed: [], removed: [moving.key] });
    expect(joinedFirst.trucks()).toEqual([stopped]);
    const leftFirst = new FleetBook();
    leftFirst.apply(1, { changed: [moving], removed: [] });
    leftFirst.apply(1, { changed: [], removed: [moving.key] });
    leftFirst.apply(2, { changed: [stopped], removed: [] });
    expect(leftFirst.trucks()).toEqual([stopped]);
  });

  it('patches changed rows in place, answers the same list when nothing changed, and re-sorts a changed plate', () => {
    const book = new FleetBook();
    book.apply(1, { changed: [truck(1, '沪A1'), truck(2, '沪B2'), truck(3, '沪C3')], removed: [] });
    const first = book.trucks();
    expect(book.trucks()).toBe(first);
    const faster = truck(2, '沪B2', { speed: 77 });
    book.apply(1, { changed: [faster], removed: [] });
    const second = book.trucks();
    expect(second).not.toBe(first);
    expect(second[1]).toBe(faster);
    expect(first[1]?.row.speed).not.toBe(77);
    book.apply(1, { changed: [truck(1, '沪D4')], removed: [truck(3, '沪C3').key] });
    expect(plates(book)).toEqual(['沪B2', '沪D4']);
  });

  it('places a few new trucks among many in plate order, and a status change between two lists moves nothing', () => {
    const book = new FleetBook();
    const many = Array.from({ length: 100 }, (_, i) => truck(i + 1, `沪A${String(i * 2).padStart(3, '0')}`));
    book.apply(1, { changed: many, removed: [] });
    expect(book.trucks()).toHaveLength(100);
    book.apply(1, { changed: [truck(1001, '沪A001'), truck(1002, '沪A199'), truck(1003, '沪A')], removed: [] });
    const list = plates(book);
    expect(list).toEqual([...list].sort(new Intl.Collator().compare));
    expect(list.slice(0, 3)).toEqual(['沪A', '沪A000', '沪A001']);
    const before = book.trucks();
    const moved = truck(50, before.find((one) => one.row.truckId === 50)?.row.signCode ?? '', { status: 2 });
    book.apply(1, { changed: [], removed: [moved.key] });
    book.apply(2, { changed: [moved], removed: [] });
    const after = book.trucks();
    expect(after.map((one) => one.key)).toEqual(before.map((one) => one.key));
    expect(after.find((one) => one.key === moved.key)).toBe(moved);
  });
});
