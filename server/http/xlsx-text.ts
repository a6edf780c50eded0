// Text cells that no spreadsheet program evaluates (OWASP's CSV-injection guidance, in the xlsx format): every cell
// written from stored or posted text is a string cell (shared string, never a formula), formatted as Text (`@`), and
// its style carries quotePrefix, the mark Excel itself gives a cell typed with a leading apostrophe. A name such as
// `=cmd|' /C calc'!A0` then opens as that text, and stays text when someone edits the cell, in Excel and LibreOffice.
// The value itself is kept as stored (no apostrophe added): the file shows and re-imports exactly what the list shows.
import ExcelJS from 'exceljs';
import type { Writable } from 'node:stream';

/** Excel's built-in Text number format (numFmtId 49). */
export const TEXT_FORMAT = '@';
const TEXT_FORMAT_ID = '49';

/**
 * The styles part with quotePrefix on every cell format of the Text number format. exceljs has no such style
 * attribute, so it is added where the part is written; only text cells and text columns use format 49.
 */
function quotePrefixed(stylesXml: string): string {
  return stylesXml.replace(/<xf ([^>]*?)numFmtId="49"/g, (xf: string, before: string) =>
    before.includes('quotePrefix=') ? xf : `<xf quotePrefix="1" ${before}numFmtId="${TEXT_FORMAT_ID}"`);
}

/** A cell of text: the string as it is, marked as text. */
export function setTextCell(cell: ExcelJS.Cell, text: string): void {
  cell.value = text;
  cell.numFmt = TEXT_FORMAT;
}

/** What exceljs's streaming writer uses to write its styles part; its types do not declare them. */
interface StreamingStyles {
  readonly styles: { readonly xml: string };
  readonly zip: { append(source: string, data: { readonly name: string }): void };
  addStyles(): Promise<void>;
}

/** A streaming workbook into `stream` whose strings are shared (type `s`) and whose text formats carry quotePrefix. */
export function textSafeWorkbookWriter(stream: Writable): ExcelJS.stream.xlsx.WorkbookWriter {
  return markedWriter(new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: true }));
}

function markedWriter(workbook: ExcelJS.stream.xlsx.WorkbookWriter): ExcelJS.stream.xlsx.WorkbookWriter {
  const writer = workbook as unknown as StreamingStyles;
  writer.addStyles = async () => {
    writer.zip.append(quotePrefixed(writer.styles.xml), { name: 'xl/styles.xml' });
  };
  return workbook;
}

/** What exceljs's whole-workbook writer uses to write its styles part; its types do not declare them. */
interface BookStyles {
  addStyles(zip: { append(source: string, data: { readonly name: string }): void }, model: { readonly styles: { readonly xml: string } }): Promise<void>;
}

/** A whole workbook (the import template) whose text formats carry quotePrefix when it is written. */
export function textSafeWorkbook(): ExcelJS.Workbook {
  const workbook = new ExcelJS.Workbook();
  const xlsx = workbook.xlsx as unknown as BookStyles;
  xlsx.addStyles = async (zip, model) => {
    zip.append(quotePrefixed(model.styles.xml), { name: 'xl/styles.xml' });
  };
  return workbook;
}
