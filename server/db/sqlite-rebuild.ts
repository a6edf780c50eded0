// Drops the column-level UNIQUE of some columns of a SQLite table, which SQLite cannot do in place: the table is built
// again from its own stored definition less those words, its rows, indexes and AUTOINCREMENT counter carried over (the
// procedure of https://www.sqlite.org/lang_altertable.html#otheralter). Run with foreign keys off, inside a transaction.
import { sql } from 'kysely';
import type { AnyDb } from './migration-tables';

/** The parts of a column list at its top level: commas inside parentheses (`references "t" ("c")`) or quotes do not split. */
function topLevelParts(body: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quote: string | undefined;
  let start = 0;
  for (let i = 0; i < body.length; i += 1) {
    const c = body[i];
    if (quote !== undefined) {
      if (c === quote) quote = undefined;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '(') depth += 1;
    else if (c === ')') depth -= 1;
    else if (c === ',' && depth === 0) {
      parts.push(body.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(body.slice(start));
  return parts;
}

const columnNameOf = (part: string) => /^\s*"?([A-Za-z0-9_]+)"?/.exec(part)?.[1];

/**
 * A table's CREATE statement as SQLite keeps it, renamed, with UNIQUE taken off the named columns' definitions. Throws
 * when a column is missing or holds no such word: the schema is not the one the migration was written for.
 */
function createWithoutUnique(createSql: string, table: string, columns: readonly string[], newName: string): string {
  const head = new RegExp(`^CREATE TABLE\\s+"?${table}"?\\s*\\(`, 'i').exec(createSql);
  const end = createSql.lastIndexOf(')');
  if (!head || end < head[0].length) throw new Error(`cannot read the definition of ${table}`);
  const left = new Set(columns);
  const parts = topLevelParts(createSql.slice(head[0].length, end)).map((part) => {
    const column = columnNameOf(part);
    if (column === undefined || !left.has(column)) return part;
    const plain = part.replace(/\s+unique\b/i, '');
    if (plain === part) throw new Error(`${table}.${column} is not unique`);
    left.delete(column);
    return plain;
  });
  if (left.size > 0) throw new Error(`${table} has no column ${[...left].join(', ')}`);
  return `CREATE TABLE "${newName}" (${parts.join(',')})${createSql.slice(end + 1)}`;
}

/** Rebuilds `table` without the column-level UNIQUE of `columns`. Foreign keys must be off (a drop would cascade). */
export async function dropColumnUnique(db: AnyDb, table: string, columns: readonly string[]): Promise<void> {
  const { rows: [stored] } = await sql<{ sql: string }>`select sql from sqlite_master where type = 'table' and name = ${table}`.execute(db);
  if (!stored) throw new Error(`no table ${table}`);
  // Indexes written by a statement; a UNIQUE's own index (sqlite_autoindex_…, no statement) goes with the table.
  const { rows: indexes } = await sql<{ sql: string }>`select sql from sqlite_master where type = 'index' and tbl_name = ${table} and sql is not null`.execute(db);
  const { rows: names } = await sql<{ name: string }>`select name from pragma_table_info(${table})`.execute(db);
  // The highest id ever given: AUTOINCREMENT never gives it again, even after the row is gone.
  const { rows: [counter] } = await sql<{ seq: number }>`select seq from sqlite_sequence where name = ${table}`.execute(db);
  const rebuilt = `${table}__rebuilt`;
  const list = sql.join(names.map((column) => sql.id(column.name)));
  await sql.raw(createWithoutUnique(stored.sql, table, columns, rebuilt)).execute(db);
  await sql`insert into ${sql.table(rebuilt)} (${list}) select ${list} from ${sql.table(table)}`.execute(db);
  await sql`drop table ${sql.table(table)}`.execute(db);
  await sql`alter table ${sql.table(rebuilt)} rename to ${sql.table(table)}`.execute(db);
  for (const index of indexes) await sql.raw(index.sql).execute(db);
  if (counter) {
    await sql`delete from sqlite_sequence where name = ${table}`.execute(db);
    await sql`insert into sqlite_sequence (name, seq) values (${table}, ${counter.seq})`.execute(db);
  }
}

/**
 * Runs `work` (rebuilding `tables`) in a transaction with foreign keys off, as a rebuild needs, and before it commits
 * checks every reference from those tables and to them.
 */
export async function withForeignKeysOff(db: AnyDb, tables: readonly string[], work: (trx: AnyDb) => Promise<void>): Promise<void> {
  // The pragma is a no-op inside a transaction: set before it begins, restored after it ends either way.
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await db.transaction().execute(async (trx) => {
      await work(trx);
      const { rows: referring } = await sql<{ name: string }>`
        select distinct m.name from sqlite_master m, pragma_foreign_key_list(m.name) f
         where m.type = 'table' and f."table" in (${sql.join(tables)})`.execute(trx);
      for (const table of new Set([...tables, ...referring.map((row) => row.name)])) {
        const { rows } = await sql<{ parent: string }>`select parent from pragma_foreign_key_check(${table})`.execute(trx);
        if (rows.length > 0) throw new Error(`rows of ${table} name rows of ${rows[0]?.parent ?? '?'} that are gone`);
      }
    });
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}
