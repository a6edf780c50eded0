// What a master-data screen is, as data (params spec §3.2, §5): its table, its fields with their types, limits,
// options, uniqueness and relations, its list columns and search fields. The console's EntityScreen renders a
// definition and the server's entity plugin enforces it; neither knows an entity by name.
import type { LocaleKey } from '../../i18n';
import type { SendKind } from '../../params/send-status';
import type { RoutePathOfKind } from '../../routes';
import type { DeviceParamEntityTable } from './device-param-tables';
import type { ThresholdEntityTable } from './threshold-tables';

export type EntityPath = RoutePathOfKind<'settings'>;

/** The tables master data is stored in (server/db/schema.ts). */
export type EntityTable =
  | 'company' | 'depot' | 'station' | 'park' | 'serviceDepot'
  | 'truck' | 'driver' | 'device' | 'repairCard' | 'phoneNumber' | 'messageRecharge' | 'messageRecord'
  | 'role' | 'appUser'
  | ThresholdEntityTable
  | DeviceParamEntityTable;

type FieldType =
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
  | 'longitude'
  /** A calendar day, yyyy-MM-dd on the wire; stored as the epoch milliseconds of its midnight in China. */
  | 'date'
  /** A Chinese resident identity number (18 characters with its check digit). */
  | 'idCard'
  /**
   * A row of another screen (`ref`), chosen and sent by its label (a plate, a role name: unique values people type and
   * read, in a form and in an imported sheet alike); stored as that row's id.
   */
  | 'reference'
  /** An uploaded image (the driver's photo): the stored photo's name, sent by the upload call first. */
  | 'photo'
  /** Set when the row is created, with its confirmation; stored hashed, never read back (a user's password). */
  | 'password'
  /**
   * One uploaded file (an upgrade file, a tank table), sent with the save: the field holds its name, the form's
   * `<key>Content` its bytes in base64 (validate.ts fileContentKey); `file` says where the content goes and its rule.
   */
  | 'file'
  /** A moment, epoch milliseconds on the wire and in its column, shown in China time; set by the server (read-only fields). */
  | 'dateTime';

/** The file readers a file field may name: each checks a file's text and derives fields of the row from it (file-readers.ts). */
export type FileReaderName = 'tankTable';

/** Where an uploaded file is kept and what it must be (params spec §5, 'Upload files: only one file'). */
interface FileSpec {
  /** The upload rule: a tank table (txt, at most 1 MB, validation/upload.ts), or an upgrade file (any type, UPGRADE_FILE_MAX_BYTES). */
  readonly rule: 'tankTable' | 'upgradeFile';
  /** The content column: the bytes as they came (a blob), or their UTF-8 text. */
  readonly storage: 'bytes' | 'text';
  readonly contentColumn: string;
  /** A read-only field the byte length is written to. */
  readonly sizeField?: string;
  /** Reads the file's text on both sides: refuses a bad one (with its line) and fills read-only fields from it. */
  readonly reader?: FileReaderName;
}

/** Text checked against a named format beyond its length. */
export type TextFormat =
  /** One or two `ip[:port]` addresses, comma separated (a camera's main and backup server). */
  'ipPorts';

/**
 * Whom a unique field's value is unique among (params spec §5, 'has existed'). `company`: the rows of the row's own
 * company, so tenants never meet each other's names (a company-scoped screen only). `global`: every row whoever holds
 * it, where the spec or the data needs one value to name one row across tenants (a plate, a user name, a code other
 * records hold); each such field says why beside it.
 */
type UniqueScope = 'company' | 'global';

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
  /**
   * No two rows of the scope hold the same value: a second one is refused with '<label> has existed' (or, for a global
   * value held by a row the caller cannot see, only that it is taken: server/entities/entity-rules.ts).
   */
  readonly unique?: UniqueScope;
  /** Set when the row is created and never changed after (a code other rows refer to). */
  readonly fixed?: boolean;
  /** Shown as a column of the list. */
  readonly list?: boolean;
  /** A field of the list's search bar: text matches a part, a select or company the whole value. */
  readonly search?: boolean;
  /** A reference's screen and the field of that screen's rows it names them by (a globally unique one). */
  readonly ref?: { readonly path: EntityPath; readonly label: string };
  /** A file field's storage and rule. */
  readonly file?: FileSpec;
  /** A text field's format. */
  readonly format?: TextFormat;
  /**
   * Shown, never sent nor taken from a form: the server sets it (a tank table's send state, the facts read from its
   * file, a record's columns).
   */
  readonly readOnly?: boolean;
  /** The spec's own message where it has one for this field (the depot manager, the driver code), by rule. */
  readonly messages?: { readonly required?: LocaleKey; readonly maxLength?: LocaleKey; readonly format?: LocaleKey };
}

/** Rules over several fields or rows, by name; each has its message (validation.*). */
type EntityRule =
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
   * Whose rows a caller sees and writes: rows of the caller's companies (`companyCode`); the organisations themselves
   * (the caller's companies, and new ones under them); or roles, every one but a superMan's, which only a superMan
   * sees.
   */
  readonly scope: 'company' | 'organisation' | 'role';
  readonly rules?: readonly EntityRule[];
  /** Rows are added and enabled or disabled but never edited: a record of something done (a text message sent). */
  readonly append?: boolean;
  /** The list takes a bulk import from its .xlsx template (docs/entity-import.md). */
  readonly importable?: boolean;
  /** What a row is called in prompts and in other screens' references: its name field, else its key. */
  readonly label?: string;
  /** Values of the table's columns no field sets, written with every new row (a user's avatar, a role's superMan flag). */
  readonly insertDefaults?: Readonly<Record<string, string | number>>;
  /**
   * A list the screen only shows (records and tables the devices confirmed): no add, edit or status change, and no
   * edit or status calls on the server.
   */
  readonly readOnly?: boolean;
  /**
   * The table has no status, version or last-change columns (a record the send engine writes): rows travel as enabled
   * at version 0 and the list shows no status or change columns. Only with `readOnly`.
   */
  readonly unstamped?: boolean;
  /** Only the table's rows whose column holds one of these values are this screen's (a record list of some kinds). */
  readonly filter?: { readonly column: string; readonly values: readonly string[] };
  /** While a field holds one of these values, the row is neither edited nor sent again (a tank table being sent). */
  readonly editBlocked?: { readonly key: string; readonly values: readonly string[]; readonly messageKey: LocaleKey };
  /** Rows are sent to trucks' devices (POST /deviceSend): what they are, and to the row's truck or to chosen ones. */
  readonly send?: SendSpec;
}

export interface SendSpec {
  readonly kind: SendKind;
  /** The row's own truck (its `truckId` reference), or trucks chosen by plate or a whole company in the dialog. */
  readonly to: 'rowTruck' | 'chooseTrucks';
  /** Rows whose field holds one of these values restart or clear a device: the user confirms before sending. */
  readonly dangerous?: { readonly key: string; readonly values: readonly string[] };
}

/** The reference field a 'rowTruck' send goes to. */
export const ROW_TRUCK_FIELD = 'truckId';

/** Every entity row has these besides its fields: its status and its version (a stale edit is refused). */
export const ENTITY_STATUS = { disabled: 0, enabled: 1 } as const;
export type EntityStatus = (typeof ENTITY_STATUS)[keyof typeof ENTITY_STATUS];

/** The field a file field is held in, if the definition has one (one at most: 'only one file'). */
export function fileFieldOf(def: EntityDef): EntityField | undefined {
  return def.fields.find((field) => field.type === 'file');
}

/** Whether the row's state refuses an edit and a repeat send (editBlocked). */
export function isEditBlocked(def: EntityDef, values: Readonly<Record<string, unknown>>): boolean {
  const rule = def.editBlocked;
  return rule !== undefined && rule.values.includes(String(values[rule.key] ?? ''));
}

/** Whether a row is listed with its status and its last change (and may be enabled or disabled). */
export function isStamped(def: EntityDef): boolean {
  return def.unstamped !== true;
}

export function fieldOf(def: EntityDef, key: string): EntityField | undefined {
  return def.fields.find((field) => field.key === key);
}

/**
 * A company's row names only rows of the same company (a driver's default truck, a device's truck, a SIM card's
 * truck): a truck of another company the caller also sees is refused. Rows without a company (roles) are anyone's.
 */
export function keptInCompany(def: EntityDef, target: EntityDef): boolean {
  return def.scope === 'company' && target.scope === 'company';
}
