// Entity writes for every definition: a new row, an edit and a status change, each stamped with a new version and its
// author; a stale version refused with the row as it is now, naming who changed it and when in China time; a fixed
// code refused; and nothing changed by a refused write. An append-only record (a text message sent) has no edit: its
// tests change its status only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../../../domain/i18n';
import type { EntityDef, EntityField } from '../../../domain/screens/entities/definition';
import { entityCallPath, type EntityRow, type EntityValue } from '../../../domain/screens/entities/wire';
import { displayDateTime } from '../../../domain/format/time';
import { call } from '../../helpers/api';
import { WRITABLE_DEFS as DEFS, editForm, nameOf, noSuchCall, savedRow, startEntityServer, type EntityServer } from './entity-server';

const CASES = DEFS.map((def) => [nameOf(def), def] as const);
const EDITED = CASES.filter(([, def]) => def.append !== true);
const APPENDED = CASES.filter(([, def]) => def.append === true);
const NUMBER_TYPES = ['integer', 'decimal', 'latitude', 'longitude'];

/**
 * The row a valid input should become: text trimmed, numbers as numbers, an ID number in capitals, a day and a
 * reference as sent (yyyy-MM-dd, the named row's label), empty as null; a password never shown.
 */
function expectedValues(def: EntityDef, input: Readonly<Record<string, string>>): Record<string, EntityValue> {
  // Fields the server sets (a file's size, a tank table's state and facts) are the file tests' to check.
  return Object.fromEntries(def.fields.filter((field) => field.type !== 'password' && field.readOnly !== true).map((field) => {
    const value = (input[field.key] ?? '').trim();
    if (value === '') return [field.key, null];
    if (NUMBER_TYPES.includes(field.type)) return [field.key, Number(value)];
    return [field.key, field.type === 'idCard' ? value.toUpperCase() : value];
  }));
}

/** A field an edit may change and the values it may take, as sent and as then shown. */
interface Editable {
  readonly key: string;
  values(...tags: string[]): { readonly sent: string; readonly shown: EntityValue }[];
}

/**
 * What an edit test changes: a plain text (the short name of every place), else a unique text (a new value is no
 * one's), else a number (a threshold) within its bounds.
 */
function editable(def: EntityDef): Editable {
  // A formatted text (a camera's IP addresses) takes no free words.
  const changeable = (entry: EntityField) => entry.fixed !== true && entry.type !== 'password' && entry.readOnly !== true && entry.format === undefined;
  const text =
    def.fields.find((entry) => changeable(entry) && entry.type === 'text' && entry.unique === undefined) ??
    def.fields.find((entry) => changeable(entry) && entry.type === 'text');
  if (text) {
    const fit = (tag: string) => [...tag].slice(0, text.maxLength ?? 50).join('');
    return { key: text.key, values: (...tags) => tags.map((tag) => ({ sent: fit(tag), shown: fit(tag) })) };
  }
  const number = def.fields.find((entry) => changeable(entry) && entry.type === 'integer' && entry.max !== undefined);
  if (!number) throw new Error(`${def.path} has nothing an edit test may change`);
  return { key: number.key, values: (...tags) => tags.map((_tag, i) => ({ sent: String((number.max ?? 0) - i), shown: (number.max ?? 0) - i })) };
}

describe('entity writes', () => {
  let api: EntityServer;

  beforeAll(async () => {
    api = await startEntityServer();
  });
  afterAll(async () => api.close());

  const find = async (def: EntityDef, key: string): Promise<EntityRow | undefined> => (await api.all(def, 'admin')).find((row) => row.key === key);

  it.each(CASES)('creates a %s row: enabled, version 1, stamped with its author, values trimmed and typed', async (_name, def) => {
    const input = await api.input(def, 'new1');
    const padded = Object.fromEntries(Object.entries(input).map(([key, value]) => [key, `  ${value} `]));
    const before = Date.now();
    const row = savedRow(await api.create(def, 'manager', padded));
    expect(row).toMatchObject({ status: 1, version: 1, modifiedBy: 'manager', values: expectedValues(def, input) });
    expect(row.modifiedAt).toBeGreaterThanOrEqual(before);
    expect(row.modifiedAt).toBeLessThanOrEqual(Date.now());
    expect(row.key).toEqual(def.key === 'code' ? input['code'] : expect.stringMatching(/^\d+$/));
    expect(await find(def, row.key)).toEqual(row);
  });

  // Rows are made by the manager: an organisation is granted to whoever makes it, and seen by every superMan.
  it.each(EDITED)('edits a %s row on its version: the new values, version + 1, the editor and the time', async (_name, def) => {
    const created = savedRow(await api.create(def, 'manager', await api.input(def, 'edit1')));
    const { key: field, values } = editable(def);
    const [first, second] = values('改过的 text', 'only this');
    if (!first || !second) throw new Error('two values');
    const edited = savedRow(await api.update(def, 'manager', created.key, editForm(def, created, { [field]: first.sent })));
    expect(edited).toMatchObject({ key: created.key, version: 2, modifiedBy: 'manager', values: { ...created.values, [field]: first.shown } });
    // An edit may send only some fields: the others keep their values.
    const partial = savedRow(await api.update(def, 'admin', created.key, { version: 2, [field]: second.sent }));
    expect(partial).toMatchObject({ version: 3, modifiedBy: 'admin', values: { ...edited.values, [field]: second.shown } });
    expect(await find(def, created.key)).toEqual(partial);
  });

  it.each(APPENDED)('has no edit call for a %s row: a PUT is no such call and the row stays', async (_name, def) => {
    const created = savedRow(await api.create(def, 'manager', await api.input(def, 'append1')));
    const text = def.fields.find((entry) => entry.type === 'text');
    expect(await api.update(def, 'manager', created.key, editForm(def, created, text ? { [text.key]: 'changed' } : {}), 'en')).toEqual(noSuchCall(def, created.key));
    expect(await find(def, created.key)).toEqual(created);
  });

  it.each(CASES)('disables and enables a %s row, each a new version', async (_name, def) => {
    const created = savedRow(await api.create(def, 'manager', await api.input(def, 'status1')));
    const disabled = savedRow(await api.status(def, 'manager', created.key, { status: 0, version: 1 }));
    expect(disabled).toMatchObject({ status: 0, version: 2, modifiedBy: 'manager', values: created.values });
    expect((await find(def, created.key))?.status).toBe(0);
    const enabled = savedRow(await api.status(def, 'admin', created.key, { status: 1, version: 2 }));
    expect(enabled).toMatchObject({ status: 1, version: 3, modifiedBy: 'admin' });
    const bad = await api.status(def, 'admin', created.key, { status: 2, version: 3 });
    expect(bad.resultCode).toBe(400);
  });

  it.each(EDITED)('refuses a stale %s edit or status change with the current row, naming who changed it and when', async (_name, def) => {
    const created = savedRow(await api.create(def, 'manager', await api.input(def, 'stale1')));
    const { key: field, values } = editable(def);
    const [theirValue, myValue] = values('theirs', 'mine');
    const theirs = savedRow(await api.update(def, 'manager', created.key, editForm(def, created, { [field]: theirValue?.sent ?? '' })));
    for (const lang of ['zh', 'en'] as const) {
      const stale = await api.update(def, 'admin', created.key, editForm(def, created, { [field]: myValue?.sent ?? '' }), lang);
      const time = displayDateTime(theirs.modifiedAt ?? 0, lang, 'Asia/Shanghai');
      expect(stale).toEqual({ resultCode: 409, message: translate(lang, 'entity.conflict', { user: 'manager', time }), data: { current: theirs } });
      expect(stale.message).toContain('manager');
      const staleStatus = await api.status(def, 'admin', created.key, { status: 0, version: created.version }, lang);
      expect(staleStatus).toEqual(stale);
    }
    expect(await find(def, created.key)).toEqual(theirs);
  });

  it.each(APPENDED)('refuses a stale %s status change with the current row, naming who changed it and when', async (_name, def) => {
    const created = savedRow(await api.create(def, 'manager', await api.input(def, 'stale1')));
    const theirs = savedRow(await api.status(def, 'manager', created.key, { status: 0, version: created.version }));
    for (const lang of ['zh', 'en'] as const) {
      const stale = await api.status(def, 'admin', created.key, { status: 1, version: created.version }, lang);
      const time = displayDateTime(theirs.modifiedAt ?? 0, lang, 'Asia/Shanghai');
      expect(stale).toEqual({ resultCode: 409, message: translate(lang, 'entity.conflict', { user: 'manager', time }), data: { current: theirs } });
    }
    expect(await find(def, created.key)).toEqual(theirs);
  });

  it.each(CASES)('lets one of two simultaneous %s saves win and tells the others, never a server error', async (_name, def) => {
    const created = savedRow(await api.create(def, 'manager', await api.input(def, 'race1')));
    if (def.append === true) {
      const changes = await Promise.all([0, 0, 0].map(() => api.status(def, 'manager', created.key, { status: 0, version: created.version })));
      expect(changes.map((answer) => answer.resultCode).sort()).toEqual([200, 409, 409]);
    } else {
      const { key: field, values } = editable(def);
      const edits = await Promise.all(values('a', 'b', 'c').map((value) => api.update(def, 'manager', created.key, editForm(def, created, { [field]: value.sent }))));
      expect(edits.map((answer) => answer.resultCode).sort()).toEqual([200, 409, 409]);
    }
    // The same value of a unique field (a place's name, a plate, a threshold's company) saved thrice at once.
    const unique = def.fields.find((entry) => entry.key === 'name' && entry.unique !== undefined) ?? def.fields.find((entry) => entry.unique !== undefined);
    if (!unique) return;
    const same = (await api.input(def, 'race-same'))[unique.key] ?? '';
    const inputs = [await api.input(def, 'race-x'), await api.input(def, 'race-y'), await api.input(def, 'race-z')];
    const sameValue = await Promise.all(inputs.map((input) => api.create(def, 'admin', { ...input, [unique.key]: same })));
    expect(sameValue.map((answer) => answer.resultCode).sort()).toEqual([200, 400, 400]);
    for (const answer of sameValue.filter((entry) => entry.resultCode === 400)) expect(answer.data).toEqual({ field: unique.key });
  });

  it("names the conflict's time in the zone the caller's console shows, the fleet's (China) when it names none", async () => {
    const [, def] = EDITED[0] ?? [];
    if (!def) throw new Error('no edited entity');
    const created = savedRow(await api.create(def, 'manager', await api.input(def, 'zone1')));
    const { key: field, values } = editable(def);
    const [theirValue, myValue] = values('theirs', 'mine');
    const theirs = savedRow(await api.update(def, 'manager', created.key, editForm(def, created, { [field]: theirValue?.sent ?? '' })));
    const stale = (zone?: string) =>
      call(api.server.url, 'PUT', `${entityCallPath(def.path)}/${encodeURIComponent(created.key)}`, {
        token: api.token('admin'), form: editForm(def, created, { [field]: myValue?.sent ?? '' }), lang: 'zh', ...(zone ? { zone } : {}),
      });
    const at = (zone: string) => translate('zh', 'entity.conflict', { user: 'manager', time: displayDateTime(theirs.modifiedAt ?? 0, 'zh', zone) });
    expect((await stale('UTC')).message).toBe(at('UTC'));
    expect((await stale('America/New_York')).message).toBe(at('America/New_York'));
    expect((await stale()).message).toBe(at('Asia/Shanghai'));
    expect((await stale('Not/AZone')).message).toBe(at('Asia/Shanghai'));
  });

  const FIXED = EDITED.flatMap(([name, def]) => {
    const fixed = def.fields.find((field) => field.fixed === true);
    return fixed ? [[name, def, fixed.key] as const] : [];
  });

  it.each(FIXED)('refuses a change of the fixed %s %s and changes nothing', async (_name, def, field) => {
    const created = savedRow(await api.create(def, 'admin', await api.input(def, 'fixed1')));
    for (const lang of ['zh', 'en'] as const) {
      const answer = await api.update(def, 'admin', created.key, { ...editForm(def, created), [field]: 'OTHER1' }, lang);
      expect(answer).toEqual({ resultCode: 400, message: translate(lang, 'validation.fixed'), data: { field } });
    }
    expect(await find(def, created.key)).toEqual(created);
  });

  it.each(CASES)('answers 404 for a %s row that does not exist', async (_name, def) => {
    for (const key of ['999999', 'NOPE', '0', '99999999999']) {
      const answer = await api.update(def, 'admin', key, { version: 1, name: 'x' }, 'en');
      const notFound = { resultCode: 404, message: 'The record does not exist or is no longer yours to see', data: null };
      expect(answer).toEqual(def.append === true ? noSuchCall(def, key) : notFound);
      expect(await api.status(def, 'admin', key, { status: 0, version: 1 }, 'en')).toEqual(notFound);
    }
  });

  it.each(CASES)('asks for the version of a %s edit or status change', async (_name, def) => {
    await api.ensureRows(def, 1);
    const [row] = await api.all(def, 'admin');
    if (!row) throw new Error('no row');
    const answer = await api.update(def, 'admin', row.key, { name: 'x' }, 'en');
    expect(answer).toEqual(def.append === true ? noSuchCall(def, row.key) : { resultCode: 400, message: 'Missing field: version', data: null });
    expect(await api.status(def, 'admin', row.key, { status: 0 }, 'en')).toEqual({ resultCode: 400, message: 'Missing field: version', data: null });
    expect(await find(def, row.key)).toEqual(row);
  });
});
