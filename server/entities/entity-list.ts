// One page of an entity's list: the caller's rows, the search bar's fields (text by a part, a choice by its value), the
// order asked for with the key as tie-break, and the total; and the limits a list query is refused for.
import { sql, type Expression, type ExpressionBuilder, type RawBuilder, type SqlBool } from 'kysely';
import type { LocaleKey, LocaleValues } from '../../domain/i18n';
import { fieldOf, isStamped, type EntityDef, type EntityField, type EntityTable } from '../../domain/screens/entities/definition';
import type { EntityPage } from '../../domain/screens/entities/wire';
import { containsText } from '../db/contains-text';
import { ENTITY_PAGING, pageSchema, querySource, readPage, sizeProblem } from '../routes/paging';
import { field as schemaField } from '../routes/plugin';
import { referencedDef, referenceLabels } from './entity-references';
import { columnsOf, inScope, isNumberField, toEntityRow, type Cell, type EntityDb } from './entity-table';

export interface EntityListQuery {
  readonly page: number;
  readonly size: number;
  readonly sort?: string;
  readonly order?: 'asc' | 'desc';
  readonly [search: string]: string | number | undefined;
}

interface ListProblem {
  readonly key: LocaleKey;
  readonly params?: LocaleValues;
}

/** Rows may be ordered by any field, by their key, by status, and by their last change. */
const META_SORTS: readonly string[] = ['status', 'modifiedAt'];
/** The longest search text a list takes. */
const SEARCH_TEXT_MAX = 200;

const searchFields = (def: EntityDef): EntityField[] => def.fields.filter((field) => field.search === true);

/** The query string's schema: paging, order and the search fields, each as text. */
export function listQuerySchema(def: EntityDef): object {
  const properties: Record<string, object> = {
    ...pageSchema(ENTITY_PAGING),
    sort: schemaField.text(40),
    order: { type: 'string', enum: ['asc', 'desc'] },
  };
  for (const field of searchFields(def)) properties[field.key] = schemaField.text(SEARCH_TEXT_MAX);
  return { type: 'object', properties };
}

function searchValue(query: EntityListQuery, field: EntityField): string | undefined {
  const value = query[field.key];
  const text = value === undefined ? '' : String(value).trim();
  return text === '' ? undefined : text;
}

/** A choice must be one of its options and a number a number; any text may be searched for. */
function searchable(field: EntityField, value: string): boolean {
  if (field.type === 'select') return field.options?.some((option) => option.value === value) === true;
  return !isNumberField(field) || Number.isFinite(Number(value));
}

/** A field rows may be ordered by: any but a password, which is no column (it is kept hashed). */
const isSortField = (field: EntityField | undefined): boolean => field !== undefined && field.type !== 'password';

/** The first reason to refuse a list query, with its message, or undefined. */
export function listProblem(def: EntityDef, query: EntityListQuery): ListProblem | undefined {
  const tooLarge = sizeProblem(ENTITY_PAGING, query.size);
  if (tooLarge) return tooLarge;
  // The key orders rows by their age where a screen lists the newest first (tank tables).
  if (query.sort !== undefined && query.sort !== def.key && !(isStamped(def) && META_SORTS.includes(query.sort)) && !isSortField(fieldOf(def, query.sort))) {
    return { key: 'report.error.unknownSort', params: { key: query.sort } };
  }
  for (const field of searchFields(def)) {
    const value = searchValue(query, field);
    if (value === undefined) continue;
    if (!searchable(field, value)) return { key: 'report.error.badOption', params: { value } };
  }
  return undefined;
}

/** Text contains the typed part, ASCII letters in either case; a choice, a company or a number is the value itself. */
function matches(eb: ExpressionBuilder<Record<EntityTable, Record<string, Cell>>, EntityTable>, field: EntityField, value: string): Expression<SqlBool> {
  const column = sql.ref<Cell>(field.key);
  if (isNumberField(field)) return eb(column, '=', Number(value));
  if (field.type === 'select' || field.type === 'company') return eb(column, '=', value);
  return containsText(column, value);
}

/**
 * What a sort key orders by: a reference by the label of the row it names (the plate or role name the list shows, not
 * its id), read by a subquery both databases run; any other key by its column.
 */
function sortValue(def: EntityDef, key: string): RawBuilder<Cell> {
  const field = fieldOf(def, key);
  if (field?.type !== 'reference') return sql<Cell>`${sql.ref(key)}`;
  const target = referencedDef(field);
  const label = sql.ref(`${target.table}.${field.ref?.label ?? target.key}`);
  return sql<Cell>`(select ${label} from ${sql.table(target.table)} where ${sql.ref(`${target.table}.${target.key}`)} = ${sql.ref(`${def.table}.${key}`)})`;
}

/** Fields whose empty value is stored as null rather than '' (entity-table.ts storedValue). */
const isNullWhenEmpty = (field: EntityField) =>
  isNumberField(field) || field.type === 'company' || field.type === 'date' || field.type === 'dateTime' || field.type === 'reference';

/**
 * For a sort key that may be empty, what puts its empty values last in both directions: the two databases put NULL
 * at opposite ends, and an empty optional text ('' in its NOT NULL column) shows as empty on the wire too. A null
 * column is tested with `is null` (comparing a number column with '' fails on PostgreSQL).
 */
function emptiesLast(def: EntityDef, key: string): RawBuilder<number> | undefined {
  if (key === 'modifiedAt') return sql<number>`case when ${sql.ref(key)} is null then 1 else 0 end`;
  const field = fieldOf(def, key);
  if (field === undefined || field.required === true) return undefined;
  const value = sortValue(def, key);
  const empty = isNullWhenEmpty(field) ? sql`${value} is null` : sql`${value} = ''`;
  return sql<number>`case when ${empty} then 1 else 0 end`;
}

/** One page of the caller's rows matching the search, in order, and how many match in all. */
export async function listPage(db: EntityDb, def: EntityDef, companyCodes: readonly string[], query: EntityListQuery, superMan = false): Promise<EntityPage> {
  let rows = db.selectFrom(def.table).where((eb) => inScope(eb, def, companyCodes, superMan));
  for (const field of searchFields(def)) {
    const value = searchValue(query, field);
    if (value !== undefined) rows = rows.where((eb) => matches(eb, field, value));
  }
  const sortKey = query.sort ?? def.sort.key;
  const order = query.order ?? (query.sort === undefined ? def.sort.order : 'asc');
  let ordered = rows.select(columnsOf(def));
  const empties = emptiesLast(def, sortKey);
  if (empties) ordered = ordered.orderBy(empties);
  ordered = ordered.orderBy(sortValue(def, sortKey), order);
  // The key makes the order total, so consecutive pages neither repeat nor skip a row.
  if (sortKey !== def.key) ordered = ordered.orderBy(sql.ref(def.key), order);
  const page = await readPage(ENTITY_PAGING, query, querySource(rows, ordered));
  const labels = await referenceLabels(db, def, page.rows);
  return { rows: page.rows.map((row) => toEntityRow(def, row, labels)), total: page.total };
}
