// Whose rows an entity call reaches: a role without the base data function gets 401 on every call; a manager sees and
// writes only its own companies' rows (another's is 404, never revealed); organisations hang below the caller's own,
// a new top organisation is an administrator's, and a new organisation is granted to the manager who made it. Roles
// are nobody's company's: every caller sees them but a superMan's role, which only a superMan sees or touches.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EntityDef, EntityField } from '../../../domain/screens/entities/definition';
import type { EntityRow } from '../../../domain/screens/entities/wire';
import { entityFor } from '../../../domain/screens/entities/registry';
import type { ReportOptions } from '../../../domain/screens/reports/wire';
import { sql } from 'kysely';
import { call } from '../../helpers/api';
import { DEFS, editForm, nameOf, noSuchCall, savedRow, startEntityServer, validInput, type EntityServer } from './entity-server';

const CASES = DEFS.map((def) => [nameOf(def), def] as const);
/** Screens whose rows belong to a company (or are organisations), as against roles. */
const OWNED = CASES.filter(([, def]) => def.scope !== 'role');
const ROLES = CASES.filter(([, def]) => def.scope === 'role');
const ENOUGH_ROWS = 2;

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

  it.each(CASES)('answers 401 to every %s call of a role without the screen\'s function, changing nothing', async (_name, def) => {
    await api.ensureRows(def, 1);
    const [row] = await api.all(def, 'admin');
    if (!row) throw new Error('no row');
    for (const user of ['operator', 'garden'] as const) {
      if (def.readOnly === true) {
        // A read-only list has its list call only: any write is no such call, for anyone.
        expect(await api.list(def, user, {}, 'en'), user).toEqual({ resultCode: 401, message: 'You have no access to this function', data: null });
        expect(await api.create(def, user, {}, 'en'), user).toEqual({ resultCode: 404, message: noSuchCall(def, '').message.replace(/\/$/, ''), data: null });
        expect(await api.status(def, user, row.key, { status: 0, version: row.version }, 'en'), user).toMatchObject({ resultCode: 404, data: null });
        expect(await api.update(def, user, row.key, {}, 'en'), user).toEqual(noSuchCall(def, row.key));
        continue;
      }
      const answers = [
        await api.list(def, user, {}, 'en'),
        await api.create(def, user, await api.input(def, `no-${user}`, user === 'garden' ? 'C005' : 'C002'), 'en'),
        await api.status(def, user, row.key, { status: 0, version: row.version }, 'en'),
      ];
      for (const answer of answers) expect(answer, user).toEqual({ resultCode: 401, message: 'You have no access to this function', data: null });
      // An append-only record has no edit call for anyone.
      const edit = await api.update(def, user, row.key, editForm(def, row, { shortName: 'nope' }), 'en');
      expect(edit, user).toEqual(def.append === true ? noSuchCall(def, row.key) : { resultCode: 401, message: 'You have no access to this function', data: null });
    }
    expect((await api.all(def, 'admin')).find((stored) => stored.key === row.key)).toEqual(row);
  });

  /** The ids of the superMan roles, as stored. */
  const superManRoles = async (): Promise<string[]> =>
    (await sql<{ id: number }>`select id from role where super_man = 1`.execute(api.server.services.db)).rows.map((row) => String(row.id));

  it.each(OWNED)("lists only the manager's companies' %s rows", async (_name, def) => {
    await api.ensureRows(def, ENOUGH_ROWS);
    const all = await api.all(def, 'admin');
    const mine = await api.all(def, 'manager');
    expect(mine).toEqual(all.filter((row) => api.managerCompanies().includes(String(companyOf(def, row.values)))));
  });

  it.each(ROLES)('lists every %s but a superMan\'s to the manager, and all of them to a superMan', async (_name, def) => {
    const all = await api.all(def, 'admin');
    const superMan = await superManRoles();
    expect(superMan.length).toBeGreaterThan(0);
    expect(all.map((row) => row.key)).toEqual(expect.arrayContaining(superMan));
    expect(await api.all(def, 'manager')).toEqual(all.filter((row) => !superMan.includes(row.key)));
  });

  /** What the manager searches another's row by: its name, else its first search field. */
  const searchOf = (def: EntityDef): EntityField | undefined =>
    def.fields.find((entry) => entry.key === 'name' && entry.search === true) ?? def.fields.find((entry) => entry.search === true);

  /**
   * The manager searching for another's row finds only its own rows holding the value (a place's unique name: none;
   * a text message's phone, or 管理员 within 用户管理员: its own).
   */
  const expectNotFoundBySearch = async (def: EntityDef, theirs: EntityRow) => {
    const field = searchOf(def);
    if (!field) return;
    const value = String(theirs.values[field.key]);
    const whole = field.type === 'company' || field.type === 'select';
    const own = (await api.all(def, 'manager')).filter((row) => (whole ? row.values[field.key] === value : String(row.values[field.key] ?? '').includes(value)));
    const found = await api.list(def, 'manager', { [field.key]: value, size: 1000 });
    expect(found.data).toEqual({ rows: own, total: own.length });
  };

  const expectUntouchable = async (def: EntityDef, theirs: EntityRow) => {
    expect((await api.all(def, 'manager')).map((row) => row.key)).not.toContain(theirs.key);
    await expectNotFoundBySearch(def, theirs);
    for (const lang of ['zh', 'en'] as const) {
      const message = lang === 'zh' ? '该记录不存在或已无权查看' : 'The record does not exist or is no longer yours to see';
      const status = await api.status(def, 'manager', theirs.key, { status: 0, version: theirs.version }, lang);
      expect(status).toEqual({ resultCode: 404, message, data: null });
      const edit = await api.update(def, 'manager', theirs.key, editForm(def, theirs, { shortName: 'mine now' }), lang);
      if (def.append === true) expect(edit.resultCode).toBe(404);
      else expect(edit).toEqual(status);
    }
    expect((await api.all(def, 'admin')).find((row) => row.key === theirs.key)).toEqual(theirs);
  };

  it.each(OWNED.filter(([, def]) => def.readOnly !== true))("answers 404 to the manager for another company's %s row, and leaves it alone", async (_name, def) => {
    const form =
      def.scope === 'organisation'
        ? { ...validInput(def, 'c005'), code: 'C005-1', parentCode: 'C005' }
        : await api.input(def, 'c005', await api.companyFor(def, 'C005'));
    await expectUntouchable(def, savedRow(await api.create(def, 'admin', form)));
  });

  it.each(ROLES)('answers 404 to the manager for a superMan\'s %s, and leaves it alone', async (_name, def) => {
    const [superMan] = await superManRoles();
    const theirs = (await api.all(def, 'admin')).find((row) => row.key === superMan);
    if (!theirs) throw new Error('no superMan role');
    await expectUntouchable(def, theirs);
  });

  it.each(OWNED.filter(([, def]) => def.append !== true && def.readOnly !== true))('lets the manager move a %s row only between its own companies', async (_name, def) => {
    const row = savedRow(await api.create(def, 'manager', await api.input(def, 'move')));
    const field = def.scope === 'organisation' ? 'parentCode' : 'companyCode';
    const refused = await api.update(def, 'manager', row.key, editForm(def, row, { [field]: 'C005' }), 'en');
    expect(refused).toEqual({ resultCode: 400, message: 'Choose one of the options', data: { field } });
    // One company's row per company where the company is unique (a threshold): then to one holding none yet.
    const target = await api.companyFor(def, def.fields.some((entry) => entry.key === field && entry.unique !== undefined) ? undefined : 'C003');
    // A truck the row names stays in its old company: a row moving company lets it go (entity-references.ts).
    // A row that must name a truck names one of its new company's instead.
    const there = await api.input(def, 'moved', target);
    const trucks = Object.fromEntries(
      def.fields.filter((entry) => entry.type === 'reference' && entry.ref?.path === '/setting/base_data/truck').map((entry) => [entry.key, entry.required === true ? (there[entry.key] ?? '') : '']),
    );
    const moved = savedRow(await api.update(def, 'manager', row.key, editForm(def, row, { [field]: target, ...trucks })));
    expect(moved.values[field]).toBe(target);
  });

  it.each(ROLES)('makes every %s the manager saves an ordinary one, whatever the form says', async (_name, def) => {
    const made = savedRow(await api.create(def, 'manager', { ...(await api.input(def, 'plain')), superMan: 1 }));
    const edited = savedRow(await api.update(def, 'manager', made.key, { ...editForm(def, made), superMan: 1 }));
    expect(await superManRoles()).not.toContain(made.key);
    expect((await api.all(def, 'manager')).find((row) => row.key === made.key)).toEqual(edited);
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
