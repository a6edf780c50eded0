// Opens the database the configuration names (a SQLite file, or PostgreSQL) behind Kysely, migrated to the latest schema.
import type Database from 'better-sqlite3';
import { CamelCasePlugin, Kysely, Migrator } from 'kysely';
import type pg from 'pg';
import { DatabaseStartError, reasonOf } from './errors';
import { migrationsFor } from './migrations';
import { postgresBytes, postgresDialect, type PostgresLog } from './postgres';
import type { Database as Schema } from './schema';
import { underStartLock } from './start-lock';
import { sqliteBytes, sqliteDialect } from './sqlite';
import { hostOf, type DatabaseTarget } from './target';

export type Db = Kysely<Schema>;

/** The driver under Kysely, for the few places that must know it: diagnostics and the simulator's hot path. */
export type DbDriver =
  | { readonly kind: 'sqlite'; readonly sqlite: Database.Database }
  | { readonly kind: 'postgres'; readonly pool: pg.Pool };

export interface OpenedDb {
  readonly db: Db;
  readonly driver: DbDriver;
}

interface OpenOptions {
  /** Where a connection lost while running is reported; the console by default. */
  readonly log?: PostgresLog;
  /** First-start work (seeding) run after migrating, under the same start lock as the migration. */
  readonly setUp?: (db: Db) => Promise<void>;
}

/**
 * Opens and migrates the database. Any failure (unreachable server, wrong password, unwritable file, failed migration)
 * becomes a DatabaseStartError whose message is one line naming the database and the reason.
 */
export async function openDatabase(target: DatabaseTarget, options: OpenOptions = {}): Promise<OpenedDb> {
  let db: Db | undefined;
  try {
    const opened = openDriver(target, options.log ?? { warn: (message) => console.warn(message) });
    const migrated = new Kysely<Schema>({ dialect: opened.dialect, plugins: [new CamelCasePlugin()] });
    db = migrated;
    await underStartLock(opened.driver, async () => {
      const migrator = new Migrator({ db: migrated, provider: { getMigrations: async () => ({ ...migrationsFor(target.kind) }) } });
      const { error } = await migrator.migrateToLatest();
      if (error) throw error;
      await options.setUp?.(migrated);
    });
    return { db, driver: opened.driver };
  } catch (error) {
    await db?.destroy().catch(() => undefined);
    const where = target.kind === 'sqlite' ? `the SQLite database ${target.path}` : `PostgreSQL at ${hostOf(target)}`;
    throw new DatabaseStartError(`Cannot open ${where}: ${reasonOf(error)}`, { cause: error });
  }
}

/**
 * A connection to a database the server has already opened and migrated, without migrating or seeding: for a worker
 * thread that only reads (the export worker, server/exports/). Closed by `db.destroy()`.
 */
export function connectDatabase(target: DatabaseTarget, log: PostgresLog): OpenedDb {
  const opened = openDriver(target, log);
  return { db: new Kysely<Schema>({ dialect: opened.dialect, plugins: [new CamelCasePlugin()] }), driver: opened.driver };
}

function openDriver(target: DatabaseTarget, log: PostgresLog) {
  if (target.kind === 'sqlite') {
    const { dialect, sqlite } = sqliteDialect(target.path);
    return { dialect, driver: { kind: 'sqlite', sqlite } satisfies DbDriver };
  }
  const { dialect, pool } = postgresDialect(target.url, log);
  return { dialect, driver: { kind: 'postgres', pool } satisfies DbDriver };
}

/** Bytes the database takes on disk. */
export async function databaseBytes(db: Db, driver: DbDriver): Promise<number> {
  return driver.kind === 'sqlite' ? sqliteBytes(driver.sqlite) : postgresBytes(db);
}
