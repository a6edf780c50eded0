// Entity writes for every definition: a new row, an edit and a status change, each stamped with a new version and its
// author; a stale version refused with the row as it is now, naming who changed it and when in China time; a fixed
// code refused; and nothing changed by a refused write.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../../../src/domain/i18n';
import type { EntityDef } from '../../../src/domain/screens/entities/definition';
import type { EntityRow } from '../../../src/domain/screens/entities/wire';
import { chinaDateTime } from '../../../server/entities/entity-answers';
import { DEFS, editForm, nameOf, savedRow, startEntityServer, validInput, type EntityServer } from './entity-server';

const CASES = DEFS.map((def) => [nameOf(def), def] as const);
const NUMBER_TYPES = ['integer', 'decimal', 'latitude', 'longitude'];

/** The row a valid input should become: text trimmed, numbers as numbers. */
function expectedValues(def: EntityDef, input: Readonly<Record<string, string>>): Record<string, string | number> {
  return Object.fromEntries(def.fields.map((field) => {
    const value = (input[field.key] ?? '').trim();
    return [field.key, NUMBER_TYPES.includes(field.type) ? Number(value) : value];
  }));
}

/** A text field an edit may change (not fixed, not a company): the short name on every place. */
function editableText(def: EntityDef): string {
  const field = def.fields.find((entry) => entry.type === 'text' && entry.fixed !== true && entry.unique !== true);
  if (!field) throw new Error(`${def.path} has no editable text`);
  return field.key;
}

describe('entity writes', () => {
  let api: EntityServer;

  beforeAll(async () => {
    api = await startEntityServer();
  });
  afterAll(async () => api.close());

  const find = async (def: EntityDef, key: string): Promise<EntityRow | undefined> => (await api.all(def, 'admin')).find((row) => row.key === key);

  it.each(CASES)('creates a %s row: enabled, version 1, stamped with its author, values trimmed and typed', async (_name, def) => {
    const input = validInput(def, 'new1');
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
  it.each(CASES)('edits a %s row on its version: the new values, version + 1, the editor and the time', async (_name, def) => {
    const created = savedRow(await api.create(def, 'manager', validInput(def, 'edit1')));
    const field = editableText(def);
    const edited = savedRow(await api.update(def, 'manager', created.key, editForm(def, created, { [field]: '改过的 text' })));
    expect(edited).toMatchObject({ key: created.key, version: 2, modifiedBy: 'manager', values: { ...created.values, [field]: '改过的 text' } });
    // An edit may send only some fields: the others keep their values.
    const partial = savedRow(await api.update(def, 'admin', created.key, { version: 2, [field]: 'only this' }));
    expect(partial).toMatchObject({ version: 3, modifiedBy: 'admin', values: { ...edited.values, [field]: 'only this' } });
    expect(await find(def, created.key)).toEqual(partial);
  });

  it.each(CASES)('disables and enables a %s row, each a new version', async (_name, def) => {
    const created = savedRow(await api.create(def, 'manager', validInput(def, 'status1')));
    const disabled = savedRow(await api.status(def, 'manager', created.key, { status: 0, version: 1 }));
    expect(disabled).toMatchObject({ status: 0, version: 2, modifiedBy: 'manager', values: created.values });
    expect((await find(def, created.key))?.status).toBe(0);
    const enabled = savedRow(await api.status(def, 'admin', created.key, { status: 1, version: 2 }));
    expect(enabled).toMatchObject({ status: 1, version: 3, modifiedBy: 'admin' });
    const bad = await api.status(def, 'admin', created.key, { status: 2, version: 3 });
    expect(bad.resultCode).toBe(400);
  });

  it.each(CASES)('refuses a stale %s edit or status change with the current row, naming who changed it and when', async (_name, def) => {
    const created = savedRow(await api.create(def, 'manager', validInput(def, 'stale1')));
    const field = editableText(def);
    const theirs = savedRow(await api.update(def, 'manager', created.key, editForm(def, created, { [field]: 'theirs' })));
    for (const lang of ['zh', 'en'] as const) {
      const stale = await api.update(def, 'admin', created.key, editForm(def, created, { [field]: 'mine' }), lang);
      const time = chinaDateTime(theirs.modifiedAt ?? 0, lang);
      expect(stale).toEqual({ resultCode: 409, message: translate(lang, 'entity.conflict', { user: 'manager', time }), data: { current: theirs } });
      expect(stale.message).toContain('manager');
      const staleStatus = await api.status(def, 'admin', created.key, { status: 0, version: created.version }, lang);
      expect(staleStatus).toEqual(stale);
    }
    expect(await find(def, created.key)).toEqual(theirs);
  });

  it.each(CASES)('lets one of two simultaneous %s saves win and tells the others, never a server error', async (_name, def) => {
    const created = savedRow(await api.create(def, 'manager', validInput(def, 'race1')));
    const field = editableText(def);
    const edits = await Promise.all(['a', 'b', 'c'].map((tag) => api.update(def, 'manager', created.key, editForm(def, created, { [field]: tag }))));
    expect(edits.map((answer) => answer.resultCode).sort()).toEqual([200, 409, 409]);
    const sameName = await Promise.all(['x', 'y', 'z'].map((tag) => api.create(def, 'admin', { ...validInput(def, `race-${tag}`), name: `同名-${def.table}` })));
    expect(sameName.map((answer) => answer.resultCode).sort()).toEqual([200, 400, 400]);
    for (const answer of sameName.filter((entry) => entry.resultCode === 400)) expect(answer.data).toEqual({ field: 'name' });
  });

  it('writes the conflict time on China wall-clock time, in each language’s format', () => {
    const newYearInChina = Date.UTC(2024, 11, 31, 16, 0, 5);
    expect(chinaDateTime(newYearInChina, 'zh')).toBe('2025-01-01 00:00:05');
    expect(chinaDateTime(newYearInChina, 'en')).toBe('01/01/2025 00:00:05');
  });

  it.each(CASES)('refuses a change of the fixed %s code and changes nothing', async (_name, def) => {
    const created = savedRow(await api.create(def, 'admin', validInput(def, 'fixed1')));
    for (const lang of ['zh', 'en'] as const) {
      const answer = await api.update(def, 'admin', created.key, { ...editForm(def, created), code: 'OTHER1' }, lang);
      expect(answer).toEqual({ resultCode: 400, message: translate(lang, 'validation.fixed'), data: { field: 'code' } });
    }
    expect(await find(def, created.key)).toEqual(created);
  });

  it.each(CASES)('answers 404 for a %s row that does not exist', async (_name, def) => {
    for (const key of ['999999', 'NOPE', '0', '99999999999']) {
      const answer = await api.update(def, 'admin', key, { version: 1, name: 'x' }, 'en');
      expect(answer).toEqual({ resultCode: 404, message: 'The record does not exist or is no longer yours to see', data: null });
      expect((await api.status(def, 'admin', key, { status: 0, version: 1 })).resultCode).toBe(404);
    }
  });

  it.each(CASES)('asks for the version of a %s edit or status change', async (_name, def) => {
    const [row] = await api.all(def, 'admin');
    if (!row) throw new Error('no row');
    const answer = await api.update(def, 'admin', row.key, { name: 'x' }, 'en');
    expect(answer).toEqual({ resultCode: 400, message: 'Missing field: version', data: null });
    expect((await api.status(def, 'admin', row.key, { status: 0 })).resultCode).toBe(400);
    expect(await find(def, row.key)).toEqual(row);
  });
});
