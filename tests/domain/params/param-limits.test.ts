// Every limit of every catalogue field refuses a bad value with a zh and an en message naming the field; values the
// device reports are not checked in a file but an edit changing one is refused.
import { describe, expect, it } from 'vitest';
import { PARAM_FILES, paramFileDef } from '../../../domain/params/catalogue';
import type { ParamField } from '../../../domain/params/catalogue-types';
import { checkParamDocument, checkParamEdit, checkParamValue } from '../../../domain/params/param-limits';
import { formatParamValue, newParamDocument, withParamValue } from '../../../domain/params/param-text';
import { render, translate } from '../../../domain/i18n';

/** Values each of a field's limits refuses, in the file's form. */
function badValues(field: ParamField): string[] {
  const bad: string[] = [];
  if (field.min !== undefined) bad.push(formatParamValue(field, field.min - (field.kind === 'decimal' ? 0.5 : 1)));
  if (field.max !== undefined) bad.push(formatParamValue(field, field.max + 1));
  if (field.kind === 'int' || field.kind === 'switch') bad.push('1.5', 'x');
  if (field.kind === 'decimal') bad.push('abc', `${field.min}.${'1'.repeat((field.decimals ?? 0) + 1)}`);
  if (field.kind === 'hex') bad.push('0xZZ');
  if (field.digits !== undefined) bad.push('1'.repeat(field.digits - 1), '1'.repeat(field.digits + 1), `${'1'.repeat(field.digits - 1)}a`);
  if (field.options) bad.push(String(Math.max(...field.options.map((o) => o.value)) + 1), 'x');
  if (field.maxLength !== undefined) bad.push('字'.repeat(field.maxLength + 1));
  return bad;
}

const cases = PARAM_FILES.flatMap((def) => [...def.header, ...def.sections.flatMap((s) => s.fields)]
  .flatMap((field) => badValues(field).map((raw) => [`${def.name} ${field.key}`, field, raw] as const)));

describe('parameter limits', () => {
  it('covers every field with a limit', () => {
    expect(cases.length).toBeGreaterThan(300);
  });

  it.each(cases)('%s refuses %#: in zh and en, naming the field', (_name, field, raw) => {
    const problem = checkParamValue(field, raw);
    expect(problem, raw).toBeDefined();
    expect(render('zh', problem!)).toContain(translate('zh', field.nameKey));
    expect(render('en', problem!)).toContain(translate('en', field.nameKey));
    expect(render('en', problem!)).not.toMatch(/\{\{|paramCheck/);
  });

  it('names the bound as shown: compartments 1–10, probe addresses 0xC0–0xCF, vrHoldTime at least 1000', () => {
    const fields = (name: Parameters<typeof paramFileDef>[0]) => [...paramFileDef(name).header, ...paramFileDef(name).sections.flatMap((s) => s.fields)];
    const field = (name: Parameters<typeof paramFileDef>[0], key: string) => fields(name).find((f) => f.key === key)!;
    expect(render('en', checkParamValue(field('elscfg.txt', 'cabinIndex'), '10')!)).toBe('Compartment must be between 1 and 10');
    expect(render('zh', checkParamValue(field('elscfg.txt', 'cabinIndex'), '10')!)).toBe('仓号须在1至10之间');
    expect(render('en', checkParamValue(field('tlscfg.txt', 'probeAddr'), '0xD0')!)).toBe('Probe address must be between 0xC0 and 0xCF');
    expect(checkParamValue(field('tlscfg.txt', 'probeAddr'), 'c5')).toBeUndefined();
    expect(render('en', checkParamValue(field('ctlsyscfg.txt', 'vrHoldTime'), '999')!)).toBe('Recording hold time (ms) must be between 1000 and 600000');
    expect(render('zh', checkParamValue(field('syscfg.txt', 'tankCabinsCount'), '6')!)).toBe('仓数须在1至5之间');
    expect(render('en', checkParamValue(field('elscfg.txt', 'sn'), '123')!)).toBe('Sensor serial number must be exactly 10 digits');
    expect(render('zh', checkParamValue(field('syscfg.txt', 'tankTruckSn'), 'a\tb')!)).toBe('车牌号不能包含换行或控制字符');
    expect(checkParamValue(field('syscfg.txt', 'autoSealTimes'), ' 99 ')).toBeUndefined();
    expect(checkParamValue(field('tlscfg.txt', 'ptDensity'), '0.7250')).toBeUndefined();
  });

  it('checks a document\'s settable values, in file order, and leaves reported values alone', () => {
    const syscfg = paramFileDef('syscfg.txt');
    let doc = newParamDocument(syscfg);
    doc = withParamValue(doc, { key: 'manualSealTimes' }, 100);
    doc = withParamValue(doc, { key: 'tankCabinsCount' }, 6);
    doc = withParamValue(doc, { key: 'myAppMode' }, 999);
    expect(checkParamDocument(syscfg, doc).map((p) => p.path.key)).toEqual(['tankCabinsCount', 'manualSealTimes']);
    const elscfg = paramFileDef('elscfg.txt');
    const probes = withParamValue(newParamDocument(elscfg, { sections: { probe: [{}, {}] } }), { section: 'probe', index: 1, key: 'lineNum' }, 3);
    expect(checkParamDocument(elscfg, probes)).toMatchObject([{ path: { section: 'probe', index: 1, key: 'lineNum' } }]);
  });

  it('refuses an edit that changes a value the device reports, in zh and en', () => {
    const syscfg = paramFileDef('syscfg.txt');
    const before = newParamDocument(syscfg);
    const after = withParamValue(withParamValue(before, { key: 'sysVerStr' }, 'V9'), { key: 'autoSealTimes' }, 5);
    const problems = checkParamEdit(syscfg, before, after);
    expect(problems.map((p) => p.path.key)).toEqual(['sysVerStr']);
    expect(render('en', problems[0]!.problem)).toBe('System version is reported by the device and cannot be changed');
    expect(render('zh', problems[0]!.problem)).toBe('系统版本为设备上报值，不能修改');
    const seals = paramFileDef('elspproperty.txt');
    const one = newParamDocument(seals, { sections: { probe: [{}] } });
    expect(checkParamEdit(seals, one, withParamValue(one, { section: 'probe', index: 0, key: 'rdZero' }, 1)).map((p) => p.path.key)).toEqual(['rdZero']);
    expect(checkParamEdit(seals, one, one)).toEqual([]);
  });
});
