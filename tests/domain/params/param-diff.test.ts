// The difference of an edited file from the device's copy: changed catalogue values in file order, added and removed
// blocks, and the same number written two ways counted as no change.
import { describe, expect, it } from 'vitest';
import { paramFileDef } from '../../../domain/params/catalogue';
import { diffParamDocuments } from '../../../domain/params/param-diff';
import { newParamDocument, parseParamFile, withParamValue, withSectionCount, type ParamDocument } from '../../../domain/params/param-text';

const tlscfg = paramFileDef('tlscfg.txt');
const device = newParamDocument(tlscfg, { sections: { product: [{ ptNo: 92 }], probe: [{ cabinIndex: 0 }, { cabinIndex: 1 }] } });
const summary = (doc: ParamDocument) => diffParamDocuments(tlscfg, device, doc)
  .map((c) => `${c.path.section ?? ''}${c.path.index ?? ''}.${c.path.key}:${c.before ?? '∅'}→${c.after ?? '∅'}`);

describe('parameter file diff', () => {
  it('finds nothing between a file and itself', () => {
    expect(diffParamDocuments(tlscfg, device, device)).toEqual([]);
  });

  it('lists changed values in the file\'s order with the field', () => {
    let edited = withParamValue(device, { section: 'probe', index: 1, key: 'cabinHeight' }, 1600);
    edited = withParamValue(edited, { key: 'fluctuationThreshold' }, 7);
    edited = withParamValue(edited, { section: 'product', index: 0, key: 'ptName' }, '95#');
    expect(summary(edited)).toEqual(['.fluctuationThreshold:5→7', 'product0.ptName:→95#', 'probe1.cabinHeight:1500→1600']);
    expect(diffParamDocuments(tlscfg, device, edited)[0]!.field.key).toBe('fluctuationThreshold');
  });

  it('shows an added block\'s values as new and a removed block\'s as gone', () => {
    const added = summary(withSectionCount(device, 'probe', 3));
    expect(added[0]).toBe('.probeCount:2→3');
    expect(added).toContain('probe2.probeAddr:∅→0xC0');
    expect(summary(withSectionCount(device, 'probe', 1))).toContain('probe1.cabinIndex:1→∅');
  });

  it('counts 0xc0 and 0xC0, 08 and 8 as the same value, and ignores unknown keys and comments', () => {
    const text = '# from the device\nprobeCount=1\nangleCompEn=1\nfluctuationThreshold=05\nextra=1\n[probe.0]\nprobeAddr=0xc0\n';
    const theirs = parseParamFile(tlscfg, text);
    const ours = parseParamFile(tlscfg, text.replace('05', '5').replace('0xc0', 'C0').replace('extra=1', 'extra=2'));
    if (!theirs.ok || !ours.ok) throw new Error('parse');
    expect(diffParamDocuments(tlscfg, theirs.doc, ours.doc)).toEqual([]);
  });
});
