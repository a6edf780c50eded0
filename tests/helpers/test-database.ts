// The database a server test runs on: a SQLite file in a temp dir, or, in the server-pg layer, a fresh PostgreSQL
// database copied from the migrated template on the run's cluster (tests/helpers/postgres-setup.ts).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type OpenedDb } from '../../server/db/open';
import type { DatabaseTarget, DbKind } from '../../server/db/target';
import { TEMPLATE_DATABASE } from './postgres-setup';

interface ProvidedPostgres {
  /** The cluster's maintenance database, for CREATE and DROP DATABASE. */
  readonly adminUrl: string;
  readonly port: number;
  readonly password: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    postgres: ProvidedPostgres | undefined;
  }
}

/** The run's cluster when this layer runs on PostgreSQL; scripts that start a test server outside Vitest use SQLite. */
export const testPostgres: ProvidedPostgres | undefined = process.env.VITEST ? inject('postgres') : undefined;

/** Which database this test layer runs on. */
export const TEST_DB_KIND: DbKind = testPostgres ? 'postgres' : 'sqlite';

export interface TestDatabase {
  readonly target: DatabaseTarget;
  /** Removes the database (call after every connection to it is closed). */
  drop(): Promise<void>;
}

let admin: pg.Pool | undefined;

async function adminQuery(text: string): Promise<void> {
  if (!testPostgres) throw new Error('no PostgreSQL cluster in this layer');
  // Idle admin connections must not keep the test worker alive.
  admin ??= new pg.Pool({ connectionString: testPostgres.adminUrl, max: 2, allowExitOnIdle: true });
  await admin.query(text);
}

/**
 * A new empty, migrated database of this layer's kind; `unmigrated`: without even the schema, as on a first start;
 * `template` (PostgreSQL): a copy of that database instead.
 */
export async function freshDatabase(options: { readonly unmigrated?: boolean; readonly template?: string } = {}): Promise<TestDatabase> {
  if (!testPostgres) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fleet-test-'));
    return {
      target: { kind: 'sqlite', path: path.join(dir, 'fleet.db') },
      drop: async () => fs.rmSync(dir, { recursive: true, force: true }),
    };
  }
  const name = `fleet_${randomBytes(6).toString('hex')}`;
  await adminQuery(`create database ${name} template ${options.template ?? (options.unmigrated ? 'template0' : TEMPLATE_DATABASE)}`);
  const url = new URL(testPostgres.adminUrl);
  url.pathname = `/${name}`;
  return {
    target: { kind: 'postgres', url: url.toString() },
    drop: () => adminQuery(`drop database if exists ${name} with (force)`),
  };
}

export interface OpenedTestDatabase extends OpenedDb {
  /** Closes the connection and drops the database. */
  close(): Promise<void>;
}

/** A fresh database of this layer's kind, opened and migrated, for tests that need no server around it. */
export async function openTestDatabase(): Promise<OpenedTestDatabase> {
  const fresh = await freshDatabase();
  const opened = await openDatabase(fresh.target);
  return {
    ...opened,
    async close() {
      await opened.db.destroy();
      await fresh.drop();
    },
  };
}
