// The import and export calls as a test drives them: a form posted for a workbook (export, template), a workbook
// uploaded as the body (import), and sheets written and read back with exceljs.
import ExcelJS from 'exceljs';
import { USER_PATH } from '../../../domain/screens/entities/accounts';
import type { EntityDef } from '../../../domain/screens/entities/definition';
import { transferCallPath, XLSX_TYPE } from '../../../domain/screens/entities/transfer';
import { entityCallPath } from '../../../domain/screens/entities/wire';
import type { Envelope } from '../../../domain/wire/envelope';
import { ROLE } from '../../../server/seed/accounts';
import { API, call } from '../../helpers/api';

type Lang = 'zh' | 'en';

interface Download {
  readonly contentType: string;
  readonly disposition: string;
  readonly body: Buffer;
}

function headers(token: string, lang: Lang, contentType: string): Record<string, string> {
  return { 'header-id': token, cookie: `language=${lang}`, 'content-type': contentType };
}

/** Posts a form to an export or template call; the answer's bytes and headers. */
export async function postForDownload(base: string, token: string, def: EntityDef, kind: 'export' | 'template', form: Readonly<Record<string, string>>, lang: Lang = 'zh'): Promise<Download> {
  const response = await fetch(`${base}${API}${transferCallPath(def, kind)}`, {
    method: 'POST',
    headers: headers(token, lang, 'application/x-www-form-urlencoded'),
    body: new URLSearchParams(form).toString(),
  });
  return {
    contentType: response.headers.get('content-type') ?? '',
    disposition: response.headers.get('content-disposition') ?? '',
    body: Buffer.from(await response.arrayBuffer()),
  };
}

/** Uploads a workbook to a definition's import call. */
export async function upload<T = unknown>(base: string, token: string, def: EntityDef, body: Uint8Array, lang: Lang = 'zh', contentType = XLSX_TYPE): Promise<Envelope<T>> {
  const response = await fetch(`${base}${API}${transferCallPath(def, 'import')}`, { method: 'POST', headers: headers(token, lang, contentType), body: new Uint8Array(body) });
  return (await response.json()) as Envelope<T>;
}

/** A cell as the user sees its text. */
function text(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') return 'richText' in value ? value.richText.map((part) => part.text).join('') : JSON.stringify(value);
  return String(value);
}

/** Every row of the first sheet as texts, the header first. */
export async function sheetTexts(body: Buffer): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ExcelJS.Buffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('no sheet');
  const rows: string[][] = [];
  sheet.eachRow((row) => {
    const cells: string[] = [];
    for (let column = 1; column <= sheet.columnCount; column += 1) cells.push(text(row.getCell(column).value));
    rows.push(cells);
  });
  return rows;
}

/** A template filled with rows: each row's values under the template's own headers, by field key. */
export async function fillTemplate(template: Buffer, keys: readonly string[], rows: readonly Readonly<Record<string, string>>[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(template as unknown as ExcelJS.Buffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('no sheet');
  rows.forEach((values, index) => {
    const row = sheet.getRow(index + 2);
    keys.forEach((key, column) => {
      row.getCell(column + 1).value = values[key] ?? null;
    });
    row.commit();
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A workbook of one sheet with these rows, the first being the header. */
export async function workbookOf(rows: readonly (readonly (string | number | null)[])[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Sheet1');
  for (const row of rows) sheet.addRow([...row]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/**
 * `count` new users of the user administrator's role (the manager's: it imports master data), made and logged in
 * through the calls as an administrator would: the importers of a test or benchmark that needs several users at once.
 * Their tokens.
 */
export async function addImporters(base: string, adminToken: string, count: number, prefix = 'importer'): Promise<string[]> {
  const tokens: string[] = [];
  for (let index = 1; index <= count; index += 1) {
    const userName = `${prefix}${index}`;
    const password = `${prefix}-pass-${index}`;
    const made = await call(base, 'POST', entityCallPath(USER_PATH), {
      token: adminToken,
      // A reference is sent by its label: the role's name.
      form: { userName, realName: userName, roleId: ROLE.userAdmin, companyCode: 'C001', password, passwordConfirm: password },
    });
    if (made.resultCode !== 200) throw new Error(`user ${userName}: ${made.message}`);
    const session = await call<{ readonly 'header-id': string }>(base, 'POST', '/login', { form: { username: userName, password, ip: '', area: '' } });
    if (session.resultCode !== 200) throw new Error(`login ${userName}: ${session.message}`);
    tokens.push(session.data['header-id']);
  }
  return tokens;
}
