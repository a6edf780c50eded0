// The master-data tables as the entity plugin reads and writes them: a table named by its definition, rows as plain
// cells, the caller's rows, and the conversions between a stored row, the wire's EntityRow and a form's input.
import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import { ENTITY_STATUS, type EntityDef, type EntityField, type EntityTable } from '../../src/domain/screens/entities/definition';
import type { EntityInput } from '../../src/domain/screens/entities/validate';
import type { EntityRow, EntityValue } from '../../src/domain/screens/entities/wire';
import type { Db } from '../db/open';

export type Cell = string | number | null;
export type StoredRow = Readonly<Record<string, Cell>>;

/** Every entity table by name, its columns named by a definition at run time rather than by a type. */
type EntityDatabase = Record<EntityTable, Record<string, Cell>>;
export type EntityDb = Kysely<EntityDatabase>;

/** The same connection or transaction, seen through the definitions. */
export function entityDb(db: Db): EntityDb {
  // The tables are those of server/db/schema.ts; only the typing differs: columns come from a definition.
  return db as unknown as EntityDb;
}

/** The columns every entity row has besides its fields (migration 0004). */
const META_COLUMNS = ['status', 'version', 'modifiedBy', 'modifiedAt'] as const;

/** What a row is read with: its key, every field, status, version and last change. */
export function columnsOf(def: EntityDef): string[] {
  return [...new Set<string>([def.key, ...def.fields.map((field) => field.key), ...META_COLUMNS])];
}

/** The field an organisation's parent is held in: the organisation scope and the 'noParentCycle' rule read it. */
export const PARENT_FIELD = 'parentCode';

/** Rows of the caller's companies: by the row's company, or an organisation by its own code. No companies, no rows. */
export function inScope(eb: ExpressionBuilder<EntityDatabase, EntityTable>, def: EntityDef, companyCodes: readonly string[]): Expression<SqlBool> {
  const column = def.scope === 'organisation' ? 'code' : 'companyCode';
  // An empty IN list is not portable SQL (PostgreSQL refuses it).
  return companyCodes.length > 0 ? eb(sql.ref<string>(column), 'in', [...companyCodes]) : eb.lit<SqlBool>(false);
}

/** One row of the caller's, or undefined: a row outside their companies does not exist for them. */
export function findRow(db: EntityDb, def: EntityDef, key: Cell, companyCodes: readonly string[]): Promise<StoredRow | undefined> {
  return db
    .selectFrom(def.table)
    .select(columnsOf(def))
    .where(sql.ref(def.key), '=', key)
    .where((eb) => inScope(eb, def, companyCodes))
    .executeTakeFirst();
}

const MAX_ID = 2 ** 31 - 1;

/** A row key from the URL as its column holds it; undefined when it cannot name a row (an id is a positive int4). */
export function keyCell(def: EntityDef, key: string): Cell | undefined {
  if (def.key === 'code') return key;
  if (!/^[1-9]\d{0,9}$/.test(key)) return undefined;
  const id = Number(key);
  return id <= MAX_ID ? id : undefined;
}

const NUMBER_TYPES: ReadonlySet<EntityField['type']> = new Set(['integer', 'decimal', 'latitude', 'longitude']);

export function isNumberField(field: EntityField): boolean {
  return NUMBER_TYPES.has(field.type);
}

/** A stored cell as the wire carries it: numbers as numbers, text as text, empty as null. */
function wireValue(field: EntityField, cell: Cell | undefined): EntityValue {
  if (cell === null || cell === undefined || cell === '') return null;
  if (!isNumberField(field)) return String(cell);
  const n = Number(cell);
  return Number.isFinite(n) ? n : null;
}

export function toEntityRow(def: EntityDef, row: StoredRow): EntityRow {
  const { modifiedBy, modifiedAt } = row;
  return {
    key: String(row[def.key]),
    version: Number(row['version']),
    status: Number(row['status']) === ENTITY_STATUS.enabled ? ENTITY_STATUS.enabled : ENTITY_STATUS.disabled,
    modifiedBy: typeof modifiedBy === 'string' ? modifiedBy : null,
    modifiedAt: modifiedAt === null || modifiedAt === undefined ? null : Number(modifiedAt),
    values: Object.fromEntries(def.fields.map((field) => [field.key, wireValue(field, row[field.key])])),
  };
}

/** Coordinates keep six decimals (about 0.1 m), as the definition's latitude and longitude say. */
const roundCoordinate = (n: number) => Math.round(n * 1e6) / 1e6;

/**
 * A checked value as its column stores it: trimmed text, '' when empty (text columns are NOT NULL), numbers as numbers,
 * and null for an empty company reference or number.
 */
function storedValue(field: EntityField, raw: string | undefined): Cell {
  const value = (raw ?? '').trim();
  if (isNumberField(field)) {
    if (value === '') return null;
    const n = Number(value);
    return field.type === 'latitude' || field.type === 'longitude' ? roundCoordinate(n) : n;
  }
  if (field.type === 'company') return value === '' ? null : value;
  return value;
}

/** The stored values an input sets: every field of a new row; of an edit, the fields sent (a fixed one never). */
export function storedValues(def: EntityDef, input: EntityInput, mode: 'create' | 'update'): Record<string, Cell> {
  const values: Record<string, Cell> = {};
  for (const field of def.fields) {
    if (mode === 'update' && (field.fixed === true || input[field.key] === undefined)) continue;
    values[field.key] = storedValue(field, input[field.key]);
  }
  return values;
}

/** A form body's values of the definition's fields, as sent; fields not sent stay absent. */
export function inputOf(def: EntityDef, body: Readonly<Record<string, unknown>> | undefined): EntityInput {
  const input: Record<string, string> = {};
  for (const field of def.fields) {
    const value = body?.[field.key];
    if (typeof value === 'string') input[field.key] = value;
  }
  return input;
}
