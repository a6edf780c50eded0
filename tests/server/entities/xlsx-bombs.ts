// Workbooks that unpack to far more than they weigh, written here byte by byte: a zip with the parts of an .xlsx whose
// sheet or shared strings inflate to hundreds of MB, optionally declaring sizes it does not have. A long run of
// repeated XML is deflated once and its compressed bytes repeated (each piece flushed to a byte boundary from a fresh
// window, which keeps the stream valid), so a 300 MB part costs the test no more than a few MB.
import zlib from 'node:zlib';
import { translate } from '../../../domain/i18n';
import type { EntityDef } from '../../../domain/screens/entities/definition';
import { isSheetField } from '../../../domain/screens/entities/transfer';

/** A part's raw deflate stream, its uncompressed size and CRC-32. */
interface Deflated {
  readonly bytes: Buffer;
  readonly size: number;
  readonly crc: number;
  /** Method 0 rather than 8. */
  readonly stored?: boolean;
}

const MB = 1024 * 1024;

export function deflated(text: string): Deflated {
  const raw = Buffer.from(text);
  return { bytes: zlib.deflateRawSync(raw, { level: 9 }), size: raw.length, crc: zlib.crc32(raw) };
}

/** A part stored as it is (method 0), as some writers store small parts. */
export function stored(text: string): Deflated {
  const raw = Buffer.from(text);
  return { bytes: raw, size: raw.length, crc: zlib.crc32(raw), stored: true };
}

/** `head`, then `unit` `times` over, then `tail`, deflated without ever holding the whole text. */
function deflatedRepeat(head: string, unit: string, times: number, tail: string): Deflated {
  const perPiece = Math.max(1, Math.floor(MB / Buffer.byteLength(unit)));
  const pieces = Math.floor(times / perPiece);
  const headBytes = Buffer.from(head);
  const piece = Buffer.from(unit.repeat(perPiece));
  const last = Buffer.from(unit.repeat(times - pieces * perPiece) + tail);
  const flushed = (bytes: Buffer) => zlib.deflateRawSync(bytes, { level: 9, finishFlush: zlib.constants.Z_FULL_FLUSH });
  const pieceDeflated = flushed(piece);
  let crc = zlib.crc32(headBytes);
  for (let index = 0; index < pieces; index += 1) crc = zlib.crc32(piece, crc);
  crc = zlib.crc32(last, crc);
  return {
    bytes: Buffer.concat([flushed(headBytes), ...Array.from({ length: pieces }, () => pieceDeflated), zlib.deflateRawSync(last, { level: 9 })]),
    size: headBytes.length + pieces * piece.length + last.length,
    crc,
  };
}

interface ZipEntry {
  readonly name: string;
  readonly content: Deflated;
  /** The uncompressed size written in the local and central headers, when it is to be a lie. */
  readonly declaredSize?: number;
  /** General-purpose flags besides UTF-8 names (bit 0: encrypted). */
  readonly flags?: number;
  /** Sizes in a ZIP64 extra field of the central directory, its 32-bit fields at their maximum. */
  readonly zip64?: boolean;
}

function zip64Extra(size: number, compressed: number): Buffer {
  const extra = Buffer.alloc(20);
  extra.writeUInt16LE(0x0001, 0);
  extra.writeUInt16LE(16, 2);
  extra.writeBigUInt64LE(BigInt(size), 4);
  extra.writeBigUInt64LE(BigInt(compressed), 12);
  return extra;
}

/** A zip archive of its entries, no data descriptors, no comment. */
export function zipOf(entries: readonly ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const { name, content, declaredSize, flags = 0, zip64 = false } of entries) {
    const nameBytes = Buffer.from(name);
    const size = declaredSize ?? content.size;
    const method = content.stored === true ? 0 : 8;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800 | flags, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(content.crc >>> 0, 14);
    local.writeUInt32LE(content.bytes.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800 | flags, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(content.crc >>> 0, 16);
    central.writeUInt32LE(zip64 ? 0xffffffff : content.bytes.length, 20);
    central.writeUInt32LE(zip64 ? 0xffffffff : size, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    const extra = zip64 ? zip64Extra(size, content.bytes.length) : Buffer.alloc(0);
    central.writeUInt16LE(extra.length, 30);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, content.bytes);
    centrals.push(central, nameBytes, extra);
    offset += local.length + nameBytes.length + content.bytes.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A row of inline strings. */
export const inlineRow = (values: readonly string[]): string =>
  `<row>${values.map((value) => `<c t="inlineStr"><is><t>${escape(value)}</t></is></c>`).join('')}</row>`;

/** The template's header row of a definition: its sheet fields' Chinese labels. */
export const headerOf = (def: EntityDef): string[] => def.fields.filter(isSheetField).map((field) => translate('zh', field.labelKey));

interface SheetParts {
  /** The sheet's XML: its start (through `<sheetData>`), one repeated row, and how often. */
  readonly head: string;
  readonly row: string;
  readonly rows: number;
  /** The shared strings' XML when the file has them: its start, one string's text repeated `repeat` times, its end. */
  readonly sharedString?: { readonly text: string; readonly repeat: number };
  /** Sizes to declare instead of the real ones, by part. */
  readonly declare?: { readonly sheet?: number; readonly sharedStrings?: number };
}

interface BookParts {
  /** The sheet part, and the shared strings' and styles' when the book has them. */
  readonly sheet: ZipEntry['content'];
  readonly sharedStrings?: ZipEntry['content'];
  readonly styles?: ZipEntry['content'];
  /** Inside `<workbook>` before `<sheets>`: `<workbookPr date1904="1"/>`, say. */
  readonly workbookPr?: string;
  /** Sheets before the one that holds the data, each hidden or not. */
  readonly sheetsBefore?: readonly { readonly hidden: boolean; readonly sheet: ZipEntry['content'] }[];
  readonly declare?: { readonly sheet?: number; readonly sharedStrings?: number };
}

/** The parts of an .xlsx around the given ones: content types, relationships, the workbook naming its sheets. */
export function xlsxOf(parts: BookParts): Buffer {
  const before = parts.sheetsBefore ?? [];
  const sheets = [...before.map((sheet, index) => ({ ...sheet, index: index + 1 })), { hidden: false, sheet: parts.sheet, index: before.length + 1 }];
  const rel = (id: string, type: string, target: string) => `<Relationship Id="${id}" Type="${REL_NS}/${type}" Target="${target}"/>`;
  const entries: ZipEntry[] = [
    { name: '[Content_Types].xml', content: deflated('<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/></Types>') },
    { name: '_rels/.rels', content: deflated(`<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${rel('rId1', 'officeDocument', 'xl/workbook.xml')}</Relationships>`) },
    {
      name: 'xl/workbook.xml',
      content: deflated(
        `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${NS}" xmlns:r="${REL_NS}">${parts.workbookPr ?? ''}<sheets>` +
          sheets.map(({ hidden, index }) => `<sheet name="Sheet${index}" sheetId="${index}"${hidden ? ' state="hidden"' : ''} r:id="rIdSheet${index}"/>`).join('') +
          '</sheets></workbook>',
      ),
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      content: deflated(
        '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
          sheets.map(({ index }) => rel(`rIdSheet${index}`, 'worksheet', `worksheets/sheet${index}.xml`)).join('') +
          (parts.sharedStrings ? rel('rIdStrings', 'sharedStrings', 'sharedStrings.xml') : '') +
          (parts.styles ? rel('rIdStyles', 'styles', '/xl/styles.xml') : '') +
          '</Relationships>',
      ),
    },
    ...sheets.map(({ sheet, index }) => ({ name: `xl/worksheets/sheet${index}.xml`, content: sheet, declaredSize: index === sheets.length ? parts.declare?.sheet : undefined })),
  ];
  if (parts.sharedStrings) entries.push({ name: 'xl/sharedStrings.xml', content: parts.sharedStrings, declaredSize: parts.declare?.sharedStrings });
  if (parts.styles) entries.push({ name: 'xl/styles.xml', content: parts.styles });
  return zipOf(entries);
}

/** A worksheet part of these rows' XML. */
export const sheetXml = (rows: string): string => `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="${NS}"><sheetData>${rows}</sheetData></worksheet>`;

/** An .xlsx whose first sheet is `head`, `rows` copies of `row`, then the sheet's end. */
export function workbookBomb(parts: SheetParts): Buffer {
  const sheetHead = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="${NS}"><sheetData>${parts.head}`;
  const shared = parts.sharedString;
  return xlsxOf({
    sheet: deflatedRepeat(sheetHead, parts.row, parts.rows, '</sheetData></worksheet>'),
    sharedStrings: shared ? deflatedRepeat(`<?xml version="1.0" encoding="UTF-8"?><sst xmlns="${NS}"><si><t>`, shared.text, shared.repeat, '</t></si></sst>') : undefined,
    declare: parts.declare,
  });
}

/** A bomb of rows: the template's header, then `rows` station rows of inline strings (300 MB for 1.5 M). */
export function rowsBomb(def: EntityDef, row: readonly string[], rows: number, declare?: SheetParts['declare']): Buffer {
  return workbookBomb({ head: inlineRow(headerOf(def)), row: inlineRow(row), rows, declare });
}

/** A bomb of one string: one shared string of `length` characters, used by the one data row. */
export function sharedStringBomb(def: EntityDef, length: number, declare?: SheetParts['declare']): Buffer {
  return workbookBomb({
    head: inlineRow(headerOf(def)),
    row: '<row><c t="s"><v>0</v></c></row>',
    rows: 1,
    sharedString: { text: 'A', repeat: length },
    declare,
  });
}

export interface NamedBomb {
  readonly name: string;
  readonly file: Buffer;
}

/**
 * Both bombs as they are and declaring small sizes, and a sheet within the bounds that only the row limit stops, as
 * rows of `def` (a station's nine columns): each refused before any row is checked. `row(tag, address)` is a valid row.
 */
export function importBombs(def: EntityDef, row: (tag: string, address?: string) => readonly string[]): NamedBomb[] {
  return [
    { name: '1.5 M rows', file: rowsBomb(def, row('R'), 1_500_000) },
    { name: 'one 400 MB string', file: sharedStringBomb(def, 400_000_000) },
    { name: 'rows, lying sizes', file: rowsBomb(def, row('L'), 1_500_000, { sheet: 4096 }) },
    { name: 'string, lying sizes', file: sharedStringBomb(def, 400_000_000, { sharedStrings: 4096 }) },
    { name: '120,000 rows within the bounds', file: rowsBomb(def, row('M'), 120_000) },
  ];
}

/** 500 cells of 30,000 Chinese characters: 45 MB of XML within the bounds, more text than one import keeps. */
export function tooMuchTextFile(def: EntityDef, row: (tag: string, address?: string) => readonly string[]): NamedBomb {
  return { name: 'too much text', file: workbookBomb({ head: inlineRow(headerOf(def)), row: inlineRow(row('T', '字'.repeat(30_000))), rows: 500 }) };
}

/** The largest file the reader takes whole: 10,000 rows, each the same, so every row is checked and refused as a repeat. */
export function repeatedRowsFile(def: EntityDef, row: (tag: string, address?: string) => readonly string[]): NamedBomb {
  return { name: '10,000 rows, checked and refused', file: rowsBomb(def, row('D', '上海市浦东新区'.repeat(28)), 10_000) };
}
