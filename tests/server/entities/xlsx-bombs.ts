// Workbooks that unpack to far more than they weigh, written here byte by byte: a zip with the parts of an .xlsx whose
// sheet or shared strings inflate to hundreds of MB, optionally declaring sizes it does not have. A long run of
// repeated XML is deflated once and its compressed bytes repeated (each piece flushed to a byte boundary from a fresh
// window, which keeps the stream valid), so a 300 MB part costs the test no more than a few MB.
import zlib from 'node:zlib';
import { translate } from '../../../src/domain/i18n';
import type { EntityDef } from '../../../src/domain/screens/entities/definition';
import { isSheetField } from '../../../src/domain/screens/entities/transfer';

/** A part's raw deflate stream, its uncompressed size and CRC-32. */
interface Deflated {
  readonly bytes: Buffer;
  readonly size: number;
  readonly crc: number;
}

const MB = 1024 * 1024;

function deflated(text: string): Deflated {
  const raw = Buffer.from(text);
  return { bytes: zlib.deflateRawSync(raw, { level: 9 }), size: raw.length, crc: zlib.crc32(raw) };
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

export interface ZipEntry {
  readonly name: string;
  readonly content: Deflated;
  /** The uncompressed size written in the local and central headers, when it is to be a lie. */
  readonly declaredSize?: number;
}

/** A zip archive of deflated entries (method 8), no data descriptors, no comment. */
export function zipOf(entries: readonly ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const { name, content, declaredSize } of entries) {
    const nameBytes = Buffer.from(name);
    const size = declaredSize ?? content.size;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(content.crc >>> 0, 14);
    local.writeUInt32LE(content.bytes.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(content.crc >>> 0, 16);
    central.writeUInt32LE(content.bytes.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, content.bytes);
    centrals.push(central, nameBytes);
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

export interface SheetParts {
  /** The sheet's XML: its start (through `<sheetData>`), one repeated row, and how often. */
  readonly head: string;
  readonly row: string;
  readonly rows: number;
  /** The shared strings' XML when the file has them: its start, one string's text repeated `repeat` times, its end. */
  readonly sharedString?: { readonly text: string; readonly repeat: number };
  /** Sizes to declare instead of the real ones, by part. */
  readonly declare?: { readonly sheet?: number; readonly sharedStrings?: number };
}

/** An .xlsx whose first sheet is `head`, `rows` copies of `row`, then the sheet's end. */
export function workbookBomb(parts: SheetParts): Buffer {
  const sheetHead = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="${NS}"><sheetData>${parts.head}`;
  const shared = parts.sharedString;
  const entries: ZipEntry[] = [
    { name: '[Content_Types].xml', content: deflated('<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/></Types>') },
    { name: '_rels/.rels', content: deflated(`<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`) },
    { name: 'xl/workbook.xml', content: deflated(`<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${NS}" xmlns:r="${REL_NS}"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`) },
    {
      name: 'xl/_rels/workbook.xml.rels',
      content: deflated(
        `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL_NS}/worksheet" Target="worksheets/sheet1.xml"/>` +
          (shared ? `<Relationship Id="rId2" Type="${REL_NS}/sharedStrings" Target="sharedStrings.xml"/>` : '') +
          '</Relationships>',
      ),
    },
    { name: 'xl/worksheets/sheet1.xml', content: deflatedRepeat(sheetHead, parts.row, parts.rows, '</sheetData></worksheet>'), declaredSize: parts.declare?.sheet },
  ];
  if (shared) {
    entries.push({
      name: 'xl/sharedStrings.xml',
      content: deflatedRepeat(`<?xml version="1.0" encoding="UTF-8"?><sst xmlns="${NS}"><si><t>`, shared.text, shared.repeat, '</t></si></sst>'),
      declaredSize: parts.declare?.sharedStrings,
    });
  }
  return zipOf(entries);
}

/** The issue's first bomb: the template's header, then `rows` station rows of inline strings (300 MB for 1.5 M). */
export function rowsBomb(def: EntityDef, row: readonly string[], rows: number, declare?: SheetParts['declare']): Buffer {
  return workbookBomb({ head: inlineRow(headerOf(def)), row: inlineRow(row), rows, declare });
}

/** The issue's second: one shared string of `length` characters, used by the one data row. */
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
 * Every bomb of the issue, and a sheet within the bounds that only the row limit stops, as rows of `def` (a station's
 * nine columns): each refused before any row is checked. `row(tag, address)` is a valid row.
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
