// The column sets several migrations' tables share: a place's, a master-data row's version and last change, and a
// new master-data table's id, company, status and version. A migration applies them as they were when it was written,
// so a change here must keep every earlier migration's schema as it is.
import type { CreateTableBuilder, Kysely } from 'kysely';
import type { ColumnTypes } from './column-types';

export type AnyDb = Kysely<unknown>;

/** The columns every place table has (depots, stations, parks, service depots), before its own. */
export function placeTable(db: AnyDb, t: ColumnTypes, table: string) {
  return db.schema
    .createTable(table)
    .addColumn('id', t.id, (c) => t.generatedKey(c))
    .addColumn('code', t.text(32), (c) => c.notNull().unique())
    .addColumn('name', t.text(100), (c) => c.notNull().unique())
    .addColumn('short_name', t.text(50), (c) => c.notNull())
    .addColumn('company_code', t.text(32), (c) => c.notNull().references('company.code'))
    .addColumn('address', t.text(200), (c) => c.notNull())
    .addColumn('lat', 'double precision', (c) => c.notNull())
    .addColumn('lng', 'double precision', (c) => c.notNull())
    .addColumn('status', t.flag, (c) => c.notNull());
}

/** A row's version (a stale edit is refused) and who changed it last and when, on a table being created. */
export function withVersion<T extends string, C extends string>(builder: CreateTableBuilder<T, C>, t: ColumnTypes) {
  return builder
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('modified_by', t.text(50))
    .addColumn('modified_at', t.millis);
}

/** The same columns added to an existing table: one statement each, as SQLite's ALTER TABLE adds one at a time. */
export function versionColumns(db: AnyDb, t: ColumnTypes, table: string) {
  return [
    db.schema.alterTable(table).addColumn('version', 'integer', (c) => c.notNull().defaultTo(1)),
    db.schema.alterTable(table).addColumn('modified_by', t.text(50)),
    db.schema.alterTable(table).addColumn('modified_at', t.millis),
  ];
}

/**
 * A new master-data table's id, company, status and version columns, before its own; `companyUnique` for a table of
 * one row per company (a threshold).
 */
export function entityTable(db: AnyDb, t: ColumnTypes, table: string, companyUnique = false) {
  const created = db.schema
    .createTable(table)
    .addColumn('id', t.id, (c) => t.generatedKey(c))
    .addColumn('company_code', t.text(32), (c) => {
      const column = c.notNull().references('company.code');
      return companyUnique ? column.unique() : column;
    })
    .addColumn('status', t.flag, (c) => c.notNull().defaultTo(1));
  return withVersion(created, t);
}
