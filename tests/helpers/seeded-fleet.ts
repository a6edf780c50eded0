// A fresh database holding the simulator's fleet and its history, as `npm start` creates it, for the report tests:
// seeded once per test run and copied for each server (a SQLite file copy, or CREATE DATABASE … TEMPLATE on the run's
// PostgreSQL cluster), instead of simulating 30 days of 80 trucks in every test file.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { createServices } from '../../server/create-services';
import { prepareFleet } from '../../server/fleet';
import type { ServerConfig } from '../../server/config';
import { TEMPLATE_DATABASE } from './postgres-setup';
import { freshDatabase, testPostgres, type TestDatabase } from './test-database';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A directory of this run (removed when it ends) where seeded SQLite databases are kept for copying. */
    seedCache: string;
  }
}

/** Whoever waits longer than this for another worker's seeding gives up: that worker has died. */
const BUILD_TIMEOUT_MS = 10 * 60_000;

const keyOf = (sim: ServerConfig['sim']) => `${sim.seed}_${sim.trucks}_${sim.backfillDays}`;

/** Fills an empty migrated database with the fleet and its history ending now; closes its connections. */
async function seedInto(target: TestDatabase['target'], sim: ServerConfig['sim']): Promise<void> {
  const created = await createServices({ database: target });
  try {
    await prepareFleet(created.services, sim);
  } finally {
    await created.close();
  }
}

/** The run's seeded SQLite file: the first worker to ask builds it under an exclusive lock file; the others wait. */
async function seededSqliteFile(sim: ServerConfig['sim']): Promise<string> {
  const file = path.join(inject('seedCache'), `fleet_${keyOf(sim)}.db`);
  const lock = `${file}.lock`;
  const deadline = Date.now() + BUILD_TIMEOUT_MS;
  while (!fs.existsSync(file)) {
    let held: number | undefined;
    try {
      held = fs.openSync(lock, 'wx');
    } catch {
      if (Date.now() > deadline) throw new Error(`no seeded database after ${BUILD_TIMEOUT_MS} ms (${lock})`);
      await new Promise((resolve) => setTimeout(resolve, 250));
      continue;
    }
    try {
      if (!fs.existsSync(file)) {
        const building = await freshDatabase();
        if (building.target.kind !== 'sqlite') throw new Error('expected a SQLite database');
        await seedInto(building.target, sim);
        // Closed, so the write-ahead log is back in the file: one file is the whole database. Renamed, so no reader
        // ever copies half of it.
        fs.copyFileSync(building.target.path, `${file}.tmp`);
        fs.renameSync(`${file}.tmp`, file);
        await building.drop();
      }
    } finally {
      fs.closeSync(held);
      fs.rmSync(lock, { force: true });
    }
  }
  return file;
}

/** The run's seeded PostgreSQL template: built by the first worker to ask, under an advisory lock of the cluster. */
async function seededTemplate(sim: ServerConfig['sim']): Promise<string> {
  if (!testPostgres) throw new Error('no PostgreSQL cluster in this layer');
  const name = `fleet_seeded_${keyOf(sim)}`;
  const client = new pg.Client({ connectionString: testPostgres.adminUrl });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock(hashtext($1))', [name]);
    const exists = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount === 0) {
      // Built under another name and renamed when whole: a worker that died half-way leaves no template behind.
      const building = `${name}_building`;
      await client.query(`drop database if exists ${building} with (force)`);
      await client.query(`create database ${building} template ${TEMPLATE_DATABASE}`);
      const url = new URL(testPostgres.adminUrl);
      url.pathname = `/${building}`;
      // A template must have no connections: seedInto closes its own.
      await seedInto({ kind: 'postgres', url: url.toString() }, sim);
      await client.query(`alter database ${building} rename to ${name}`);
    }
  } finally {
    await client.end();
  }
  return name;
}

/** A database of this layer's kind with the seeded fleet, the caller's own (dropped with `drop`). */
export async function seededFleetDatabase(sim: ServerConfig['sim']): Promise<TestDatabase> {
  if (testPostgres) return freshDatabase({ template: await seededTemplate(sim) });
  const file = await seededSqliteFile(sim);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fleet-test-'));
  const copy = path.join(dir, 'fleet.db');
  fs.copyFileSync(file, copy);
  return { target: { kind: 'sqlite', path: copy }, drop: async () => fs.rmSync(dir, { recursive: true, force: true }) };
}
