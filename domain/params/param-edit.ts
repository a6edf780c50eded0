// Edits of a parsed parameter file, each giving a new document: a value replaced in place (only the value part of its
// line changes), a missing key or a new block written canonically (`key=value`, `[section.index]`), and a section's
// block count changed together with its count field. Also the canonical file of given values (newParamDocument).
import type { ParamFileDef, ParamSection } from './catalogue-types';
import {
  blockPosition, formatParamValue, sectionCount, type ParamBlock, type ParamDocument, type ParamLine, type ParamPath,
} from './param-document';
import { keyValueLine, parseParamFile } from './param-parse';

/** Values for a new file: header keys, and per section one record per block. Missing keys take the field's default. */
export interface ParamValues {
  readonly header?: Readonly<Record<string, number | string>>;
  readonly sections?: Readonly<Record<string, readonly Readonly<Record<string, number | string>>[]>>;
}

const fieldOf = (def: ParamFileDef, path: ParamPath) =>
  (path.section === undefined ? def.header : def.sections.find((s) => s.id === path.section)?.fields)?.find((f) => f.key === path.key);

function checkedText(value: string): string {
  if (/[\r\n]/.test(value)) throw new RangeError('a parameter value cannot span lines');
  return value;
}

/** Every line but the last ends with a terminator; the last one as the file ended. A parsed document is unchanged. */
function settle(doc: ParamDocument, blocks: readonly ParamBlock[]): ParamDocument {
  const lastBlock = blocks.findLastIndex((block) => block.lines.length > 0);
  const settled = blocks.map((block, b) => ({
    ...block,
    lines: block.lines.map((line, l) => {
      const last = b === lastBlock && l === block.lines.length - 1;
      const eol = last && !doc.finalEol ? '' : line.eol || doc.eol;
      return eol === line.eol ? line : { ...line, eol };
    }),
  }));
  return { ...doc, blocks: settled };
}

function setRaw(doc: ParamDocument, path: ParamPath, value: string): ParamDocument {
  const position = blockPosition(doc, path.section, path.index);
  const block = doc.blocks[position];
  if (!block) throw new RangeError(`no block ${path.section}.${path.index}`);
  const at = block.lines.findIndex((line) => line.key === path.key);
  let lines: ParamLine[];
  if (at >= 0) {
    const line = block.lines[at]!;
    const text = line.text.slice(0, line.valueStart) + value + line.text.slice(line.valueEnd);
    lines = block.lines.with(at, { ...line, text, valueEnd: line.valueStart! + value.length });
  } else {
    // After the block's last key, so the new key does not land among the comments that precede the next block.
    const lastKey = block.lines.findLastIndex((line, i) => line.key !== undefined || (i === 0 && block.section !== undefined));
    lines = block.lines.toSpliced(lastKey + 1, 0, keyValueLine(`${path.key}=${value}`, doc.eol)!);
  }
  return settle(doc, doc.blocks.with(position, { ...block, lines }));
}

function canonicalBlock(doc: ParamDocument, section: ParamSection, index: number, values: Readonly<Record<string, number | string>> = {}): ParamBlock {
  const lines = [{ text: `[${section.id}.${index}]`, eol: doc.eol }, ...section.fields.map((field) =>
    keyValueLine(`${field.key}=${checkedText(formatParamValue(field, values[field.key] ?? field.default))}`, doc.eol)!)];
  return { section: section.id, index, lines };
}

/**
 * The document with `n` blocks of the section (clamped to 0…its max): blocks past n removed, new ones written with
 * their fields' defaults after the section's last block, and the count field set to n.
 */
export function withSectionCount(doc: ParamDocument, sectionId: string, n: number): ParamDocument {
  const order = doc.def.sections.findIndex((s) => s.id === sectionId);
  const section = doc.def.sections[order];
  if (!section) throw new RangeError(`no section ${sectionId} in ${doc.def.name}`);
  const count = Math.max(0, Math.min(section.max, Math.trunc(n)));
  const current = sectionCount(doc, sectionId);
  let blocks = doc.blocks.filter((block) => block.section !== sectionId || (block.index ?? 0) < count);
  if (count > current) {
    const earlier = new Set(doc.def.sections.slice(0, order + 1).map((s) => s.id));
    const after = blocks.findLastIndex((block, i) => i === 0 || earlier.has(block.section ?? ''));
    const added = Array.from({ length: count - current }, (_, i) => canonicalBlock(doc, section, current + i));
    blocks = blocks.toSpliced(after + 1, 0, ...added);
  }
  return setRaw(settle(doc, blocks), { key: section.countKey }, String(count));
}

/** The document with one value replaced; a header count field changes its section's blocks too. */
export function withParamValue(doc: ParamDocument, path: ParamPath, value: number | string): ParamDocument {
  const text = checkedText(formatParamValue(fieldOf(doc.def, path), value));
  const counted = path.section === undefined ? doc.def.sections.find((s) => s.countKey === path.key) : undefined;
  if (counted) {
    if (!/^\s*\d+\s*$/.test(text)) throw new RangeError(`${path.key} counts blocks: a whole number is needed`);
    return withSectionCount(doc, counted.id, Number(text));
  }
  return setRaw(doc, path, text);
}

/** The canonical file of the values: every header field, then every section's blocks, each field once, in catalogue order. */
export function newParamDocument(def: ParamFileDef, values: ParamValues = {}): ParamDocument {
  const counts = new Map(def.sections.map((section) => {
    const given = values.sections?.[section.id]?.length ?? Number(values.header?.[section.countKey] ?? 
      def.header.find((f) => f.key === section.countKey)?.default ?? 0);
    return [section.countKey, Math.max(0, Math.min(section.max, given))];
  }));
  const lines = def.header.map((field) =>
    `${field.key}=${checkedText(formatParamValue(field, counts.get(field.key) ?? values.header?.[field.key] ?? field.default))}`);
  for (const section of def.sections) {
    for (let index = 0; index < (counts.get(section.countKey) ?? 0); index++) {
      const given = values.sections?.[section.id]?.[index] ?? {};
      lines.push(`[${section.id}.${index}]`, ...section.fields.map((field) =>
        `${field.key}=${checkedText(formatParamValue(field, given[field.key] ?? field.default))}`));
    }
  }
  const parsed = parseParamFile(def, lines.map((line) => `${line}\n`).join(''));
  if (!parsed.ok) throw new Error(`${def.name}: canonical text refused at line ${parsed.line}`);
  return parsed.doc;
}
