// The commissioning facts read from a device's files: a new device's files give the truck's console values, a seal
// probe per compartment and bus each reported, and a level probe per compartment found on the bus with its live reading.
import { describe, expect, it } from 'vitest';
import { paramFileDef } from '../../../domain/params/catalogue';
import type { ParamFileName } from '../../../domain/params/catalogue-types';
import {
  consoleFacts, controllerVersion, levelProbeFacts, sealProbeFacts,
} from '../../../domain/params/commissioning-facts';
import { defaultParamFiles } from '../../../domain/params/device-defaults';
import { parseParamFile, withParamValue, withSectionCount, type ParamDocument } from '../../../domain/params/param-text';

const files = defaultParamFiles({ plate: '沪A12345', compartments: 2, consoleSn: 'C20240001' });
function doc(name: ParamFileName): ParamDocument {
  const parsed = parseParamFile(paramFileDef(name), files[name]);
  if (!parsed.ok) throw new Error(name);
  return parsed.doc;
}

describe('commissioning facts from the device files', () => {
  it("reads the console's reported values and set-up from syscfg.txt", () => {
    expect(consoleFacts(doc('syscfg.txt'))).toEqual({
      version: 'V3.2.0', appMode: 0, sn: 'C20240001', plate: '沪A12345', cabins: 2, tfStatus: 1,
      obcWorkMode: 0, spdsWorkMode: 0, tlsWorkMode: 0, spdsWorkEn: true, tlsWorkEn: true,
    });
  });

  it('gives empty texts and nulls without a syscfg.txt', () => {
    expect(consoleFacts(undefined)).toMatchObject({ version: '', sn: '', cabins: null, tfStatus: null, spdsWorkEn: false });
  });

  it('pairs each seal probe with its status block in order; a probe past the blocks is not reported', () => {
    const probes = sealProbeFacts(doc('elscfg.txt'), doc('elspproperty.txt'));
    expect(probes.map((p) => [p.compartment, p.line, p.type, p.reported])).toEqual([[1, 1, 1, true], [2, 1, 1, true], [1, 2, 2, true], [2, 2, 2, true]]);
    expect(probes[0]).toMatchObject({ enabled: true, sensorValue: 0, maxMv: 3300 });
    expect(probes[0]?.sn).toMatch(/^\d{10}$/);

    const fewer = withSectionCount(doc('elspproperty.txt'), 'probe', 3);
    expect(sealProbeFacts(doc('elscfg.txt'), fewer).map((p) => p.reported)).toEqual([true, true, true, false]);
    expect(sealProbeFacts(doc('elscfg.txt'), undefined).every((p) => !p.reported && p.sensorValue === null)).toBe(true);
  });

  it("finds each level probe's address in tlspproperty.txt and its compartment's reading in the live row", () => {
    const inventory = { '1': { oilCode: 92, vt: 9000, levelMm: 800, v20: 8950, temperature: 18.5 }, '2': { oilCode: 0, vt: 0 } };
    const probes = levelProbeFacts(doc('tlscfg.txt'), doc('tlspproperty.txt'), inventory);
    expect(probes).toEqual([
      { index: 0, compartment: 1, address: 0xc0, psn: expect.stringMatching(/^\d{10}$/), found: true, cabinHeight: 1500, levelMm: 800, vt: 9000, v20: 8950, temperature: 18.5 },
      { index: 1, compartment: 2, address: 0xc1, psn: expect.stringMatching(/^\d{10}$/), found: true, cabinHeight: 1500, levelMm: null, vt: 0, v20: null, temperature: null },
    ]);
    const moved = withParamValue(doc('tlspproperty.txt'), { section: 'probe', index: 1, key: 'rdAddr' }, 0xc5);
    expect(levelProbeFacts(doc('tlscfg.txt'), moved, inventory).map((p) => p.found)).toEqual([true, false]);
  });

  it("reads the controller's version from firmware.json, none when absent or unreadable", () => {
    expect(controllerVersion('{"type1":"V3.3.0","type2":"V1.5.2"}')).toBe('V1.5.2');
    expect(controllerVersion('{"type1":"V3.3.0"}')).toBeNull();
    expect(controllerVersion('{')).toBeNull();
    expect(controllerVersion(undefined)).toBeNull();
  });
});
