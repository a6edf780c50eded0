// A seeded fleet in a temporary SQLite file for the simulator tests, and readers for what the simulator wrote.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type Database from 'better-sqlite3';
import { openDatabase, type Db } from '../../../server/db/open';
import { LocalHub, type LiveHub, type PublishedAlarm, type PublishedRow } from '../../../server/live/hub';
import { COMPANIES, seedAccounts } from '../../../server/seed/accounts';
import { seedFleet, startSimulator, type Simulator, type SimulatorOptions } from '../../../server/sim';

/** A fixed start (2025-06-01 10:00 China time), so runs compare across machines and days. */
export const T0 = Date.UTC(2025, 5, 1, 2);
export const ALL_COMPANIES = COMPANIES.map((c) => c.code);

export interface SeededDb {
  readonly db: Db;
  readonly sqlite: Database.Database;
  readonly hub: LiveHub;
  /** How long seedFleet alone took. */
  readonly seedMs: number;
  close(): Promise<void>;
}

export async function seededDb(seed: number | string, trucks?: number): Promise<SeededDb> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fleet-sim-'));
  const { db, sqlite } = await openDatabase(path.join(dir, 'fleet.db'));
  await seedAccounts(db);
  const started = performance.now();
  await seedFleet(db, { seed, now: T0, ...(trucks === undefined ? {} : { trucks }) });
  const seedMs = performance.now() - started;
  return {
    db, sqlite, hub: new LocalHub(), seedMs,
    async close() {
      await db.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    },
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
  return startSimulator({ db: s.db, sqlite: s.sqlite, hub: s.hub }, { now: () => T0, timer: false, ...options });
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
