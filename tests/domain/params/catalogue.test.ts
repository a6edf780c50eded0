// The catalogue as a registry: all eleven files in the spec's order with unique type codes, every locale key present
// in zh and en, count fields in the header, defaults within their own limits, and every key in the file's doc page.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PARAM_FILES, paramFileDef } from '../../../domain/params/catalogue';
import { PARAM_FILE_NAMES, type ParamField } from '../../../domain/params/catalogue-types';
import { paramFileId } from '../../../domain/params/files/field-helpers';
import { formatParamValue } from '../../../domain/params/param-text';
import { checkParamValue } from '../../../domain/params/param-limits';
import { LANGS, translate, type LocaleKey } from '../../../domain/i18n';

const fieldsOf = (def: (typeof PARAM_FILES)[number]): ParamField[] => [...def.header, ...def.sections.flatMap((s) => s.fields)];

describe('parameter file catalogue', () => {
  it('holds the eleven files in the spec order with type codes 7,1,2,3,8,4,6,5,9,10,11', () => {
    expect(PARAM_FILES.map((def) => def.name)).toEqual([...PARAM_FILE_NAMES]);
    expect(PARAM_FILES.map((def) => def.type)).toEqual([7, 1, 2, 3, 8, 4, 6, 5, 9, 10, 11]);
    expect(new Set(PARAM_FILES.map((def) => def.type)).size).toBe(11);
    for (const name of PARAM_FILE_NAMES) expect(paramFileDef(name).name).toBe(name);
  });

  it('has every title, display name, tooltip, section title and option label in zh and in en', () => {
    const keys: LocaleKey[] = PARAM_FILES.flatMap((def) => [
      def.titleKey,
      ...def.sections.map((s) => s.titleKey),
      ...fieldsOf(def).flatMap((f) => [f.nameKey, ...(f.tipKey ? [f.tipKey] : []), ...(f.options ?? []).map((o) => o.labelKey)]),
    ]);
    const missing = LANGS.flatMap((lang) => keys.filter((key) => translate(lang, key) === key).map((key) => `${lang}:${key}`));
    expect(missing).toEqual([]);
    expect(translate('zh', paramFileDef('syscfg.txt').titleKey)).toBe('控制台参数');
    expect(translate('en', paramFileDef('syscfg.txt').titleKey)).toBe('console parameters');
  });

  it('names each file key once per block and gives each section a header count field bounded by its max', () => {
    for (const def of PARAM_FILES) {
      for (const fields of [def.header, ...def.sections.map((s) => s.fields)]) {
        expect(new Set(fields.map((f) => f.key)).size, def.name).toBe(fields.length);
      }
      for (const section of def.sections) {
        const count = def.header.find((f) => f.key === section.countKey);
        expect(count, `${def.name} ${section.countKey}`).toBeDefined();
        expect(count?.max, `${def.name} ${section.countKey}`).toBeLessThanOrEqual(section.max);
      }
    }
  });

  it('gives every field a default within its own limits', () => {
    const refused = PARAM_FILES.flatMap((def) => fieldsOf(def)
      .filter((f) => checkParamValue(f, formatParamValue(f, f.default)) !== undefined)
      .map((f) => `${def.name}:${f.key}=${f.default}`));
    expect(refused).toEqual([]);
  });

  it('documents every key of every file in docs/param-files/<file>.md', () => {
    const undocumented = PARAM_FILES.flatMap((def) => {
      const page = readFileSync(`docs/param-files/${paramFileId(def.name)}.md`, 'utf8');
      return fieldsOf(def).filter((f) => !page.includes(`\`${f.key}\``)).map((f) => `${def.name}:${f.key}`);
    });
    expect(undocumented).toEqual([]);
    expect(readFileSync('docs/param-files/README.md', 'utf8')).toContain('[probe.0]');
  });

  it('holds the spec limits of the five console files', () => {
    const field = (name: Parameters<typeof paramFileDef>[0], key: string, section?: string) =>
      (section ? paramFileDef(name).sections.find((s) => s.id === section)?.fields : paramFileDef(name).header)?.find((f) => f.key === key);
    expect(field('syscfg.txt', 'tankCabinsCount')).toMatchObject({ max: 5, tipKey: 'paramField.syscfg.tankCabinsCountTip' });
    expect(translate('en', field('syscfg.txt', 'tankCabinsCount')!.tipKey!)).toBe('currently max 5');
    expect(field('syscfg.txt', 'obcWorkMode')?.options?.map((o) => o.value)).toEqual([0, 1, 3]);
    expect(['TFStatus', 'sysVerStr', 'myAppMode', 'actDevSN'].map((key) => field('syscfg.txt', key)?.canSet)).toEqual([false, false, false, false]);
    expect(field('syscfg.txt', 'autoSealTimes')?.max).toBe(99);
    expect(field('ctlsyscfg.txt', 'vrHoldTime')?.min).toBe(1000);
    expect(field('elscfg.txt', 'totalCount')?.max).toBe(64);
    expect(field('elscfg.txt', 'cabinIndex', 'probe')).toMatchObject({ min: 0, max: 9, shownOffset: 1 });
    expect(field('elscfg.txt', 'sn', 'probe')).toMatchObject({ kind: 'sn', digits: 10 });
    expect(field('elscfg.txt', 'type', 'probe')?.options).toHaveLength(32);
    expect(paramFileDef('elspproperty.txt').sections[0]!.fields.every((f) => !f.canSet)).toBe(true);
    expect(field('tlscfg.txt', 'probeAddr', 'probe')).toMatchObject({ kind: 'hex', min: 192, max: 207 });
    expect(field('tlscfg.txt', 'volCalcMode', 'probe')?.options?.map((o) => o.value)).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });
});
