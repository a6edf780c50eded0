// The import template of a definition: one sheet with a header row of the fields' labels in the caller's language
// (required ones marked), frozen, sized to the labels; a choice or company column offers its labels or the caller's
// company names as a drop-down list, read from a hidden sheet (a list typed into the rule is cut at 255 characters).
// Every text written, headers and choices (company names are stored text), is marked as text (server/http/xlsx-text.ts).
import type ExcelJS from 'exceljs';
import type { Lang } from '../../domain/i18n';
import type { EntityDef } from '../../domain/screens/entities/definition';
import { TRANSFER_LIMITS } from '../../domain/screens/entities/transfer';
import { setTextCell, TEXT_FORMAT, textSafeWorkbook } from '../http/xlsx-text';
import { choiceTexts, sheetFields, templateHeader, type CompanyChoice } from './entity-import-columns';

/** The sheet an upload is read from is the first; the choices' sheet comes after it. */
const CHOICES_SHEET = 'choices';
const MIN_WIDTH = 10;
const MAX_WIDTH = 40;

/** exceljs keeps a sheet's validations by address, a range included; its types do not declare the collection. */
interface SheetValidations {
  readonly dataValidations: { add(address: string, validation: ExcelJS.DataValidation): void };
}

/** Excel's column letters: 1 → A, 27 → AA. */
function columnLetters(index: number): string {
  let letters = '';
  for (let n = index; n > 0; n = Math.floor((n - 1) / 26)) letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

/** Display width of a text: CJK characters take two columns. */
function textWidth(text: string): number {
  let width = 0;
  for (const char of text) width += /[\u2e80-\uffff]/.test(char) ? 2 : 1;
  return width;
}

export async function templateWorkbook(def: EntityDef, lang: Lang, companies: readonly CompanyChoice[]): Promise<Buffer> {
  const fields = sheetFields(def);
  const workbook = textSafeWorkbook();
  const sheet = workbook.addWorksheet('Sheet1', { views: [{ state: 'frozen', ySplit: 1 }] });
  const choices = workbook.addWorksheet(CHOICES_SHEET, { state: 'hidden' });
  sheet.columns = fields.map((field) => {
    const header = templateHeader(field, lang);
    return { header, key: field.key, width: Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, textWidth(header) + 4)) };
  });
  const headerRow = sheet.getRow(1);
  headerRow.font = { bold: true };
  fields.forEach((field, index) => {
    // Free text, so a phone, a code or a number with leading zeros stays as typed, and a typed formula stays text.
    sheet.getColumn(index + 1).numFmt = TEXT_FORMAT;
    headerRow.getCell(index + 1).numFmt = TEXT_FORMAT;
    if (field.required === true) headerRow.getCell(index + 1).font = { bold: true, color: { argb: 'FFC00000' } };
  });

  let listColumn = 0;
  fields.forEach((field, index) => {
    const texts = choiceTexts(field, lang, companies);
    if (texts === undefined || texts.length === 0) return;
    listColumn += 1;
    const letters = columnLetters(listColumn);
    texts.forEach((text, row) => {
      setTextCell(choices.getCell(`${letters}${row + 1}`), text);
    });
    const target = columnLetters(index + 1);
    (sheet as unknown as SheetValidations).dataValidations.add(`${target}2:${target}${TRANSFER_LIMITS.importRows + 1}`, {
      type: 'list',
      allowBlank: field.required !== true,
      formulae: [`${CHOICES_SHEET}!$${letters}$1:$${letters}$${texts.length}`],
      showErrorMessage: true,
    });
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
