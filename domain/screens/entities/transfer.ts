// Import and export of master data on the wire (docs/entity-import.md): which screens take a bulk
// import, the calls below a screen's entity path, the limits of an upload, and what an import answers.
import { EXPORT_WARN_ROWS } from '../../constants';
import { isFiniteNumber, isRecord } from '../../wire/guards';
import type { EntityDef, EntityField } from './definition';
import { entityCallPath } from './wire';

/** A field a sheet can hold: not a photo or a file (uploaded on their own), a password (typed twice, never written down) nor a field the server sets. */
export function isSheetField(field: EntityField): boolean {
  return field.type !== 'photo' && field.type !== 'password' && field.type !== 'file' && field.readOnly !== true;
}

/**
 * A definition takes a bulk import when it says so, its rows are each a company's, and a sheet can hold every required
 * field: an organisation's rows refer to each other (parents, the tree rule), which a row-by-row check cannot judge
 * before the file's other rows exist.
 */
export function isImportable(def: EntityDef): boolean {
  return (
    def.importable === true &&
    def.readOnly !== true &&
    def.scope === 'company' &&
    (def.rules ?? []).length === 0 &&
    def.fields.every((field) => isSheetField(field) || field.required !== true)
  );
}

/** Limits of one import: the file's size and its data rows. An export holds at most the spec's 10,000 rows. */
export const TRANSFER_LIMITS = { importBytes: 5 * 1024 * 1024, importRows: 10_000, exportRows: EXPORT_WARN_ROWS } as const;

/** The media type of an .xlsx upload and download. */
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

type TransferCall = 'export' | 'template' | 'import';

/** `/entity/setting/base_data/station/export`, `…/template`, `…/import`. */
export function transferCallPath(def: Pick<EntityDef, 'path'>, kind: TransferCall): string {
  return `${entityCallPath(def.path)}/${kind}`;
}

/** One problem of an uploaded file: its sheet row (the header is row 1), the column's label, the message. */
export interface ImportProblem {
  readonly row: number;
  /** The field's key; '' for a problem of the whole row. */
  readonly field: string;
  /** The column as the caller's template names it. */
  readonly label: string;
  readonly message: string;
}

/** An import that went through: every row inserted. */
export interface ImportDone {
  readonly imported: number;
}

/**
 * An import refused because of its rows (resultCode 400): nothing was inserted. `problems` is in row order and may be
 * cut short; `rows` counts every refused row and `more` the problems left out.
 */
export interface ImportRefusal {
  readonly rows: number;
  readonly more: number;
  readonly problems: readonly ImportProblem[];
}

/** At most this many problems travel back: enough to fix a file, not a megabyte of repeats. */
export const IMPORT_PROBLEMS_SHOWN = 500;

/** resultCodes of an import refused: its file or rows, its size, another import of the caller's under way. */
export const IMPORT_RESULT = { refused: 400, tooLarge: 413, running: 429 } as const;

function isImportProblem(value: unknown): value is ImportProblem {
  return (
    isRecord(value) &&
    isFiniteNumber(value['row']) &&
    typeof value['field'] === 'string' &&
    typeof value['label'] === 'string' &&
    typeof value['message'] === 'string'
  );
}

export function isImportDone(value: unknown): value is ImportDone {
  return isRecord(value) && isFiniteNumber(value['imported']);
}

export function isImportRefusal(value: unknown): value is ImportRefusal {
  return (
    isRecord(value) &&
    isFiniteNumber(value['rows']) &&
    isFiniteNumber(value['more']) &&
    Array.isArray(value['problems']) &&
    (value['problems'] as unknown[]).every(isImportProblem)
  );
}
