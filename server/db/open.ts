// Opens (and creates) the SQLite file database behind Kysely, migrated to the latest schema.
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { CamelCasePlugin, Kysely, Migrator, SqliteDialect } from 'kysely';
import { MIGRATIONS } from './migrations';
import type { Database as Schema } from './schema';

export type Db = Kysely<Schema>;

export interface OpenedDb {
  readonly db: Db;
  /** The raw driver, for file size and pragmas in diagnostics. */
  readonly sqlite: Database.Database;
}

export async function openDatabase(file: string): Promise<OpenedDb> {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new Database(file);
  // WAL lets the simulator write while requests read; foreign keys are off by default in SQLite.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  const db = new Kysely<Schema>({ dialect: new SqliteDialect({ database: sqlite }), plugins: [new CamelCasePlugin()] });
  const migrator = new Migrator({ db, provider: { getMigrations: async () => ({ ...MIGRATIONS }) } });
  const { error } = await migrator.migrateToLatest();
  if (error) {
    await db.destroy();
    throw error instanceof Error ? error : new Error(String(error));
  }
  return { db, sqlite };
}
