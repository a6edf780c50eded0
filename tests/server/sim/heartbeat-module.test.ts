// Failing and flaky heartbeat modules: which trucks have them, when the broken ones are silent, and the overtime list
// they keep filled on a fresh database whatever the wall-clock time its history ends at.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEARTBEAT_OVERTIME_MS } from '../../../domain/constants';
import { overtimeRows } from '../../../server/routes/heartbeat';
import { backfill } from '../../../server/sim';
import { loadFleet, type TruckSpec } from '../../../server/sim/fleet';
import { BROKEN_CYCLE_MS, brokenAt, heartbeatFaults } from '../../../server/sim/heartbeat-module';
import { ALL_COMPANIES, seededDb, type SeededDb } from './fixture';

const SEED = 20261122;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const plates = (n: number) => Array.from({ length: n }, (_, i) => ({ id: i + 1, signCode: `沪A·P${i + 1}` }));
const kindsOf = (n: number) => [...heartbeatFaults(plates(n)).values()].map((f) => f.kind);

describe('heartbeat modules of a fleet', () => {
  it.each([[40, 2], [80, 2], [400, 10], [10_000, 250]])('fails one module in forty in a fleet of %i (%i), at least two from 40 trucks', (size, broken) => {
    expect(kindsOf(size).filter((k) => k === 'broken')).toHaveLength(broken);
  });

  it('lets about 15 % of the modules stall now and then', () => {
    const kinds = kindsOf(2000);
    const flaky = kinds.filter((k) => k === 'flaky').length / kinds.length;
    expect(flaky).toBeGreaterThan(0.12);
    expect(flaky).toBeLessThan(0.18);
  });

  it('fixes each module by the plate, whatever order the trucks come in', () => {
    const trucks = plates(120);
    expect(new Map([...heartbeatFaults([...trucks].reverse())].sort(([a], [b]) => a - b))).toEqual(heartbeatFaults(trucks));
  });

  it('keeps a broken module in its window at every moment, for 12 h or longer already, in a fleet of 40', () => {
    const broken = [...heartbeatFaults(plates(40)).values()];
    const start = Date.UTC(2025, 0, 1);
    const uncovered: number[] = [];
    for (let time = start; time < start + 2 * BROKEN_CYCLE_MS; time += 10 * 60_000) {
      if (!broken.some((f) => brokenAt(f, time) && brokenAt(f, time - 12 * HOUR))) uncovered.push(time);
    }
    expect(uncovered).toEqual([]);
  });

  it('repeats the windows weekly from the epoch, so any two runs agree', () => {
    const fault = [...heartbeatFaults(plates(80)).values()].find((f) => f.kind === 'broken');
    if (!fault) throw new Error('no broken module');
    for (const time of [0, 1.2 * DAY, 3.9 * DAY, 5.5 * DAY]) expect(brokenAt(fault, time + 3 * BROKEN_CYCLE_MS)).toBe(brokenAt(fault, time));
  });
});

describe('the overtime list on a fresh database', () => {
  /** History ending `offset` after the real now, as a first start at that time would leave it. */
  async function overtimeAfterBackfill(offset: number) {
    const end = Date.now() + offset;
    const s = await seededDb(SEED, 80, end);
    try {
      // Eight days reach back past the start of any broken window under way at the end.
      await backfill(s.db, { seed: SEED, now: end, eventDays: 8 });
      const fleet = await loadFleet(s.db);
      const byPlate = new Map(fleet.trucks.map((t): [string, TruckSpec] => [t.signCode, t]));
      return { end, rows: await overtimeRows(s.db, ALL_COMPANIES, end), byPlate };
    } finally {
      await s.close();
    }
  }

  it.each([['now', 0], ['now + 1.5 d', 1.5 * DAY], ['now + 4 d', 4 * DAY], ['now + 6.2 d', 6.2 * DAY]])(
    'lists a truck with a broken module right after history ending at %s',
    async (_label, offset) => {
      const { end, rows, byPlate } = await overtimeAfterBackfill(offset);
      const faults = rows.map((r) => byPlate.get(r.signCode)?.heartbeatFault.kind);
      expect(faults).toContain('broken');
      // Only a failing or stalling module falls silent while its truck is online.
      expect(faults.filter((k) => k !== 'broken' && k !== 'flaky')).toEqual([]);
      expect(rows.every((r) => Number(r.heartTime) < end - HEARTBEAT_OVERTIME_MS)).toBe(true);
    },
    60_000,
  );
});

describe('the default fleet', () => {
  let s: SeededDb;
  let trucks: readonly TruckSpec[];
  beforeAll(async () => {
    s = await seededDb(SEED);
    trucks = (await loadFleet(s.db)).trucks;
  });
  afterAll(async () => {
    await s.close();
  });

  it('has two trucks with a broken module, one in each group, and about a dozen with a flaky one', () => {
    const broken = trucks.flatMap((t) => (t.heartbeatFault.kind === 'broken' ? [t.heartbeatFault.from % BROKEN_CYCLE_MS] : []));
    expect(broken).toHaveLength(2);
    expect(broken.filter((from) => from < DAY)).toHaveLength(1);
    const flaky = trucks.filter((t) => t.heartbeatFault.kind === 'flaky').length;
    expect(flaky).toBeGreaterThanOrEqual(6);
    expect(flaky).toBeLessThanOrEqual(18);
  });
});
