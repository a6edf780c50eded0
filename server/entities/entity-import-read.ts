// Reading an uploaded template: the first sheet's header row names the columns (in either language), each later row
// with any text is a row to import, its cells as the text a form would send. A file that is no workbook, has no data
// rows or too many is refused as a whole; a header the definition does not know, or a required column missing, is a
// problem of row 1.
import ExcelJS from 'exceljs';
import type { LocaleKey, LocaleValues } from '../../src/domain/i18n';
import type { EntityDef, EntityField } from '../../src/domain/screens/entities/definition';
import type { EntityInput } from '../../src/domain/screens/entities/validate';
import { TRANSFER_LIMITS } from '../../src/domain/screens/entities/transfer';
import { fieldOfHeader, headerFields, sheetFields, type CellReader } from './entity-import-columns';

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

export const HEADER_ROW = 1;

/** A cell's value as text: a number as JavaScript writes it, rich text joined, a formula's result, a link's text. */
export function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  // exceljs reads Excel's wall-clock dates as UTC: a day without a time is the yyyy-MM-dd a date field takes.
  if (value instanceof Date) return value.toISOString().replace(/T00:00:00\.000Z$/, '').replace('T', ' ').replace(/\.\d{3}Z$/, '');
  if ('richText' in value) return value.richText.map((part) => part.text).join('');
  if ('formula' in value || 'sharedFormula' in value) {
    const result = value.result;
    return result === undefined || (typeof result === 'object' && !(result instanceof Date)) ? '' : cellText(result);
  }
  if ('text' in value) return typeof value.text === 'string' ? value.text : cellText(value.text);
  // An error value (#N/A) is no text the user typed.
  return '';
}

async function firstSheet(data: Buffer): Promise<ExcelJS.Worksheet | undefined> {
  const workbook = new ExcelJS.Workbook();
  try {
    // exceljs's load types predate Node's generic Buffer.
    await workbook.xlsx.load(data as unknown as ExcelJS.Buffer);
  } catch {
    return undefined;
  }
  return workbook.worksheets.find((sheet) => sheet.state === 'visible') ?? workbook.worksheets[0];
}

/** The columns by sheet column number, or the header's problems. */
function readHeader(def: EntityDef, sheet: ExcelJS.Worksheet): Map<number, EntityField> | SheetProblem[] {
  const byHeader = headerFields(def);
  const columns = new Map<number, EntityField>();
  const problems: SheetProblem[] = [];
  const seen = new Set<string>();
  sheet.getRow(HEADER_ROW).eachCell((cell, column) => {
    const text = cellText(cell.value).trim();
    if (text === '') return;
    const field = fieldOfHeader(byHeader, text);
    if (!field) problems.push({ row: HEADER_ROW, field: '', label: text, key: 'entityTransfer.fileProblem.unknownColumn', params: { column: text } });
    else if (seen.has(field.key)) problems.push({ row: HEADER_ROW, field: field.key, label: text, key: 'entityTransfer.fileProblem.repeatedColumn', params: { column: text } });
    else {
      seen.add(field.key);
      columns.set(column, field);
    }
  });
  return problems.length > 0 ? problems : columns;
}

export async function readSheet(def: EntityDef, data: Buffer, read: CellReader, labelOf: (field: EntityField) => string): Promise<SheetRead> {
  const sheet = await firstSheet(data);
  if (!sheet) return { kind: 'refused', key: 'entityTransfer.fileProblem.unreadable' };
  // The row count counts rows with any content, formatting included: an upper bound, checked before any reading.
  if (sheet.actualRowCount - 1 > TRANSFER_LIMITS.importRows * 2) return tooMany();
  const columns = readHeader(def, sheet);
  if (Array.isArray(columns)) return { kind: 'header', problems: columns };
  const present = new Set([...columns.values()].map((field) => field.key));
  const missing = sheetFields(def).filter((field) => field.required === true && !present.has(field.key));
  if (missing.length > 0) {
    return {
      kind: 'header',
      problems: missing.map((field) => ({ row: HEADER_ROW, field: field.key, label: labelOf(field), key: 'entityTransfer.fileProblem.missingColumn', params: { column: labelOf(field) } })),
    };
  }

  const rows: SheetRow[] = [];
  let over = false;
  sheet.eachRow((excelRow, row) => {
    if (row === HEADER_ROW || over) return;
    const input: Record<string, string> = {};
    let filled = false;
    for (const [column, field] of columns) {
      const text = read(field, cellText(excelRow.getCell(column).value));
      input[field.key] = text;
      if (text !== '') filled = true;
    }
    // A row left empty (or only formatted) between filled ones is no row to import.
    if (!filled) return;
    if (rows.length === TRANSFER_LIMITS.importRows) over = true;
    else rows.push({ row, input });
  });
  if (over) return tooMany();
  if (rows.length === 0) return { kind: 'refused', key: 'entityTransfer.fileProblem.empty' };
  return { kind: 'rows', rows };
}

function tooMany(): SheetRead {
  return { kind: 'refused', key: 'entityTransfer.fileProblem.tooManyRows', params: { max: TRANSFER_LIMITS.importRows } };
}
