// The embedded database: a SQLite file behind Kysely, with the pragmas the server relies on.
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { SqliteDialect } from 'kysely';

export function sqliteDialect(file: string): { readonly dialect: SqliteDialect; readonly sqlite: Database.Database } {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new Database(file);
  // WAL lets the simulator write while requests read; foreign keys are off by default in SQLite.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  return { dialect: new SqliteDialect({ database: sqlite }), sqlite };
}

/** Bytes the database file holds (pages in use and free), WAL excluded. */
export function sqliteBytes(sqlite: Database.Database): number {
  const pageCount = Number(sqlite.pragma('page_count', { simple: true }));
  const pageSize = Number(sqlite.pragma('page_size', { simple: true }));
  return pageCount * pageSize;
}
