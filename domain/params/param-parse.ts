// Reading and writing a parameter file's text (docs/param-files/README.md): every line kept as read, so that writing
// an unedited document gives back the very same text (CRLF, BOM, comments, blank lines, unknown keys and all).
import type { LocaleKey, LocalizedText } from '../i18n';
import type { ParamFileDef } from './catalogue-types';
import { valueOfLine, type ParamBlock, type ParamDocument, type ParamLine } from './param-document';

type ParamParseResult =
  | { readonly ok: true; readonly doc: ParamDocument }
  | { readonly ok: false; readonly line: number; readonly problem: LocalizedText };

const OPENER = /^\s*\[(\w+)\.(\d+)\]\s*$/;
const KEY_VALUE = /^(\s*)([A-Za-z_][\w.-]*)(\s*=\s*)(.*?)\s*$/;

/** The text's lines with their own terminators: '\n' and '\r\n' end a line, a lone '\r' does not. */
function splitLines(text: string): { text: string; eol: string }[] {
  const lines: { text: string; eol: string }[] = [];
  let pos = 0;
  while (pos < text.length) {
    const end = text.indexOf('\n', pos);
    if (end < 0) {
      lines.push({ text: text.slice(pos), eol: '' });
      break;
    }
    const crlf = end > pos && text[end - 1] === '\r';
    lines.push({ text: text.slice(pos, crlf ? end - 1 : end), eol: crlf ? '\r\n' : '\n' });
    pos = end + 1;
  }
  return lines;
}

/** A `key=value` line as the document keeps it; undefined when the text is no such line. */
export function keyValueLine(text: string, eol: string): ParamLine | undefined {
  const match = KEY_VALUE.exec(text);
  if (!match) return undefined;
  const [, indent, key, separator, value] = match as unknown as [string, string, string, string, string];
  const valueStart = indent.length + key.length + separator.length;
  return { text, eol, key, valueStart, valueEnd: valueStart + value.length };
}

const problemAt = (line: number, key: string, values: Record<string, string | number>): ParamParseResult => ({
  ok: false, line, problem: { key: `paramCheck.text.${key}` as LocaleKey, values: { line, ...values } },
});

export function parseParamFile(def: ParamFileDef, text: string): ParamParseResult {
  const bom = text.startsWith('\uFEFF');
  const raw = splitLines(bom ? text.slice(1) : text);
  const crlf = raw.filter((line) => line.eol === '\r\n').length;
  const lf = raw.filter((line) => line.eol === '\n').length;
  const blocks: { section?: string; index?: number; lines: ParamLine[]; keys: Map<string, number> }[] = [
    { lines: [], keys: new Map() },
  ];
  const seen = new Map<string, number>();
  for (const [i, { text: lineText, eol }] of raw.entries()) {
    const lineNo = i + 1;
    const current = blocks[blocks.length - 1]!;
    const trimmed = lineText.trim();
    if (trimmed === '' || trimmed.startsWith('#')) {
      current.lines.push({ text: lineText, eol });
      continue;
    }
    const opener = OPENER.exec(lineText);
    if (opener) {
      const section = opener[1]!;
      const index = Number(opener[2]);
      if (!def.sections.some((candidate) => candidate.id === section)) return problemAt(lineNo, 'unknownSection', { section });
      const expected = seen.get(section) ?? 0;
      if (index !== expected) return problemAt(lineNo, 'indexOutOfOrder', { section, expected });
      seen.set(section, expected + 1);
      blocks.push({ section, index, lines: [{ text: lineText, eol }], keys: new Map([[`[${section}]`, lineNo]]) });
      continue;
    }
    const line = keyValueLine(lineText, eol);
    if (!line?.key) return problemAt(lineNo, 'malformedLine', {});
    if (current.keys.has(line.key)) return problemAt(lineNo, 'duplicateKey', { key: line.key });
    current.keys.set(line.key, lineNo);
    current.lines.push(line);
  }
  const header = blocks[0]!;
  for (const section of def.sections) {
    const count = seen.get(section.id) ?? 0;
    const countLine = header.lines.find((line) => line.key === section.countKey);
    const stated = countLine && valueOfLine(countLine);
    if (stated === undefined ? count === 0 : /^\d+$/.test(stated) && Number(stated) === count) continue;
    const lineNo = header.keys.get(section.countKey) ?? blocks.find((block) => block.section === section.id)?.keys.get(`[${section.id}]`) ?? 1;
    return problemAt(lineNo, 'countMismatch', { key: section.countKey, count: stated ?? '—', blocks: count, section: section.id });
  }
  const doc: ParamDocument = {
    def, bom, eol: crlf > lf ? '\r\n' : '\n', finalEol: raw.length === 0 || raw[raw.length - 1]!.eol !== '',
    blocks: blocks.map(({ section, index, lines }): ParamBlock => (section === undefined ? { lines } : { section, index, lines })),
  };
  return { ok: true, doc };
}

/** The document's text: exactly the parsed text where nothing was edited. */
export function writeParamFile(doc: ParamDocument): string {
  let text = doc.bom ? '\uFEFF' : '';
  for (const block of doc.blocks) for (const line of block.lines) text += line.text + line.eol;
  return text;
}
