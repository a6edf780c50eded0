// The column types that differ between SQLite and PostgreSQL, decided once here so migrations and queries never branch.
import { sql, type ColumnDataType, type ColumnDefinitionBuilder, type Expression } from 'kysely';
import type { DbKind } from './target';

/** A type as Kysely's addColumn takes it: a name, or raw SQL for what its names cannot say. */
export type ColumnTypeExpression = ColumnDataType | Expression<unknown>;

export interface ColumnTypes {
  /** Row ids and the columns that reference them. */
  readonly id: ColumnTypeExpression;
  /** Makes an id column the primary key the database numbers itself (alarm seq included). */
  readonly generatedKey: (column: ColumnDefinitionBuilder) => ColumnDefinitionBuilder;
  /** Epoch milliseconds: past int4, so int8 (the PostgreSQL driver is told to read int8 as a number). */
  readonly millis: ColumnTypeExpression;
  /** 0/1 flags and small codes: smallint on both, so `= 1` compares the same way everywhere. */
  readonly flag: ColumnTypeExpression;
  /** JSON documents, stored and read back as text so no query depends on a JSON type. */
  readonly json: ColumnTypeExpression;
  /** Text of at most `length` characters, compared and ordered by code point as SQLite does. */
  readonly text: (length: number) => ColumnTypeExpression;
  /** Bytes (an uploaded image), read back as a Buffer by both drivers. */
  readonly bytes: ColumnTypeExpression;
}

const SQLITE: ColumnTypes = {
  id: 'integer',
  generatedKey: (column) => column.primaryKey().autoIncrement(),
  millis: 'bigint',
  flag: 'smallint',
  json: 'text',
  text: (length) => `varchar(${length})`,
  bytes: 'blob',
};

const POSTGRES: ColumnTypes = {
  id: 'integer',
  generatedKey: (column) => column.primaryKey().generatedByDefaultAsIdentity(),
  millis: 'bigint',
  flag: 'smallint',
  json: 'text',
  // The "C" collation orders plates and names by code point whatever locale the cluster was created with.
  text: (length) => sql`varchar(${sql.lit(length)}) collate "C"`,
  bytes: 'bytea',
};

export function columnTypes(kind: DbKind): ColumnTypes {
  return kind === 'sqlite' ? SQLITE : POSTGRES;
}
