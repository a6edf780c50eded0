// A parameter file as parsed (docs/param-files/README.md): its lines kept as read, grouped into the header and the
// repeating blocks, so that writing it gives back the same text and an edit touches only the edited value.
import type { ParamField, ParamFileDef } from './catalogue-types';

/** Where a value sits: a header key (no section), or a key of block `[section.index]`. */
export interface ParamPath {
  readonly section?: string;
  readonly index?: number;
  readonly key: string;
}

export interface ParamLine {
  /** The line without its terminator. */
  readonly text: string;
  /** Its terminator as read: '\n', '\r\n', or '' for a last line without one. */
  readonly eol: string;
  /** A `key=value` line: the key and where its value starts and ends in text (surrounding blanks are not the value). */
  readonly key?: string;
  readonly valueStart?: number;
  readonly valueEnd?: number;
}

/** The header (no section; the lines before the first `[…]`) or one block: its opener line first, then its lines. */
export interface ParamBlock {
  readonly section?: string;
  readonly index?: number;
  readonly lines: readonly ParamLine[];
}

export interface ParamDocument {
  readonly def: ParamFileDef;
  /** The text began with a byte-order mark. */
  readonly bom: boolean;
  /** The terminator most lines use; added lines get it. */
  readonly eol: '\n' | '\r\n';
  /** The text ended with a terminator. */
  readonly finalEol: boolean;
  /** blocks[0] is the header. */
  readonly blocks: readonly ParamBlock[];
}

export function valueOfLine(line: ParamLine): string | undefined {
  return line.key === undefined ? undefined : line.text.slice(line.valueStart, line.valueEnd);
}

export function blockPosition(doc: ParamDocument, section: string | undefined, index: number | undefined): number {
  if (section === undefined) return 0;
  return doc.blocks.findIndex((block) => block.section === section && block.index === index);
}

/** The value as the file writes it, or undefined when the key (or the block) is absent. */
export function paramValue(doc: ParamDocument, path: ParamPath): string | undefined {
  const block = doc.blocks[blockPosition(doc, path.section, path.index)];
  const line = block?.lines.find((candidate) => candidate.key === path.key);
  return line && valueOfLine(line);
}

/** How many `[sectionId.n]` blocks the document holds. */
export function sectionCount(doc: ParamDocument, sectionId: string): number {
  return doc.blocks.filter((block) => block.section === sectionId).length;
}

/** A value in the file's form: a hex field's number as 0xC0, a decimal's with its digits, text as it is. */
export function formatParamValue(field: ParamField | undefined, value: number | string): string {
  if (typeof value === 'string') return value;
  if (field?.kind === 'hex') return `0x${value.toString(16).toUpperCase()}`;
  return String(value);
}

const HEX = /^(0x)?[0-9a-f]+$/i;
const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

/** The number a numeric field's text holds (a hex field's 0xC0 or C0 is 192), or undefined when it holds none. */
export function paramNumber(field: ParamField, raw: string): number | undefined {
  const text = raw.trim();
  if (field.kind === 'hex') return HEX.test(text) ? parseInt(text.replace(/^0x/i, ''), 16) : undefined;
  return NUMBER.test(text) ? Number(text) : undefined;
}
