// Migration '0011-company-unique': the names and codes a company gives its own
// rows are unique within the company, no longer across all. Each such column loses its unique constraint (SQLite: the
// table is rebuilt, sqlite-rebuild.ts) and gets a unique index on (company_code, column). The global ones stay as they
// are: plates, console SNs, SIM numbers, driver codes, user and role names, organisations, one row per truck.
import { sql, type Migration } from 'kysely';
import type { AnyDb } from './migration-tables';
import { dropColumnUnique, withForeignKeysOff } from './sqlite-rebuild';
import type { DbKind } from './target';

/** The columns that were unique over the whole table, unique within their company from now on (domain/screens/entities). */
const COMPANY_UNIQUE: readonly (readonly [table: string, columns: readonly string[]])[] = [
  ['depot', ['code', 'name']],
  ['station', ['code', 'name']],
  ['park', ['code', 'name']],
  ['service_depot', ['code', 'name']],
  ['device', ['code', 'name']],
  ['repair_card', ['code']],
  ['no_abnormal_area', ['name']],
  ['remote_template', ['name']],
  ['tank_table', ['serial_no']],
];

/** The name of a column's unique constraint on PostgreSQL (`<table>_<column>_key` when Kysely made it), read from the catalogue. */
async function uniqueConstraintOf(db: AnyDb, table: string, column: string): Promise<string> {
  const { rows } = await sql<{ name: string }>`
    select c.conname as name
      from pg_constraint c
      join pg_class t on t.oid = c.conrelid
      join pg_attribute a on a.attrelid = t.oid and a.attnum = c.conkey[1]
     where c.contype = 'u' and cardinality(c.conkey) = 1 and t.relname = ${table} and a.attname = ${column}
       and pg_table_is_visible(t.oid)`.execute(db);
  const [found] = rows;
  if (!found) throw new Error(`${table}.${column} has no unique constraint`);
  return found.name;
}

async function companyIndexes(db: AnyDb): Promise<void> {
  for (const [table, columns] of COMPANY_UNIQUE) {
    for (const column of columns) {
      await db.schema.createIndex(`${table}_company_${column}`).on(table).columns(['company_code', column]).unique().execute();
    }
  }
  // A driver's name had its own unique index (0008), which also ordered the list by name: it stays, without the rule.
  await db.schema.dropIndex('driver_name').execute();
  await db.schema.createIndex('driver_name').on('driver').columns(['name']).execute();
  await db.schema.createIndex('driver_company_name').on('driver').columns(['company_code', 'name']).unique().execute();
}

export const companyUnique = (kind: DbKind): Migration => ({
  async up(db: AnyDb) {
    if (kind === 'sqlite') {
      // Kysely runs a SQLite migration outside a transaction: the rebuilds take one of their own, all or nothing.
      await withForeignKeysOff(db, COMPANY_UNIQUE.map(([table]) => table), async (trx) => {
        for (const [table, columns] of COMPANY_UNIQUE) await dropColumnUnique(trx, table, columns);
        await companyIndexes(trx);
      });
      return;
    }
    for (const [table, columns] of COMPANY_UNIQUE) {
      for (const column of columns) {
        await sql`alter table ${sql.table(table)} drop constraint ${sql.id(await uniqueConstraintOf(db, table, column))}`.execute(db);
      }
    }
    await companyIndexes(db);
  },
});
