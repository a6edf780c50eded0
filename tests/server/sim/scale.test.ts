// The benchmark scale: 10,000 trucks seed with unique identities and tick in well under a second (times printed, not asserted).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { T0, seededDb, simulate, type SeededDb } from './fixture';

const TRUCKS = 10_000;

describe(`a fleet of ${TRUCKS} trucks`, () => {
  let s: SeededDb;

  beforeAll(async () => {
    s = await seededDb(10, TRUCKS);
    console.log(`seedFleet of ${TRUCKS} trucks: ${Math.round(s.seedMs)} ms`);
  }, 120_000);

  afterAll(async () => {
    await s.close();
  });

  it('seeds every truck with a unique plate, SN and phone, a driver, a device and a live row', async () => {
    const count = async (table: 'truck' | 'driver' | 'device' | 'truckLive') =>
      Number((await s.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    expect(await count('truck')).toBe(TRUCKS);
    expect(await count('driver')).toBe(TRUCKS);
    expect(await count('device')).toBe(TRUCKS);
    expect(await count('truckLive')).toBe(TRUCKS);
    const trucks = await s.db.selectFrom('truck').select(['signCode', 'consoleSn', 'phone']).execute();
    expect(new Set(trucks.map((t) => t.signCode)).size).toBe(TRUCKS);
    expect(new Set(trucks.map((t) => t.consoleSn)).size).toBe(TRUCKS);
    expect(new Set(trucks.map((t) => t.phone)).size).toBe(TRUCKS);
  });

  it('completes ticks of the whole fleet', async () => {
    const sim = simulate(s, { seed: 10 });
    await sim.ready;
    const times: number[] = [];
    let rows = 0;
    for (let i = 1; i <= 5; i += 1) {
      const started = performance.now();
      const report = await sim.tick(T0 + i * 5000);
      times.push(Math.round(performance.now() - started));
      rows += report.rows;
    }
    sim.stop();
    console.log(`ticks of ${TRUCKS} trucks: ${times.join(', ')} ms (${rows} rows published)`);
    expect(rows).toBeGreaterThan(0);
    expect(rows).toBeLessThan(5 * TRUCKS);
  }, 60_000);
});
