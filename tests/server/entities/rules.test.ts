// Every rule of every definition refused by the server itself, in zh and en, on the field it is about: each field's own
// rules (validate.ts), a company outside the caller's, each unique field, and the organisation tree's cycles; and a
// refused write changes nothing. Each field's values and messages are read off its definition: its type, its limits
// and the spec's own message where the definition names one (a driver code, a mobile, a depot manager).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate, type LocaleKey, type LocaleValues } from '../../../domain/i18n';
import type { EntityDef, EntityField } from '../../../domain/screens/entities/definition';
import { entityFor } from '../../../domain/screens/entities/registry';
import { isCreateOnly } from '../../../domain/screens/entities/validate';
import { WRITABLE_DEFS as DEFS, VALID_ID_CARD, editForm, nameOf, noSuchCall, savedRow, startEntityServer, validInput, type EntityServer } from './entity-server';

const CASES = DEFS.map((def) => [nameOf(def), def] as const);
/** Screens whose rows are edited (not an append-only record). */
const EDITED = CASES.filter(([, def]) => def.append !== true);
const APPENDED = CASES.filter(([, def]) => def.append === true);
const WITH_UNIQUE = CASES.filter(([, def]) => def.fields.some((field) => field.unique !== undefined));
const LANGS = ['zh', 'en'] as const;

interface BadValue {
  readonly value: string;
  readonly key: LocaleKey;
  readonly params?: LocaleValues;
}

/**
 * Values a field refuses and the message each gets, written out from the field's declared limits. A file's rules are
 * about its content and have their own tests (device-param-files.test.ts); a field the server sets takes no value.
 */
function badValues(field: EntityField): BadValue[] {
  const bad: BadValue[] = [];
  if (field.type === 'file' || field.readOnly === true) return bad;
  // A password is taken as typed: a space is a character, so only nothing at all is missing.
  if (field.required) bad.push({ value: field.type === 'password' ? '' : ' ', key: field.messages?.required ?? 'validation.required' });
  switch (field.type) {
    case 'text':
      if (field.maxLength !== undefined) bad.push({ value: '油'.repeat(field.maxLength + 1), key: field.messages?.maxLength ?? 'validation.maxLength', params: { max: field.maxLength } });
      if (field.format === 'ipPorts') {
        for (const value of ['10.0.0.256', '10.0.0.1:70000', '10.0.0.1,10.0.0.2,10.0.0.3', 'host:80']) bad.push({ value, key: 'deviceEntity.validation.ipPorts' });
      }
      break;
    case 'integer': {
      const nonNegative = (field.min ?? -1) >= 0;
      bad.push({ value: '12a', key: nonNegative ? 'validation.nonNegativeInteger' : 'validation.numberRequired' });
      if (nonNegative) bad.push({ value: '-1', key: 'validation.nonNegativeInteger' }, { value: '1.5', key: 'validation.nonNegativeInteger' });
      if (field.max !== undefined) bad.push({ value: String(field.max + 1), key: 'validation.range', params: { min: field.min ?? '', max: field.max } });
      break;
    }
    case 'latitude':
      bad.push({ value: 'north', key: 'validation.numberRequired' }, { value: '90.5', key: 'validation.range', params: { min: -90, max: 90 } });
      break;
    case 'longitude':
      bad.push({ value: '1e', key: 'validation.numberRequired' }, { value: '-180.01', key: 'validation.range', params: { min: -180, max: 180 } });
      break;
    case 'company':
      // C005 exists but is not the manager's; C999 is nobody's.
      bad.push({ value: 'C005', key: 'validation.option' }, { value: 'C999', key: 'validation.option' });
      break;
    case 'select':
      bad.push({ value: 'no-such-option', key: 'validation.option' });
      break;
    case 'phone':
      bad.push({ value: '1380013800', key: field.messages?.format ?? 'validation.phone' });
      break;
    case 'email':
      bad.push({ value: 'fleet@', key: 'validation.email' });
      break;
    case 'decimal':
      bad.push({ value: 'x', key: 'validation.numberRequired' });
      if (field.max !== undefined) bad.push({ value: String(field.max + 1), key: 'validation.range', params: { min: field.min ?? '', max: field.max } });
      break;
    case 'date':
      bad.push({ value: '2024-02-30', key: 'validation.date' }, { value: '2024/05/01', key: 'validation.date' });
      break;
    case 'idCard':
      // The right number with its check digit changed, and one whose date does not exist.
      bad.push({ value: `${VALID_ID_CARD.slice(0, 17)}1`, key: 'validation.idCard' }, { value: '110105194902300021', key: 'validation.idCard' });
      break;
    case 'reference':
      bad.push({ value: 'no-such-row', key: 'validation.reference', params: { value: 'no-such-row' } });
      break;
    case 'photo':
      // A name the server never gives, and one of its form that names no uploaded photo.
      bad.push({ value: 'face.png', key: 'validation.photoType' }, { value: `${'0'.repeat(32)}.png`, key: 'validation.photoMissing' });
      break;
    case 'password':
      bad.push({ value: '12345', key: 'validation.passwordMin' });
      break;
  }
  return bad;
}

describe('entity rules on the server', () => {
  let api: EntityServer;

  beforeAll(async () => {
    api = await startEntityServer();
  });
  afterAll(async () => api.close());

  const rowsOf = (def: EntityDef) => api.all(def, 'admin');

  it.each(CASES)('refuses every field rule of a new %s row with its message in zh and en, and stores nothing', async (_name, def) => {
    const before = await rowsOf(def);
    for (const field of def.fields) {
      for (const bad of badValues(field)) {
        for (const lang of LANGS) {
          const answer = await api.create(def, 'manager', { ...(await api.input(def, `bad-${lang}`)), [field.key]: bad.value }, lang);
          expect(answer, `${field.key}=${bad.value}`).toEqual({ resultCode: 400, message: translate(lang, bad.key, bad.params), data: { field: field.key } });
        }
      }
    }
    expect(await rowsOf(def)).toEqual(before);
  });

  it.each(EDITED)('refuses every field rule of a %s edit and leaves the row as it was', async (_name, def) => {
    const row = savedRow(await api.create(def, 'manager', await api.input(def, 'rules-edit')));
    for (const field of def.fields) {
      // A fixed field or a password is set when the row is made: an edit that sends one is refused whatever it holds.
      const refusals = isCreateOnly(field) ? [{ value: 'changed-1', key: 'validation.fixed' as const, params: undefined }] : badValues(field);
      for (const bad of refusals) {
        const answer = await api.update(def, 'manager', row.key, editForm(def, row, { [field.key]: bad.value }), 'en');
        expect(answer, `${field.key}=${bad.value}`).toEqual({ resultCode: 400, message: translate('en', bad.key, bad.params), data: { field: field.key } });
      }
    }
    expect((await rowsOf(def)).find((stored) => stored.key === row.key)).toEqual(row);
  });

  it.each(APPENDED)('has no edit of a %s row: a record is added, never changed', async (_name, def) => {
    const row = savedRow(await api.create(def, 'manager', await api.input(def, 'rules-append')));
    const field = def.fields.find((entry) => entry.type === 'text');
    expect(await api.update(def, 'manager', row.key, editForm(def, row, field ? { [field.key]: 'changed' } : {}), 'en')).toEqual(noSuchCall(def, row.key));
    expect((await rowsOf(def)).find((stored) => stored.key === row.key)).toEqual(row);
  });

  it('says the spec’s words for a missing depot manager', async () => {
    const def = entityFor('/setting/base_data/storage');
    if (!def) throw new Error('no depot entity');
    const input = { ...validInput(def, 'manager'), manager: '' };
    expect((await api.create(def, 'admin', input, 'zh')).message).toBe('油库负责人不能为空');
    expect((await api.create(def, 'admin', input, 'en')).message).toBe('The depot manager cannot be empty');
  });

  it.each(WITH_UNIQUE)('refuses a %s value another row of its company holds in each unique field (any row’s for a global one), naming the field', async (_name, def) => {
    await api.ensureRows(def, 2);
    const rows = await rowsOf(def);
    const [first] = rows;
    if (!first) throw new Error('a row needed');
    const company = first.values['companyCode'];
    const owner = typeof company === 'string' ? company : undefined;
    // A second row of the first one's company, where a company holds several: an edit of it meets the first one there.
    const onePerCompany = def.fields.some((entry) => entry.key === 'companyCode' && entry.unique !== undefined);
    const second =
      rows.find((row) => row.key !== first.key && (onePerCompany || row.values['companyCode'] === company)) ??
      savedRow(await api.create(def, 'admin', await api.input(def, 'second', owner)));
    const before = await rowsOf(def);
    for (const field of def.fields.filter((entry) => entry.unique)) {
      const taken = String(first.values[field.key]);
      for (const lang of LANGS) {
        const created = await api.create(def, 'admin', { ...(await api.input(def, `dup-${lang}`, owner)), [field.key]: taken }, lang);
        const message = translate(lang, 'validation.hasExisted', { field: translate(lang, field.labelKey) });
        expect(created, field.key).toEqual({ resultCode: 400, message, data: { field: field.key } });
        if (field.fixed) continue;
        // A one-row-per-company screen's second row is another company's: sending the first one's moves it there.
        const edited = await api.update(def, 'admin', second.key, editForm(def, second, { [field.key]: taken }), lang);
        expect(edited, field.key).toEqual({ resultCode: 400, message, data: { field: field.key } });
      }
    }
    expect(await rowsOf(def)).toEqual(before);
    // A row keeps its own value: an edit that sends it unchanged is no duplicate.
    expect((await api.update(def, 'admin', second.key, editForm(def, second))).resultCode).toBe(200);
  });

  it('names the unique field in each language: 名称已存在, Name has existed', async () => {
    const def = entityFor('/setting/base_data/station');
    const [station] = def ? await rowsOf(def) : [];
    if (!def || !station) throw new Error('no station');
    const input = { ...validInput(def, 'dup-name'), name: String(station.values['name']) };
    expect((await api.create(def, 'admin', input, 'zh')).message).toBe('名称已存在');
    expect((await api.create(def, 'admin', input, 'en')).message).toBe('Name has existed');
  });

  describe('the organisation tree', () => {
    const org = () => {
      const def = entityFor('/setting/base_data/company');
      if (!def) throw new Error('no company entity');
      return def;
    };
    const rowOf = async (code: string) => {
      const row = (await rowsOf(org())).find((stored) => stored.key === code);
      if (!row) throw new Error(`no ${code}`);
      return row;
    };

    it.each(LANGS)('refuses an organisation as its own parent (%s)', async (lang) => {
      const c002 = await rowOf('C002');
      const answer = await api.update(org(), 'manager', 'C002', editForm(org(), c002, { parentCode: 'C002' }), lang);
      const message = lang === 'zh' ? '组织不能是自己的上级组织' : 'An organization cannot be its own parent';
      expect(answer).toEqual({ resultCode: 400, message, data: { field: 'parentCode' } });
      const created = await api.create(org(), 'admin', { ...validInput(org(), `self-${lang}`), code: `SELF-${lang}`, parentCode: `SELF-${lang}` }, lang);
      // Its own code is no company yet: for an administrator, the cycle is what is wrong.
      expect(created).toEqual({ resultCode: 400, message, data: { field: 'parentCode' } });
      expect(await rowOf('C002')).toEqual(c002);
    });

    it('refuses a descendant as parent, down the whole tree', async () => {
      // C001 ← C003 ← C004 ← new ← newer: neither C003 nor C001 may hang below any of them.
      const mid = savedRow(await api.create(org(), 'admin', { ...validInput(org(), 'tree-1'), code: 'T1', parentCode: 'C004' }));
      savedRow(await api.create(org(), 'admin', { ...validInput(org(), 'tree-2'), code: 'T2', parentCode: mid.key }));
      for (const [code, parent] of [['C003', 'C004'], ['C003', 'T2'], ['C001', 'T2'], ['C004', 'T1']] as const) {
        const row = await rowOf(code);
        const answer = await api.update(org(), 'admin', code, editForm(org(), row, { parentCode: parent }), 'en');
        expect(answer, `${code} under ${parent}`).toEqual({ resultCode: 400, message: 'An organization cannot be its own parent', data: { field: 'parentCode' } });
        expect(await rowOf(code)).toEqual(row);
      }
      // Moving a branch elsewhere is fine: T1 (with T2) from C004 to C002.
      const moved = savedRow(await api.update(org(), 'admin', 'T1', editForm(org(), await rowOf('T1'), { parentCode: 'C002' })));
      expect(moved.values['parentCode']).toBe('C002');
    });
  });
});
