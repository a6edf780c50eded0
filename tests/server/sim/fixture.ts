// A seeded fleet in a fresh database of the layer's kind for the simulator tests, and readers for what the simulator wrote.
import type { Selectable } from 'kysely';
import type { Db, DbDriver } from '../../../server/db/open';
import type { Database as Schema } from '../../../server/db/schema';
import { LocalHub, type LiveHub, type PublishedAlarm, type PublishedRow } from '../../../server/live/hub';
import { COMPANIES, seedAccounts } from '../../../server/seed/accounts';
import { seedFleet, startSimulator, type Simulator, type SimulatorOptions } from '../../../server/sim';
import { openTestDatabase } from '../../helpers/test-database';

/** A fixed start (2025-06-01 10:00 China time), so runs compare across machines and days. */
export const T0 = Date.UTC(2025, 5, 1, 2);
export const ALL_COMPANIES = COMPANIES.map((c) => c.code);

export interface SeededDb {
  readonly db: Db;
  readonly driver: DbDriver;
  readonly hub: LiveHub;
  /** How long seedFleet alone took. */
  readonly seedMs: number;
  close(): Promise<void>;
}

/** `now`: the seeding time (T0 unless set), for a history that ends at another time. */
export async function seededDb(seed: number | string, trucks?: number, now = T0): Promise<SeededDb> {
  const opened = await openTestDatabase();
  const { db, driver } = opened;
  await seedAccounts(db);
  const started = performance.now();
  await seedFleet(db, { seed, now, ...(trucks === undefined ? {} : { trucks }) });
  const seedMs = performance.now() - started;
  return {
    db, driver, hub: new LocalHub(), seedMs,
    close: () => opened.close(),
  };
}

export interface Recorder {
  readonly rows: PublishedRow[][];
  readonly alarms: PublishedAlarm[];
}

/** Records every published batch of rows and every published alarm. */
export function record(hub: LiveHub): Recorder {
  const recorder: Recorder = { rows: [], alarms: [] };
  hub.onRows((rows) => recorder.rows.push([...rows]));
  hub.onAlarm((alarm) => recorder.alarms.push(alarm));
  return recorder;
}

export function simulate(s: SeededDb, options: Partial<SimulatorOptions> & { seed: number | string }): Simulator {
  return startSimulator({ db: s.db, driver: s.driver, hub: s.hub }, { now: () => T0, timer: false, ...options });
}

/** Ticks from T0 in steps of `stepMs` for `count` ticks. */
export async function run(sim: Simulator, count: number, stepMs = 5000, from = T0): Promise<void> {
  await sim.ready;
  for (let i = 1; i <= count; i += 1) await sim.tick(from + i * stepMs);
}

/** Everything the simulator appended to the history tables, in id order. */
export async function history(db: Db) {
  return {
    positions: await db.selectFrom('position').selectAll().orderBy('id').execute(),
    events: await db.selectFrom('event').selectAll().orderBy('id').execute(),
    heartbeats: await db.selectFrom('heartbeat').selectAll().orderBy('id').execute(),
    alarms: await db.selectFrom('alarm').selectAll().orderBy('seq').execute(),
  };
}

/** Rows a page of `allEvents` reads: a small share of a month of a fleet's events. */
const EVENT_PAGE = 20_000;

/**
 * Every stored event in id order, read a page at a time: one read of a month of a fleet's events (about 100,000 rows)
 * can outlast PostgreSQL's statement timeout (4.5 s, server/db/postgres.ts) on a loaded machine, and a console never
 * asks for so many at once.
 */
export async function allEvents(db: Db): Promise<Selectable<Schema['event']>[]> {
  const rows: Selectable<Schema['event']>[] = [];
  for (let after = 0; ; ) {
    const page = await db.selectFrom('event').selectAll().where('id', '>', after).orderBy('id').limit(EVENT_PAGE).execute();
    rows.push(...page);
    const last = page[page.length - 1];
    if (!last || page.length < EVENT_PAGE) return rows;
    after = last.id;
  }
}
