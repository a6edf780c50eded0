// Sprinklers record the water they take on (water_fill), so the water inventory can balance fills against spraying:
// each run sprays what the fill before it left on board, only sprinklers fill, and the same seed gives the same fills.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEventData } from '../../../domain/event-shapes';
import { backfill } from '../../../server/sim';
import { T0, seededDb, type SeededDb } from './fixture';

const SEED = 20261126;
const TRUCKS = 30;

interface Row {
  readonly truckId: number;
  readonly kind: string;
  readonly startTime: number;
  readonly endTime: number | null;
  readonly data: string;
}

async function sprinklerHistory(): Promise<{ rows: Row[]; sprinklers: Set<number>; close: () => Promise<void> }> {
  const s: SeededDb = await seededDb(SEED, TRUCKS);
  await backfill(s.db, { seed: SEED, now: T0, eventDays: 3, positionDays: 1 });
  const rows = await s.db.selectFrom('event').select(['truckId', 'kind', 'startTime', 'endTime', 'data'])
    .where('kind', 'in', ['water_fill', 'spray']).orderBy('id').execute();
  const trucks = await s.db.selectFrom('truck').select(['id']).where('model', '=', 'sprinkler').execute();
  return { rows, sprinklers: new Set(trucks.map((truck) => truck.id)), close: () => s.close() };
}

describe('water fills of the simulated sprinklers', () => {
  let first: Awaited<ReturnType<typeof sprinklerHistory>>;
  let second: Awaited<ReturnType<typeof sprinklerHistory>>;
  beforeAll(async () => {
    first = await sprinklerHistory();
    second = await sprinklerHistory();
  }, 120_000);
  afterAll(async () => {
    await first.close();
    await second.close();
  });

  const fills = () => first.rows.filter((row) => row.kind === 'water_fill');

  it('are written by sprinklers only, each of its declared shape, filling from before to after', () => {
    expect(fills().length).toBeGreaterThan(10);
    for (const row of fills()) {
      expect(first.sprinklers.has(row.truckId)).toBe(true);
      const event = parseEventData(row.kind, row.data);
      expect(event?.kind).toBe('water_fill');
      if (event?.kind !== 'water_fill') continue;
      expect(event.data.takenOn).toBeGreaterThan(0);
      expect(event.data.after).toBeCloseTo(event.data.before + event.data.takenOn, 0);
      expect(event.data.siteName).not.toBe('');
      expect(row.endTime).toBeGreaterThan(row.startTime);
    }
  });

  it('leave on board exactly what the next run sprays, the run starting once loading has stopped after the fill', () => {
    let checked = 0;
    for (const truck of first.sprinklers) {
      const own = first.rows.filter((row) => row.truckId === truck);
      own.forEach((row, index) => {
        const next = own[index + 1];
        if (row.kind !== 'water_fill' || next?.kind !== 'spray') return;
        const fill = parseEventData(row.kind, row.data);
        const spray = parseEventData(next.kind, next.data);
        if (fill?.kind !== 'water_fill' || spray?.kind !== 'spray') throw new Error('a fill or run of the wrong shape');
        expect(spray.data.volume).toBeCloseTo(fill.data.after, 0);
        // Loading stopped (hose off) lasts 3–8 min; the backfill steps 2 min at a time.
        expect(next.startTime - Number(row.endTime)).toBeGreaterThanOrEqual(3 * 60_000);
        expect(next.startTime - Number(row.endTime)).toBeLessThanOrEqual(10 * 60_000);
        checked += 1;
      });
    }
    expect(checked).toBeGreaterThan(10);
  });

  it('are the same for the same seed', () => {
    expect(second.rows).toEqual(first.rows);
  });
});
