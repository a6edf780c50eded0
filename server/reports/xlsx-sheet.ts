// One report sheet in an exceljs streaming workbook: the chosen columns in the posted order, the translated headers,
// cells as excelCell decides them (text marked so no spreadsheet evaluates it), widths fitted to the longest text,
// and the header row frozen.
import type ExcelJS from 'exceljs';
import { excelCell, cellText } from '../../domain/screens/reports/cells';
import type { ReportColumn, ReportDef } from '../../domain/screens/reports/definition';
import type { ReportRow } from '../../domain/screens/reports/wire';
import { zoneOffsetMs } from '../../domain/format/zone';
import type { Lang } from '../../domain/i18n';
import { TEXT_FORMAT } from '../http/xlsx-text';

export interface SheetColumn {
  readonly column: ReportColumn;
  readonly header: string;
}

/** Excel's number formats of the spec's date patterns: zh yyyy-MM-dd HH:mm:ss, en MM/dd/yyyy HH:mm:ss. */
const DATE_FORMATS: Readonly<Record<Lang, string>> = { zh: 'yyyy-mm-dd hh:mm:ss', en: 'mm/dd/yyyy hh:mm:ss' };
const MIN_WIDTH = 6;
const MAX_WIDTH = 60;

/** The sheet's columns, or the first field the report does not have. */
export function workbookColumns(def: ReportDef, fields: readonly string[], headers: readonly string[]): SheetColumn[] | string {
  const columns: SheetColumn[] = [];
  for (const [index, key] of fields.entries()) {
    const column = def.columns.find((candidate) => candidate.key === key);
    if (!column) return key;
    columns.push({ column, header: headers[index] ?? key });
  }
  return columns;
}

/** Display width of a text: CJK characters take two columns. */
function textWidth(text: string): number {
  let width = 0;
  for (const char of text) width += /[\u2e80-\uffff]/.test(char) ? 2 : 1;
  return width;
}

/** Rows written between two calls of the pace: about a tenth of a second of writing. */
const PACE_ROWS = 500;

/**
 * Writes the sheet and commits the workbook. `pace`, when given, is awaited between batches of rows: it lets the
 * writer's output drain to a slow reader before more is written, and stops the writing (by rejecting) once no one
 * reads any more.
 */
export async function writeRows(
  workbook: ExcelJS.stream.xlsx.WorkbookWriter,
  columns: readonly SheetColumn[],
  rows: readonly ReportRow[],
  lang: Lang,
  pace?: () => Promise<void>,
): Promise<void> {
  const dateFormat = DATE_FORMATS[lang];
  const widths = columns.map(({ header }) => textWidth(header));
  for (const row of rows) {
    columns.forEach(({ column }, index) => {
      const text = column.format === 'dateTime' ? dateFormat : cellText(column, row[column.key] ?? null, lang);
      widths[index] = Math.max(widths[index] ?? 0, textWidth(text));
    });
  }
  const sheet = workbook.addWorksheet('Sheet1', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map(({ column, header }, index) => ({
    header,
    key: column.key,
    width: Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, (widths[index] ?? 0) + 2)),
  }));
  // The headers are posted text: marked like every other text cell.
  const headerRow = sheet.getRow(1);
  headerRow.font = { bold: true };
  headerRow.numFmt = TEXT_FORMAT;
  headerRow.commit();
  // One style object per kind of cell, shared by its cells: exceljs recognises an object it has seen and skips working
  // out its format again, which was a good part of writing 10,000 rows.
  const textStyle: Partial<ExcelJS.Style> = { numFmt: TEXT_FORMAT };
  const dateStyle: Partial<ExcelJS.Style> = { numFmt: dateFormat };
  const numberStyles = new Map<string, Partial<ExcelJS.Style>>();
  const numberStyle = (numFmt: string) => {
    const known = numberStyles.get(numFmt);
    if (known) return known;
    const style = { numFmt };
    numberStyles.set(numFmt, style);
    return style;
  };
  for (const [place, row] of rows.entries()) {
    if (pace && place > 0 && place % PACE_ROWS === 0) await pace();
    const excelRow = sheet.addRow(columns.map(() => null));
    columns.forEach(({ column }, index) => {
      const cell = excelRow.getCell(index + 1);
      const value = excelCell(column, row[column.key] ?? null, lang);
      if (value.kind === 'date') {
        // Excel stores wall-clock dates: the wall clock of the zone the caller's console shows (this thread's).
        cell.value = new Date(value.ms + zoneOffsetMs(value.ms));
        cell.style = dateStyle;
      } else if (value.kind === 'number') {
        cell.value = value.value;
        cell.style = numberStyle(value.numFmt);
      } else {
        // Stored text, marked so no spreadsheet evaluates it (server/http/xlsx-text.ts).
        cell.value = value.value;
        cell.style = textStyle;
      }
    });
    excelRow.commit();
  }
  sheet.commit();
  await pace?.();
  await workbook.commit();
}
