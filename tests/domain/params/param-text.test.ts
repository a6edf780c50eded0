// The text format round-trips every file exactly (canonical, hand-written with comments, blanks, unknown keys, CRLF),
// refuses malformed files with the line, and edits touch only the edited value.
import { describe, expect, it } from 'vitest';
import { PARAM_FILES, paramFileDef } from '../../../domain/params/catalogue';
import { defaultParamFiles } from '../../../domain/params/device-defaults';
import {
  newParamDocument, paramValue, parseParamFile, sectionCount, withParamValue, withSectionCount, writeParamFile, type ParamDocument,
} from '../../../domain/params/param-text';
import { render } from '../../../domain/i18n';

const elscfg = paramFileDef('elscfg.txt');
const parsed = (def: typeof elscfg, text: string): ParamDocument => {
  const result = parseParamFile(def, text);
  if (!result.ok) throw new Error(`line ${result.line}: ${render('en', result.problem)}`);
  return result.doc;
};

const HAND = [
  '# elscfg.txt, edited on site',
  'totalCount = 2',
  '',
  '[probe.0]',
  '  cabinIndex=0',
  'lineNum=1',
  'vendorNote=a=b # not a comment',
  '# the second probe',
  '[probe.1]',
  'cabinIndex=1',
  'sn=0012345678   ',
].join('\n');

describe('parameter file text', () => {
  const files = defaultParamFiles({ plate: '沪A12345', compartments: 3, consoleSn: 'C1001' });

  it.each(PARAM_FILES.map((def) => [def.name, def] as const))('%s: writes a default file back exactly', (name, def) => {
    expect(writeParamFile(parsed(def, files[name]))).toBe(files[name]);
  });

  it.each(PARAM_FILES.map((def) => [def.name, def] as const))('%s: a new document parses to the values it was made of', (_name, def) => {
    const doc = newParamDocument(def);
    const again = parsed(def, writeParamFile(doc));
    for (const field of def.header) expect(paramValue(again, { key: field.key })).toBe(paramValue(doc, { key: field.key }));
    for (const section of def.sections) expect(sectionCount(again, section.id)).toBe(sectionCount(doc, section.id));
  });

  it('keeps comments, blank lines, unknown keys, blanks, a BOM, CRLF and a missing last line end', () => {
    for (const text of [HAND, `${HAND}\n`, HAND.replaceAll('\n', '\r\n') + '\r\n', `\uFEFF${HAND}`, 'totalCount=0\r\nx=1\n']) {
      const doc = parsed(elscfg, text);
      expect(writeParamFile(doc)).toBe(text);
    }
    const doc = parsed(elscfg, HAND);
    expect(paramValue(doc, { key: 'totalCount' })).toBe('2');
    expect(paramValue(doc, { section: 'probe', index: 0, key: 'vendorNote' })).toBe('a=b # not a comment');
    expect(paramValue(doc, { section: 'probe', index: 1, key: 'sn' })).toBe('0012345678');
  });

  it('replaces only the value part of an edited line', () => {
    const crlf = HAND.replaceAll('\n', '\r\n');
    const doc = withParamValue(parsed(elscfg, crlf), { section: 'probe', index: 0, key: 'cabinIndex' }, 4);
    expect(writeParamFile(doc)).toBe(crlf.replace('  cabinIndex=0', '  cabinIndex=4'));
    const sn = withParamValue(doc, { section: 'probe', index: 1, key: 'sn' }, '0000000001');
    expect(writeParamFile(sn)).toBe(crlf.replace('  cabinIndex=0', '  cabinIndex=4').replace('sn=0012345678   ', 'sn=0000000001   '));
  });

  it('writes a missing key canonically after its block\'s last key, with the file\'s line end', () => {
    const doc = withParamValue(parsed(elscfg, HAND), { section: 'probe', index: 0, key: 'en' }, 0);
    expect(writeParamFile(doc)).toBe(HAND.replace('vendorNote=a=b # not a comment\n', 'vendorNote=a=b # not a comment\nen=0\n'));
    const last = withParamValue(parsed(elscfg, HAND), { section: 'probe', index: 1, key: 'en' }, 1);
    expect(writeParamFile(last)).toBe(`${HAND}\nen=1`);
  });

  it('adds blocks at their defaults and removes blocks, keeping the count field in step', () => {
    const three = withSectionCount(parsed(elscfg, `${HAND}\n`), 'probe', 3);
    const text = writeParamFile(three);
    expect(text.startsWith(`${HAND.replace('totalCount = 2', 'totalCount = 3')}\n[probe.2]\ncabinIndex=0\nlineNum=1\ntype=1\n`)).toBe(true);
    expect(parsed(elscfg, text).blocks).toHaveLength(4);
    const one = withParamValue(three, { key: 'totalCount' }, 1);
    expect(sectionCount(one, 'probe')).toBe(1);
    // The comment before [probe.1] belongs to probe 0's lines, so it stays.
    expect(writeParamFile(one)).toBe(`${HAND.split('\n[probe.1]')[0]!.replace('totalCount = 2', 'totalCount = 1')}\n`);
    expect(sectionCount(withSectionCount(one, 'probe', 500), 'probe')).toBe(64);
  });

  it('adds a tlscfg probe after the last probe and a product after the last product', () => {
    const tlscfg = paramFileDef('tlscfg.txt');
    const doc = withSectionCount(withSectionCount(parsed(tlscfg, files['tlscfg.txt']), 'product', 3), 'probe', 4);
    const again = parsed(tlscfg, writeParamFile(doc));
    expect(again.blocks.map((b) => `${b.section ?? 'header'}.${b.index ?? ''}`)).toEqual([
      'header.', 'product.0', 'product.1', 'product.2', 'probe.0', 'probe.1', 'probe.2', 'probe.3',
    ]);
    expect(paramValue(again, { section: 'probe', index: 3, key: 'probeAddr' })).toBe('0xC0');
  });

  it.each([
    ['a malformed line', 'totalCount=0\njust words\n', 2, 'Line 2 is malformed', '第2行格式错误'],
    ['an unknown block', 'totalCount=1\n[valve.0]\n', 2, 'unknown block "valve"', '未知的块'],
    ['a block index out of order', 'totalCount=2\n[probe.0]\n[probe.2]\n', 3, 'should have index 1', '序号应为1'],
    ['a duplicate key', 'totalCount=1\n[probe.0]\nsn=1\nsn=2\n', 4, 'key "sn" appears twice', '键“sn”重复'],
    ['a count disagreeing with the blocks', '# c\ntotalCount=3\n[probe.0]\n[probe.1]\n', 2, 'totalCount is 3 but the file has 2 probe blocks', 'totalCount为3'],
    ['blocks without a count', '[probe.0]\n', 1, 'totalCount is — but the file has 1', '有1个probe块'],
  ])('refuses %s with its line in zh and en', (_what, text, line, en, zh) => {
    const result = parseParamFile(elscfg, text);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.line).toBe(line);
    expect(render('en', result.problem)).toContain(en);
    expect(render('zh', result.problem)).toContain(zh);
  });

  it('refuses a value that would span lines', () => {
    const doc = newParamDocument(paramFileDef('syscfg.txt'));
    expect(() => withParamValue(doc, { key: 'tankTruckSn' }, 'a\nb=c')).toThrow(RangeError);
  });
});
