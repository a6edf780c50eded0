// docs/param-files/<fileId>.md of the six files extdevcfg1, mlockcfg, mcgroupcfg, ui.cfg, printercfg, tlspproperty
// document every key the catalogue holds, and their examples are files the parser reads back exactly and the checks pass.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ParamFileDef } from '../../../domain/params/catalogue-types';
import { paramFileId } from '../../../domain/params/files/field-helpers';
import { extdevcfg1 } from '../../../domain/params/files/extdevcfg1';
import { mlockcfg } from '../../../domain/params/files/mlockcfg';
import { mcgroupcfg } from '../../../domain/params/files/mcgroupcfg';
import { uiCfg } from '../../../domain/params/files/ui';
import { printercfg } from '../../../domain/params/files/printercfg';
import { tlspproperty } from '../../../domain/params/files/tlspproperty';
import { parseParamFile, paramValue, writeParamFile } from '../../../domain/params/param-text';
import { checkParamDocument, checkParamValue } from '../../../domain/params/param-limits';

const docPage = (def: ParamFileDef) => readFileSync(new URL(`../../../docs/param-files/${paramFileId(def.name)}.md`, import.meta.url), 'utf8');

function example(page: string): string {
  const block = /## Example\n\n```\n([\s\S]*?)```/.exec(page);
  if (!block?.[1]) throw new Error('no example block');
  return block[1];
}

describe.each([extdevcfg1, mlockcfg, mcgroupcfg, uiCfg, printercfg, tlspproperty])('docs/param-files for $name', (def) => {
  const page = docPage(def);

  it('lists every header key and every block key in its tables', () => {
    const rows = new Set([...page.matchAll(/^\| `([^`]+)` \|/gm)].map((match) => match[1]));
    const keys = [...def.header, ...def.sections.flatMap((section) => section.fields)].map((field) => field.key);
    expect(keys.filter((key) => !rows.has(key))).toEqual([]);
  });

  it('gives an example the parser reads and the writer gives back unchanged', () => {
    const text = example(page);
    const parsed = parseParamFile(def, text);
    expect(parsed.ok).toBe(true);
    if (parsed.ok) expect(writeParamFile(parsed.doc)).toBe(text);
  });

  it('gives an example holding every field, each within its limits, read-only ones too', () => {
    const parsed = parseParamFile(def, example(page));
    if (!parsed.ok) throw new Error('example does not parse');
    expect(checkParamDocument(def, parsed.doc)).toEqual([]);
    const blocks = [{ fields: def.header, at: {} }, ...def.sections.flatMap((section) =>
      Array.from({ length: parsed.doc.blocks.filter((b) => b.section === section.id).length }, (_, index) => ({
        fields: section.fields, at: { section: section.id, index },
      })))];
    const problems = blocks.flatMap(({ fields, at }) => fields.flatMap((field) => {
      const raw = paramValue(parsed.doc, { ...at, key: field.key });
      if (raw === undefined) return [`${JSON.stringify(at)} ${field.key} missing`];
      return checkParamValue(field, raw) ? [`${JSON.stringify(at)} ${field.key}=${raw}`] : [];
    }));
    expect(problems).toEqual([]);
  });
});
