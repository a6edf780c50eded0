// A new simulated device's eleven files: valid, deterministic, and carrying the truck's plate, compartments (at most
// five), console serial number, time zone, a seal probe per compartment per bus and a level probe per compartment.
import { describe, expect, it } from 'vitest';
import { PARAM_FILES, paramFileDef } from '../../../domain/params/catalogue';
import { PARAM_FILE_NAMES } from '../../../domain/params/catalogue-types';
import { defaultParamFiles } from '../../../domain/params/device-defaults';
import { checkParamDocument } from '../../../domain/params/param-limits';
import { paramValue, parseParamFile, sectionCount, type ParamDocument } from '../../../domain/params/param-text';

const truck = { plate: '沪A12345', compartments: 3, consoleSn: 'C20240001' };
const files = defaultParamFiles(truck);
const doc = (name: (typeof PARAM_FILE_NAMES)[number], all = files): ParamDocument => {
  const result = parseParamFile(paramFileDef(name), all[name]);
  if (!result.ok) throw new Error(`${name} line ${result.line}`);
  return result.doc;
};

describe('a new device\'s parameter files', () => {
  it('holds all eleven, each parsing and within its limits, the same for the same truck', () => {
    expect(Object.keys(files).sort()).toEqual([...PARAM_FILE_NAMES].sort());
    for (const def of PARAM_FILES) expect(checkParamDocument(def, doc(def.name)), def.name).toEqual([]);
    expect(defaultParamFiles(truck)).toEqual(files);
  });

  it('carries the truck\'s plate, compartments, console SN and time zone', () => {
    const syscfg = doc('syscfg.txt');
    expect(paramValue(syscfg, { key: 'tankTruckSn' })).toBe('沪A12345');
    expect(paramValue(syscfg, { key: 'tankCabinsCount' })).toBe('3');
    expect(paramValue(syscfg, { key: 'actDevSN' })).toBe('C20240001');
    expect(paramValue(syscfg, { key: 'localtimezone' })).toBe('8');
    const west = defaultParamFiles({ ...truck, compartments: 9, timeZone: 7 });
    expect(paramValue(doc('syscfg.txt', west), { key: 'tankCabinsCount' })).toBe('5');
    expect(paramValue(doc('ctlsyscfg.txt', west), { key: 'timezone' })).toBe('7');
    expect(sectionCount(doc('elscfg.txt', west), 'probe')).toBe(10);
  });

  it('has a seal probe per compartment on each bus with distinct 10-digit SNs, and a level probe per compartment', () => {
    const elscfg = doc('elscfg.txt');
    const probes = Array.from({ length: sectionCount(elscfg, 'probe') }, (_, index) =>
      ['cabinIndex', 'lineNum', 'sn'].map((key) => paramValue(elscfg, { section: 'probe', index, key })).join('/'));
    expect(probes.map((p) => p.split('/').slice(0, 2).join('/'))).toEqual(['0/1', '1/1', '2/1', '0/2', '1/2', '2/2']);
    const sns = probes.map((p) => p.split('/')[2]!);
    expect(new Set(sns).size).toBe(6);
    expect(sns.every((sn) => /^\d{10}$/.test(sn))).toBe(true);
    expect(sectionCount(doc('elspproperty.txt'), 'probe')).toBe(6);
    const tlscfg = doc('tlscfg.txt');
    expect([0, 1, 2].map((index) => paramValue(tlscfg, { section: 'probe', index, key: 'probeAddr' }))).toEqual(['0xC0', '0xC1', '0xC2']);
    expect(sectionCount(doc('tlspproperty.txt'), 'probe')).toBe(3);
  });
});
