// Reading an uploaded template without ever holding it unpacked: the archive's directory checked first
// (each part read no larger than its bound, as declared), then each part streamed as it inflates (stopped once it
// outgrows its declaration), the sheet row by row until the row limit. The first visible sheet's header row names the
// columns (in either language), each later row with any text is a row to import, its cells as the text a form would
// send. A file that is no workbook, too large unpacked, has no data rows or too many is refused as a whole; a header
// the definition does not know, or a required column missing, is a problem of row 1.
import type { LocaleKey, LocaleValues } from '../../domain/i18n';
import type { EntityDef, EntityField } from '../../domain/screens/entities/definition';
import type { EntityInput } from '../../domain/screens/entities/validate';
import { TRANSFER_LIMITS } from '../../domain/screens/entities/transfer';
import { readDateStyles, readLayout, readRelationships, readSharedStrings, TextBudget } from './entity-import-book';
import { fieldOfHeader, headerFields, sheetFields, type CellReader } from './entity-import-columns';
import { IMPORT_UNPACKED } from './entity-import-limits';
import { FileRefused, unreadable } from './entity-import-refused';
import { readRows, type RowSink } from './entity-import-sheet';
import { zipParts, type ZipPart } from './entity-import-zip';

/** A problem the file has before any row is checked; `field` is the column's field when there is one. */
export interface SheetProblem {
  readonly row: number;
  readonly field: string;
  readonly label: string;
  readonly key: LocaleKey;
  readonly params?: LocaleValues;
}

/** One data row: its sheet row number and its values by field key. */
export interface SheetRow {
  readonly row: number;
  readonly input: EntityInput;
}

export type SheetRead =
  | { readonly kind: 'refused'; readonly key: LocaleKey; readonly params?: LocaleValues }
  | { readonly kind: 'header'; readonly problems: readonly SheetProblem[] }
  | { readonly kind: 'rows'; readonly rows: readonly SheetRow[] };

const HEADER_ROW = 1;
const WORKBOOK = 'xl/workbook.xml';
const WORKBOOK_RELATIONSHIPS = 'xl/_rels/workbook.xml.rels';
const MB = 1024 * 1024;

const tooManyRows = (): FileRefused => new FileRefused('entityTransfer.fileProblem.tooManyRows', { max: TRANSFER_LIMITS.importRows });

/** A part as the directory declares it, refused before any of it is inflated when it would unpack past `bound`. */
function declared(parts: ReadonlyMap<string, ZipPart>, name: string, bound: number): ZipPart {
  const part = parts.get(name);
  if (!part) throw unreadable();
  if (part.size > bound) throw new FileRefused('entityTransfer.fileProblem.tooLargeUnpacked', { mb: bound / MB });
  return part;
}

/** The columns by sheet column number, or the header's problems. */
function readHeader(def: EntityDef, cells: ReadonlyMap<number, string>): Map<number, EntityField> | SheetProblem[] {
  const byHeader = headerFields(def);
  const columns = new Map<number, EntityField>();
  const problems: SheetProblem[] = [];
  const seen = new Set<string>();
  for (const [column, value] of [...cells].sort(([a], [b]) => a - b)) {
    const text = value.trim();
    if (text === '') continue;
    const field = fieldOfHeader(byHeader, text);
    if (!field) problems.push({ row: HEADER_ROW, field: '', label: text, key: 'entityTransfer.fileProblem.unknownColumn', params: { column: text } });
    else if (seen.has(field.key)) problems.push({ row: HEADER_ROW, field: field.key, label: text, key: 'entityTransfer.fileProblem.repeatedColumn', params: { column: text } });
    else {
      seen.add(field.key);
      columns.set(column, field);
    }
  }
  return problems.length > 0 ? problems : columns;
}

/**
 * The sheet's rows as a sink: the header first, then each filled row until the import's limit. Row elements of any
 * kind (formatting alone makes one) count too, against twice the limit, so no sheet is walked to its end.
 */
class ImportRows implements RowSink {
  columns: Map<number, EntityField> | undefined;
  problems: SheetProblem[] = [];
  readonly rows: SheetRow[] = [];
  private elements = 0;

  constructor(
    private readonly def: EntityDef,
    private readonly read: CellReader,
    private readonly labelOf: (field: EntityField) => string,
  ) {}

  keeps(row: number, column: number): boolean {
    return this.columns === undefined ? row === HEADER_ROW : this.columns.has(column);
  }

  row(row: number, cells: ReadonlyMap<number, string>): boolean {
    this.elements += 1;
    if (this.elements > TRANSFER_LIMITS.importRows * 2 + 1) throw tooManyRows();
    if (this.columns === undefined) {
      // No row 1 at all: an empty header, whose required columns are all missing.
      if (!this.header(row === HEADER_ROW ? cells : new Map())) return true;
      if (row === HEADER_ROW) return false;
    }
    return this.data(row, cells);
  }

  private header(cells: ReadonlyMap<number, string>): boolean {
    const columns = readHeader(this.def, cells);
    if (Array.isArray(columns)) {
      this.problems = columns;
      return false;
    }
    const present = new Set([...columns.values()].map((field) => field.key));
    const missing = sheetFields(this.def).filter((field) => field.required === true && !present.has(field.key));
    this.problems = missing.map((field) => {
      const label = this.labelOf(field);
      return { row: HEADER_ROW, field: field.key, label, key: 'entityTransfer.fileProblem.missingColumn', params: { column: label } };
    });
    this.columns = columns;
    return this.problems.length === 0;
  }

  private data(row: number, cells: ReadonlyMap<number, string>): boolean {
    const columns = this.columns ?? new Map<number, EntityField>();
    const input: Record<string, string> = {};
    let filled = false;
    for (const [column, field] of columns) {
      const text = this.read(field, cells.get(column) ?? '');
      input[field.key] = text;
      if (text !== '') filled = true;
    }
    // A row left empty (or only formatted) between filled ones is no row to import.
    if (!filled) return false;
    if (this.rows.length === TRANSFER_LIMITS.importRows) throw tooManyRows();
    this.rows.push({ row, input });
    return false;
  }
}

async function readBook(def: EntityDef, data: Buffer, read: CellReader, labelOf: (field: EntityField) => string): Promise<SheetRead> {
  const parts = await zipParts(data);
  const layout = await readLayout(declared(parts, WORKBOOK, IMPORT_UNPACKED.other));
  const book = await readRelationships(declared(parts, WORKBOOK_RELATIONSHIPS, IMPORT_UNPACKED.other), WORKBOOK);
  const sheetName = book.byId.get(layout.sheetId);
  if (sheetName === undefined) throw unreadable();
  // Every large part checked against its declaration before any of them is inflated.
  const sheet = declared(parts, sheetName, IMPORT_UNPACKED.sheet);
  const strings = book.sharedStrings !== undefined && parts.has(book.sharedStrings) ? declared(parts, book.sharedStrings, IMPORT_UNPACKED.sharedStrings) : undefined;
  const styles = book.styles !== undefined && parts.has(book.styles) ? declared(parts, book.styles, IMPORT_UNPACKED.other) : undefined;

  const budget = new TextBudget();
  const context = {
    date1904: layout.date1904,
    dateStyles: styles ? await readDateStyles(styles) : [],
    strings: strings ? await readSharedStrings(strings, budget) : [],
    budget,
  };
  const sink = new ImportRows(def, read, labelOf);
  await readRows(sheet.text(), context, sink);
  if (sink.problems.length > 0) return { kind: 'header', problems: sink.problems };
  if (sink.columns === undefined) {
    // Not even a header row: every required column is missing, as for an empty header.
    sink.row(HEADER_ROW, new Map());
    if (sink.problems.length > 0) return { kind: 'header', problems: sink.problems };
  }
  if (sink.rows.length === 0) return { kind: 'refused', key: 'entityTransfer.fileProblem.empty' };
  return { kind: 'rows', rows: sink.rows };
}

export async function readSheet(def: EntityDef, data: Buffer, read: CellReader, labelOf: (field: EntityField) => string): Promise<SheetRead> {
  try {
    return await readBook(def, data, read, labelOf);
  } catch (error) {
    if (error instanceof FileRefused) return error.params === undefined ? { kind: 'refused', key: error.key } : { kind: 'refused', key: error.key, params: error.params };
    throw error;
  }
}
