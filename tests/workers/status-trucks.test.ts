// One status's truck table as the worker keeps it for a tab: only that status's trucks, in parts of at most 250.
import { describe, expect, it } from 'vitest';
import { normaliseRow } from '../../streams/truck-status.stream';
import { StatusTrucks, TRUCKS_PER_MESSAGE, inParts } from '../../workers/status-trucks';
import { fakeTrucks } from '../helpers/fake-live-source';
import { statusRow } from '../helpers/live-frames';

const truck = (truckId: number, status: 0 | 1 | 2 | 3 | 4) => normaliseRow(statusRow({ truckId, status }));
const keys = (parts: ReturnType<StatusTrucks['apply']>) =>
  parts.map((part) => ({ changed: part.changed.map((t) => t.key), removed: part.removed }));

describe('a status table in the worker', () => {
  it('starts from the trucks of its status only', () => {
    const table = new StatusTrucks(3);
    expect(keys(table.start([truck(1, 3), truck(2, 4), truck(3, 3)]))).toEqual([{ changed: ['id:1', 'id:3'], removed: [] }]);
  });

  it('starts with one empty part when no truck has its status, so the tab knows the table is loaded', () => {
    expect(keys(new StatusTrucks(0).start([truck(1, 3)]))).toEqual([{ changed: [], removed: [] }]);
  });

  it('passes on trucks entering or changing within the status and removes those that leave it or the fleet', () => {
    const table = new StatusTrucks(3);
    table.start([truck(1, 3), truck(2, 3), truck(3, 4)]);
    const parts = table.apply({ changed: [truck(1, 3), truck(2, 1), truck(3, 3), truck(4, 2)], removed: [] });
    expect(keys(parts)).toEqual([{ changed: ['id:1', 'id:3'], removed: ['id:2'] }]);
    expect(keys(table.apply({ changed: [], removed: ['id:1', 'id:4'] }))).toEqual([{ changed: [], removed: ['id:1'] }]);
  });

  it('sends nothing for changes that do not touch its status', () => {
    const table = new StatusTrucks(3);
    table.start([truck(1, 3), truck(2, 4)]);
    expect(table.apply({ changed: [truck(2, 1), truck(5, 0)], removed: ['id:9'] })).toEqual([]);
  });

  it('removes a truck that left the status only once', () => {
    const table = new StatusTrucks(3);
    table.start([truck(1, 3)]);
    expect(keys(table.apply({ changed: [truck(1, 4)], removed: [] }))).toEqual([{ changed: [], removed: ['id:1'] }]);
    expect(table.apply({ changed: [truck(1, 0)], removed: ['id:1'] })).toEqual([]);
  });

  it(`splits 5,000 trucks into parts of at most ${TRUCKS_PER_MESSAGE}, in order, with the removed keys in the first`, () => {
    const trucks = fakeTrucks(5_000, 4);
    const parts = new StatusTrucks(4).start(trucks);
    expect(parts.map((part) => part.changed.length)).toEqual(Array(20).fill(250));
    expect(parts.flatMap((part) => part.changed)).toEqual(trucks);
    expect(inParts(trucks.slice(0, 1_001), ['id:x'], 500).map((part) => [part.changed.length, part.removed])).toEqual([
      [500, ['id:x']], [500, []], [1, []],
    ]);
  });
});
