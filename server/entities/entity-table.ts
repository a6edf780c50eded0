// The master-data tables as the entity plugin reads and writes them: a table named by its definition, rows as plain
// cells, the caller's rows, and the conversions between a stored row, the wire's EntityRow and a form's input.
import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import { CHINA_OFFSET_MS } from '../../domain/format/time';
import { ENTITY_STATUS, isStamped, type EntityDef, type EntityField, type EntityTable } from '../../domain/screens/entities/definition';
import { confirmKey, fileContentKey, isCreateOnly, type EntityInput } from '../../domain/screens/entities/validate';
import type { EntityRow, EntityValue } from '../../domain/screens/entities/wire';
import { inCompanies } from '../auth/company-scope';
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

/** Fields stored as a column of their own name: all but a password (kept hashed, never read). */
const isColumn = (field: EntityField) => field.type !== 'password';

/** What a row is read with: its key, every field, status, version and last change (a stamped table's). */
export function columnsOf(def: EntityDef): string[] {
  return [...new Set<string>([def.key, ...def.fields.filter(isColumn).map((field) => field.key), ...(isStamped(def) ? META_COLUMNS : [])])];
}

/** The field an organisation's parent is held in: the organisation scope and the 'noParentCycle' rule read it. */
export const PARENT_FIELD = 'parentCode';

/**
 * Rows of the caller's: by the row's company, or an organisation by its own code (no companies, no rows); roles but
 * a superMan's, which only a superMan reaches.
 */
export function inScope(
  eb: ExpressionBuilder<EntityDatabase, EntityTable>,
  def: EntityDef,
  companyCodes: readonly string[],
  superMan = false,
): Expression<SqlBool> {
  if (def.scope === 'role') return superMan ? eb.lit<SqlBool>(true) : eb(sql.ref<number>('superMan'), '=', 0);
  const owned = inCompanies(eb, def.scope === 'organisation' ? 'code' : 'companyCode', companyCodes);
  // A screen over some of its table's rows (the records of some send kinds) sees no other row, in a list or a write.
  const { filter } = def;
  return filter ? eb.and([owned, eb(sql.ref<string>(filter.column), 'in', [...filter.values])]) : owned;
}

/** One row of the caller's, or undefined: a row outside their companies does not exist for them. */
export function findRow(db: EntityDb, def: EntityDef, key: Cell, companyCodes: readonly string[], superMan = false): Promise<StoredRow | undefined> {
  return db
    .selectFrom(def.table)
    .select(columnsOf(def))
    .where(sql.ref(def.key), '=', key)
    .where((eb) => inScope(eb, def, companyCodes, superMan))
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

/** A day (yyyy-MM-dd) as the epoch milliseconds of its midnight in China, whatever the server's zone. */
function dateMillis(text: string): number {
  const [year = 0, month = 1, day = 1] = text.split('-').map(Number);
  return Date.UTC(year, month - 1, day) - CHINA_OFFSET_MS;
}

/** The China day (yyyy-MM-dd) a time falls on. */
function dateText(ms: number): string {
  return new Date(ms + CHINA_OFFSET_MS).toISOString().slice(0, 10);
}

/** Each reference field's labels by the ids of the rows it names (entity-references.ts reads them). */
export type ReferenceLabels = ReadonlyMap<string, ReadonlyMap<number, string>>;

/** A stored cell as the wire carries it: numbers as numbers, text as text, a day as yyyy-MM-dd, a reference by its label, empty as null. */
function wireValue(field: EntityField, cell: Cell | undefined, labels: ReferenceLabels | undefined): EntityValue {
  if (cell === null || cell === undefined || cell === '') return null;
  if (field.type === 'date') return dateText(Number(cell));
  if (field.type === 'dateTime') return Number(cell);
  // A row named by a reference that is gone reads as none.
  if (field.type === 'reference') return labels?.get(field.key)?.get(Number(cell)) ?? null;
  if (!isNumberField(field)) return String(cell);
  const n = Number(cell);
  return Number.isFinite(n) ? n : null;
}

/** A row of a table without status or version (a record): enabled, version 0, no last change. */
const UNSTAMPED = { version: 0, status: ENTITY_STATUS.enabled, modifiedBy: null, modifiedAt: null } as const;

export function toEntityRow(def: EntityDef, row: StoredRow, labels?: ReferenceLabels): EntityRow {
  const { modifiedBy, modifiedAt } = row;
  const values = Object.fromEntries(def.fields.filter(isColumn).map((field) => [field.key, wireValue(field, row[field.key], labels)]));
  if (!isStamped(def)) return { key: String(row[def.key]), ...UNSTAMPED, values };
  return {
    key: String(row[def.key]),
    version: Number(row['version']),
    status: Number(row['status']) === ENTITY_STATUS.enabled ? ENTITY_STATUS.enabled : ENTITY_STATUS.disabled,
    modifiedBy: typeof modifiedBy === 'string' ? modifiedBy : null,
    modifiedAt: modifiedAt === null || modifiedAt === undefined ? null : Number(modifiedAt),
    values,
  };
}

/** Coordinates keep six decimals (about 0.1 m), as the definition's latitude and longitude say. */
const roundCoordinate = (n: number) => Math.round(n * 1e6) / 1e6;

/** Fields whose empty value is stored as null: a company, a reference, a number or a day. */
const NULL_WHEN_EMPTY: ReadonlySet<EntityField['type']> = new Set(['company', 'reference', 'date', 'dateTime']);

/**
 * A checked value as its column stores it: trimmed text, '' when empty (text columns are NOT NULL), numbers as numbers,
 * a day as its China midnight, a reference still as its label (resolved in the write, entity-references.ts), a
 * password as typed (hashed in the write), and null for an empty company, reference, number or day.
 */
function storedValue(field: EntityField, raw: string | undefined): Cell {
  if (field.type === 'password') return raw ?? '';
  const value = (raw ?? '').trim();
  if (value === '' && NULL_WHEN_EMPTY.has(field.type)) return null;
  if (field.type === 'date') return dateMillis(value);
  if (field.type === 'idCard') return value.toUpperCase();
  if (isNumberField(field)) {
    if (value === '') return null;
    const n = Number(value);
    return field.type === 'latitude' || field.type === 'longitude' ? roundCoordinate(n) : n;
  }
  return value;
}

/** A field a form sets: not one the server sets, nor a file (its name and content are read by entity-files.ts). */
const isFormValue = (field: EntityField) => field.readOnly !== true && field.type !== 'file';

/**
 * The stored values an input sets: every field of a new row; of an edit, the fields sent (a fixed one or a password
 * never). Read-only fields and files are not among them.
 */
export function storedValues(def: EntityDef, input: EntityInput, mode: 'create' | 'update'): Record<string, Cell> {
  const values: Record<string, Cell> = {};
  for (const field of def.fields.filter(isFormValue)) {
    if (mode === 'update' && (isCreateOnly(field) || input[field.key] === undefined)) continue;
    values[field.key] = storedValue(field, input[field.key]);
  }
  return values;
}

/** The keys a form body may carry for a definition: its fields but those the server sets, each password's confirmation, each file's content. */
export function inputKeys(def: EntityDef): string[] {
  return def.fields.flatMap((field) => {
    if (field.readOnly === true) return [];
    if (field.type === 'password') return [field.key, confirmKey(field)];
    return field.type === 'file' ? [field.key, fileContentKey(field)] : [field.key];
  });
}

/** A form body's values of the definition's fields, as sent; fields not sent stay absent. */
export function inputOf(def: EntityDef, body: Readonly<Record<string, unknown>> | undefined): EntityInput {
  const input: Record<string, string> = {};
  for (const key of inputKeys(def)) {
    const value = body?.[key];
    if (typeof value === 'string') input[key] = value;
  }
  return input;
}
