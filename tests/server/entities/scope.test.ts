// Whose rows an entity call reaches: a role without the base data function gets 401 on every call; a manager sees and
// writes only its own companies' rows (another's is 404, never revealed); organisations hang below the caller's own,
// a new top organisation is an administrator's, and a new organisation is granted to the manager who made it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EntityDef } from '../../../src/domain/screens/entities/definition';
import { entityFor } from '../../../src/domain/screens/entities/registry';
import type { ReportOptions } from '../../../src/domain/screens/reports/wire';
import { call } from '../../helpers/api';
import { DEFS, editForm, nameOf, savedRow, startEntityServer, validInput, type EntityServer } from './entity-server';

const CASES = DEFS.map((def) => [nameOf(def), def] as const);
const MANAGER_COMPANIES = ['C001', 'C002', 'C003', 'C004'];

/** The company a row belongs to: its company field, or an organisation's own code. */
const companyOf = (def: EntityDef, values: Readonly<Record<string, unknown>>): unknown => (def.scope === 'organisation' ? values['code'] : values['companyCode']);

function organisations(): EntityDef {
  const def = entityFor('/setting/base_data/company');
  if (!def) throw new Error('no company entity');
  return def;
}

describe('entity scope', () => {
  let api: EntityServer;

  beforeAll(async () => {
    api = await startEntityServer();
  });
  afterAll(async () => api.close());

  it.each(CASES)('answers 401 to every %s call of a role without the base data function, changing nothing', async (_name, def) => {
    const [row] = await api.all(def, 'admin');
    if (!row) throw new Error('no row');
    for (const user of ['operator', 'garden'] as const) {
      const answers = [
        await api.list(def, user, {}, 'en'),
        await api.create(def, user, validInput(def, `no-${user}`, user === 'garden' ? 'C005' : 'C002'), 'en'),
        await api.update(def, user, row.key, editForm(def, row, { shortName: 'nope' }), 'en'),
        await api.status(def, user, row.key, { status: 0, version: row.version }, 'en'),
      ];
      for (const answer of answers) expect(answer, user).toEqual({ resultCode: 401, message: 'You have no access to this function', data: null });
    }
    expect((await api.all(def, 'admin')).find((stored) => stored.key === row.key)).toEqual(row);
  });

  it.each(CASES)("lists only the manager's companies' %s rows", async (_name, def) => {
    const all = await api.all(def, 'admin');
    const mine = await api.all(def, 'manager');
    expect(mine).toEqual(all.filter((row) => MANAGER_COMPANIES.includes(String(companyOf(def, row.values)))));
  });

  it.each(CASES)("answers 404 to the manager for another company's %s row, and leaves it alone", async (_name, def) => {
    const form = def.scope === 'organisation' ? { ...validInput(def, 'c005'), code: 'C005-1', parentCode: 'C005' } : validInput(def, 'c005', 'C005');
    const theirs = savedRow(await api.create(def, 'admin', form));
    expect((await api.all(def, 'manager')).map((row) => row.key)).not.toContain(theirs.key);
    expect((await api.list(def, 'manager', { name: String(theirs.values['name']) })).data).toEqual({ rows: [], total: 0 });
    for (const lang of ['zh', 'en'] as const) {
      const message = lang === 'zh' ? '该记录不存在或已无权查看' : 'The record does not exist or is no longer yours to see';
      const edit = await api.update(def, 'manager', theirs.key, editForm(def, theirs, { shortName: 'mine now' }), lang);
      expect(edit).toEqual({ resultCode: 404, message, data: null });
      expect(await api.status(def, 'manager', theirs.key, { status: 0, version: theirs.version }, lang)).toEqual(edit);
    }
    expect((await api.all(def, 'admin')).find((row) => row.key === theirs.key)).toEqual(theirs);
  });

  it.each(CASES)('lets the manager move a %s row only between its own companies', async (_name, def) => {
    const row = savedRow(await api.create(def, 'manager', validInput(def, 'move')));
    const field = def.scope === 'organisation' ? 'parentCode' : 'companyCode';
    const refused = await api.update(def, 'manager', row.key, editForm(def, row, { [field]: 'C005' }), 'en');
    expect(refused).toEqual({ resultCode: 400, message: 'Choose one of the options', data: { field } });
    const moved = savedRow(await api.update(def, 'manager', row.key, editForm(def, row, { [field]: 'C003' })));
    expect(moved.values[field]).toBe('C003');
  });

  describe('organisations', () => {
    it('lets only an administrator make a top organisation or move one to the top', async () => {
      const def = organisations();
      const input = { ...validInput(def, 'top'), code: 'TOP1', parentCode: '' };
      for (const lang of ['zh', 'en'] as const) {
        const refused = await api.create(def, 'manager', input, lang);
        expect(refused).toEqual({ resultCode: 400, message: lang === 'zh' ? '此项为必填项' : 'This item is required', data: { field: 'parentCode' } });
      }
      const c002 = (await api.all(def, 'manager')).find((row) => row.key === 'C002');
      if (!c002) throw new Error('no C002');
      expect((await api.update(def, 'manager', 'C002', editForm(def, c002, { parentCode: '' }))).data).toEqual({ field: 'parentCode' });
      const top = savedRow(await api.create(def, 'admin', input));
      expect(top.values['parentCode']).toBeNull();
    });

    it('lets the manager edit its top organisation without choosing its parent', async () => {
      const def = organisations();
      const c001 = (await api.all(def, 'manager')).find((row) => row.key === 'C001');
      if (!c001) throw new Error('no C001');
      expect(c001.values['parentCode']).toBeNull();
      const edited = savedRow(await api.update(def, 'manager', 'C001', editForm(def, c001, { phone: '021-12345678' })));
      expect(edited.values).toMatchObject({ parentCode: null, phone: '021-12345678' });
    });

    it('grants a new organisation to the manager who made it, who may then place rows in it', async () => {
      const def = organisations();
      const made = savedRow(await api.create(def, 'manager', { ...validInput(def, 'granted'), code: 'NEW1', parentCode: 'C002' }));
      expect((await api.all(def, 'manager')).map((row) => row.key)).toContain('NEW1');
      const options = await call<ReportOptions>(api.server.url, 'GET', '/report/options', { token: api.token('manager') });
      expect(options.data.companies.map((company) => company.code)).toContain(made.key);
      const stations = entityFor('/setting/base_data/station');
      if (!stations) throw new Error('no station entity');
      expect(savedRow(await api.create(stations, 'manager', validInput(stations, 'in-new', 'NEW1'))).values['companyCode']).toBe('NEW1');
    });
  });
});
