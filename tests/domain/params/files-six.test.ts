// The six catalogue entries extdevcfg1, mlockcfg, mcgroupcfg, ui.cfg, printercfg and tlspproperty hold the limits
// and options params spec §3.1 and §5 name, defaults inside their own limits, and every text in zh and en.
import { describe, expect, it } from 'vitest';
import type { ParamField, ParamFileDef } from '../../../domain/params/catalogue-types';
import { translate, type LocaleKey } from '../../../domain/i18n';
import { extdevcfg1 } from '../../../domain/params/files/extdevcfg1';
import { mlockcfg } from '../../../domain/params/files/mlockcfg';
import { mcgroupcfg } from '../../../domain/params/files/mcgroupcfg';
import { uiCfg } from '../../../domain/params/files/ui';
import { printercfg } from '../../../domain/params/files/printercfg';
import { tlspproperty } from '../../../domain/params/files/tlspproperty';

const SIX = [extdevcfg1, mlockcfg, mcgroupcfg, uiCfg, printercfg, tlspproperty];

function fieldOf(def: ParamFileDef, key: string, sectionId?: string): ParamField {
  const fields = sectionId === undefined ? def.header : def.sections.find((s) => s.id === sectionId)?.fields;
  const field = fields?.find((candidate) => candidate.key === key);
  if (!field) throw new Error(`${def.name}: no field ${sectionId ?? 'header'}.${key}`);
  return field;
}

const limits = (field: ParamField) => ({ min: field.min, max: field.max });
const optionValues = (field: ParamField) => field.options?.map((option) => option.value);
const optionLabels = (field: ParamField, lang: 'zh' | 'en') => field.options?.map((option) => translate(lang, option.labelKey));

function allFields(def: ParamFileDef): ParamField[] {
  return [...def.header, ...def.sections.flatMap((section) => section.fields)];
}

/** Why a default breaks its own field's limits, or undefined when it keeps them. */
function defaultProblem(field: ParamField): string | undefined {
  const value = field.default;
  switch (field.kind) {
    case 'text':
      return typeof value === 'string' && value.length <= (field.maxLength ?? 0) ? undefined : 'text too long';
    case 'sn':
      return typeof value === 'string' && new RegExp(`^\\d{${field.digits}}$`).test(value) ? undefined : 'not its digits';
    case 'select':
      return field.options?.some((option) => option.value === value) ? undefined : 'not an option';
    default:
      return typeof value === 'number' && value >= (field.min ?? -Infinity) && value <= (field.max ?? Infinity)
        ? undefined : 'out of range';
  }
}

describe('the six files of the catalogue', () => {
  it('carry the spec\'s type codes', () => {
    expect(SIX.map((def) => [def.name, def.type])).toEqual([
      ['extdevcfg1.txt', 4], ['mlockcfg.txt', 6], ['mcgroupcfg.txt', 5], ['ui.cfg', 9], ['printercfg.txt', 10], ['tlspproperty.txt', 11],
    ]);
  });

  it('hold defaults inside every field\'s own limits', () => {
    const broken = SIX.flatMap((def) => allFields(def).map((f) => [def.name, f.key, defaultProblem(f)]).filter(([, , p]) => p));
    expect(broken).toEqual([]);
  });

  it('repeat each section by a header count whose maximum is the section\'s', () => {
    for (const def of SIX) {
      for (const section of def.sections) expect(fieldOf(def, section.countKey).max, `${def.name} ${section.id}`).toBe(section.max);
    }
  });

  it('name no key twice within the header or a block', () => {
    for (const def of SIX) {
      for (const fields of [def.header, ...def.sections.map((s) => s.fields)]) {
        const keys = fields.map((f) => f.key);
        expect(new Set(keys).size, def.name).toBe(keys.length);
      }
    }
  });

  it('have a display name, tooltip, option label and section title in both zh and en', () => {
    const keys: LocaleKey[] = SIX.flatMap((def) => [
      def.titleKey,
      ...def.sections.map((s) => s.titleKey),
      ...allFields(def).flatMap((f) => [f.nameKey, ...(f.tipKey ? [f.tipKey] : []), ...(f.options ?? []).map((o) => o.labelKey)]),
    ]);
    const missing = keys.flatMap((key) => (['zh', 'en'] as const).filter((lang) => translate(lang, key) === key).map((lang) => `${lang}:${key}`));
    expect(missing).toEqual([]);
  });
});

describe('extdevcfg1.txt (other sensors)', () => {
  it('holds at most 32 devices', () => {
    expect(limits(fieldOf(extdevcfg1, 'totalCount'))).toEqual({ min: 0, max: 32 });
    expect(extdevcfg1.sections.map((s) => [s.id, s.max])).toEqual([['dev', 32]]);
  });

  it('stores compartments 0–9 and shows them 1–10', () => {
    const cabin = fieldOf(extdevcfg1, 'cabinIndex', 'dev');
    expect([limits(cabin), cabin.shownOffset]).toEqual([{ min: 0, max: 9 }, 1]);
  });

  it('names device type 0 none and 8 homemade densimeter', () => {
    const devType = fieldOf(extdevcfg1, 'devType', 'dev');
    const labels = new Map(devType.options?.map((o) => [o.value, translate('en', o.labelKey)]));
    expect([labels.get(0), labels.get(8)]).toEqual(['None', 'Homemade densimeter']);
    expect(fieldOf(extdevcfg1, 'psn', 'dev').digits).toBe(10);
  });
});

describe('mlockcfg.txt (air or electric valves)', () => {
  it('offers exactly the spec\'s valve types', () => {
    const type = fieldOf(mlockcfg, 'type', 'valve');
    expect(optionValues(type)).toEqual([0, 1, 11, 12, 13]);
    expect(optionLabels(type, 'en')).toEqual(['Invalid', 'Cut off bottom valve air', 'Sound-light alarm', 'Door linkage alarm', 'Event alarm']);
  });

  it('repeats a block per lock or valve by valveCount with the spec\'s keys', () => {
    expect(mlockcfg.sections.map((s) => [s.id, s.countKey])).toEqual([['valve', 'valveCount']]);
    expect(mlockcfg.sections[0]?.fields.map((f) => f.key)).toEqual(['type', 'addr', 'cIndex', 'iomode', 'en', 'rcAddr']);
    expect(fieldOf(mlockcfg, 'cIndex', 'valve').shownOffset).toBe(1);
  });
});

describe('mcgroupcfg.txt (combined compartments)', () => {
  it('allows 0 to 4 groups', () => {
    expect(limits(fieldOf(mcgroupcfg, 'groupsCount'))).toEqual({ min: 0, max: 4 });
    expect(mcgroupcfg.sections.map((s) => [s.id, s.countKey, s.max])).toEqual([['group', 'groupsCount', 4]]);
  });

  it('limits the master index to 0–8 and the attached compartments to 3', () => {
    expect(limits(fieldOf(mcgroupcfg, 'masterCompIndex', 'group'))).toEqual({ min: 0, max: 8 });
    expect(limits(fieldOf(mcgroupcfg, 'attachedCompsCount', 'group'))).toEqual({ min: 0, max: 3 });
    const attached = [0, 1, 2].map((n) => fieldOf(mcgroupcfg, `attachedCompIndex${n}`, 'group'));
    expect(attached.map((f) => [limits(f), f.shownOffset])).toEqual(Array(3).fill([{ min: 0, max: 9 }, 1]));
  });
});

describe('ui.cfg (console display)', () => {
  it('keeps brightness within 1–100', () => {
    expect(limits(fieldOf(uiCfg, 'brightness'))).toEqual({ min: 1, max: 100 });
  });

  it('offers a keyboard of 20 or 4 keys', () => {
    const keyboard = fieldOf(uiCfg, 'keyboardType');
    expect([keyboard.kind, optionValues(keyboard)]).toEqual(['select', [20, 4]]);
    expect(optionLabels(keyboard, 'zh')).toEqual(['20 键', '4 键']);
  });

  it('has every setting the spec names, all editable, and is one block', () => {
    const named = ['batteryIconEn', 'truckDirection', 'keyboardType', 'brightness', 'densityDisplayEn', 'userPassword', 'forcePrintEn'];
    expect(named.map((key) => fieldOf(uiCfg, key).canSet)).toEqual(named.map(() => true));
    expect(uiCfg.sections).toEqual([]);
  });

  it('keeps the user password out of the detail view', () => {
    expect(fieldOf(uiCfg, 'userPassword').showInDetail).toBe(false);
  });
});

describe('printercfg.txt (printer)', () => {
  it('holds the spec\'s six keys in one block, the model text read-only', () => {
    expect(printercfg.header.map((f) => f.key)).toEqual(['printerIndex', 'modelNo', 'pDev', 'pDevID', 'pVar', 'modelInfo']);
    expect(printercfg.sections).toEqual([]);
    expect(fieldOf(printercfg, 'modelInfo').canSet).toBe(false);
  });
});

describe('tlspproperty.txt (level gauge probe runtime values)', () => {
  const probe = tlspproperty.sections.find((s) => s.id === 'probe');
  const keys = probe?.fields.map((f) => f.key) ?? [];

  it('repeats at most 64 probe blocks by the reported probe count', () => {
    expect(limits(fieldOf(tlspproperty, 'probeCount'))).toEqual({ min: 0, max: 64 });
    expect([probe?.countKey, probe?.max]).toEqual(['probeCount', 64]);
  });

  it('reads and writes B, K, address, compensations and temperature positions 0–4', () => {
    const values = ['B', 'K', 'Addr', 'OilLevelComp', 'WaterLevelComp', 'TempComp', 'TempPos0', 'TempPos1', 'TempPos2', 'TempPos3', 'TempPos4'];
    expect(keys).toEqual(['rdMask', 'wrMask', ...values.flatMap((v) => [`rd${v}`, `wr${v}`])]);
  });

  it('never lets a read value be set, and lets every write value be', () => {
    const fields = probe?.fields ?? [];
    expect(fields.filter((f) => f.key.startsWith('rd')).every((f) => !f.canSet)).toBe(true);
    expect(fields.filter((f) => f.key.startsWith('wr')).every((f) => f.canSet)).toBe(true);
  });

  it('addresses probes C0–CF in hex and masks one bit per value', () => {
    const addr = fieldOf(tlspproperty, 'wrAddr', 'probe');
    expect([addr.kind, addr.min, addr.max]).toEqual(['hex', 0xc0, 0xcf]);
    expect(fieldOf(tlspproperty, 'wrMask', 'probe').max).toBe(2 ** 11 - 1);
  });
});
