// What a master-data screen is, as data (params spec §3.2, §5): its table, its fields with their types, limits,
// options, uniqueness and relations, its list columns and search fields. The console's EntityScreen renders a
// definition and the server's entity plugin enforces it; neither knows an entity by name.
import type { LocaleKey } from '../../i18n';
import { routeByPath, type RoutePathOfKind } from '../../routes';
import type { ThresholdEntityTable } from './threshold-tables';

export type EntityPath = RoutePathOfKind<'settings'>;

export function isEntityPath(path: string): path is EntityPath {
  return routeByPath(path)?.kind === 'settings';
}

/** The tables master data is stored in (server/db/schema.ts). */
export type EntityTable =
  | 'company' | 'depot' | 'station' | 'park' | 'serviceDepot'
  | 'truck' | 'driver' | 'device' | 'repairCard' | 'phoneNumber' | 'messageRecharge' | 'messageRecord'
  | 'role' | 'appUser'
  | ThresholdEntityTable;

export type FieldType =
  /** Free text; `maxLength` code points. */
  | 'text'
  /** A whole number within `min`…`max`. */
  | 'integer'
  /** A decimal number within `min`…`max`. */
  | 'decimal'
  /** One of `options`. */
  | 'select'
  /** One of the caller's companies (its code). */
  | 'company'
  /** A terminal or contact phone: exactly 11 digits (spec §5). */
  | 'phone'
  | 'email'
  /** A WGS-84 latitude or longitude, six decimals. */
  | 'latitude'
  | 'longitude';

export interface FieldOption {
  readonly value: string;
  readonly labelKey: LocaleKey;
}

export interface EntityField {
  /** The wire field and the column (camelCase). */
  readonly key: string;
  readonly labelKey: LocaleKey;
  readonly type: FieldType;
  readonly required?: boolean;
  /** Text: at most this many characters (the column's size). */
  readonly maxLength?: number;
  /** Numbers: the bounds, both included. */
  readonly min?: number;
  readonly max?: number;
  readonly options?: readonly FieldOption[];
  /** No two rows hold the same value: a second one is refused with '<label> has existed'. */
  readonly unique?: boolean;
  /** Set when the row is created and never changed after (a code other rows refer to). */
  readonly fixed?: boolean;
  /** Shown as a column of the list. */
  readonly list?: boolean;
  /** A field of the list's search bar: text matches a part, a select or company the whole value. */
  readonly search?: boolean;
}

/** Rules over several fields or rows, by name; each has its message (validation.*). */
export type EntityRule =
  /** An organisation is never its own parent or ancestor. */
  | 'noParentCycle';

export interface EntityDef {
  readonly path: EntityPath;
  readonly table: EntityTable;
  /** The field rows are known by: a generated id, or a code the row is created with (companies). */
  readonly key: 'id' | 'code';
  readonly fields: readonly EntityField[];
  readonly sort: { readonly key: string; readonly order: 'asc' | 'desc' };
  /**
   * Whose rows a caller sees and writes: rows of the caller's companies (`companyCode`), or the organisations
   * themselves (the caller's companies, and new ones under them).
   */
  readonly scope: 'company' | 'organisation';
  readonly rules?: readonly EntityRule[];
}

/** Every entity row has these besides its fields: its status and its version (a stale edit is refused). */
export const ENTITY_STATUS = { disabled: 0, enabled: 1 } as const;
export type EntityStatus = (typeof ENTITY_STATUS)[keyof typeof ENTITY_STATUS];

export function fieldOf(def: EntityDef, key: string): EntityField | undefined {
  return def.fields.find((field) => field.key === key);
}
