// Uniqueness across tenants: a name or code a company gives its own rows is unique within that company only,
// in a single save, an import and a row moved to another company, and a refusal never tells of another company's row.
// A global value (a plate, a driver's code) is still refused across companies, as only 'taken' to a caller who cannot
// see the row holding it. Two tenants: the manager (C001–C004) and a user administrator of the garden bureau (C005).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate, type LocaleKey } from '../../../domain/i18n';
import type { EntityDef } from '../../../domain/screens/entities/definition';
import { isSheetField, type ImportDone, type ImportRefusal } from '../../../domain/screens/entities/transfer';
import { entityCallPath } from '../../../domain/screens/entities/wire';
import type { Envelope } from '../../../domain/wire/envelope';
import { ROLE } from '../../../server/seed/accounts';
import { call } from '../../helpers/api';
import { defAt, savedRow, startEntityServer, validInput, type EntityServer } from './entity-server';
import { upload, workbookOf } from './transfer-calls';

const DRIVERS = defAt('/setting/base_data/driver');
const STATIONS = defAt('/setting/base_data/station');
const DEPOTS = defAt('/setting/base_data/storage');
const TRUCKS = defAt('/setting/base_data/truck');
const USERS = defAt('/setting/privilege_account/user');
const ROLES = defAt('/setting/privilege_account/role');
const LANGS = ['zh', 'en'] as const;

/** The garden bureau's own user administrator: sees and writes C005 only, which the manager does not see. */
const GARDEN_ADMIN = 'yuanlin-admin';

type Form = Readonly<Record<string, string | number>>;

/** A refusal of a unique value in a language: 'has existed' for a row the caller sees, 'taken' for one it cannot. */
function heldAnswer(def: EntityDef, key: string, lang: 'zh' | 'en', message: LocaleKey): Envelope<unknown> {
  const field = def.fields.find((entry) => entry.key === key);
  if (!field) throw new Error(`no field ${key}`);
  return { resultCode: 400, message: translate(lang, message, { field: translate(lang, field.labelKey) }), data: { field: key } };
}

describe('unique values within a company', () => {
  let api: EntityServer;
  let gardenToken: string;

  beforeAll(async () => {
    api = await startEntityServer();
    const user: Record<string, string> = { ...validInput(USERS, 'garden-admin', 'C005'), userName: GARDEN_ADMIN, roleId: ROLE.userAdmin };
    savedRow(await api.create(USERS, 'admin', user));
    const login = await call<{ 'header-id': string }>(api.server.url, 'POST', '/login', { form: { username: GARDEN_ADMIN, password: user['password'] ?? '', ip: '', area: '' } });
    if (login.resultCode !== 200) throw new Error(`garden admin login: ${login.message}`);
    gardenToken = login.data['header-id'];
  });
  afterAll(async () => api.close());

  /** The garden administrator's calls (the shared server knows the four demo users only). */
  const garden = {
    create: (def: EntityDef, form: Form, lang: 'zh' | 'en' = 'zh') => call(api.server.url, 'POST', entityCallPath(def.path), { token: gardenToken, form, lang }),
  };
  /** A valid new row of `company` with these values, its truck one of that company's. */
  const rowIn = async (def: EntityDef, tag: string, company: string, values: Form = {}) => ({ ...(await api.input(def, tag, company)), ...values });

  it('saves a driver named 王伟 in two companies, and refuses a second one in the same company', async () => {
    expect(savedRow(await api.create(DRIVERS, 'manager', await rowIn(DRIVERS, 'ww-a', 'C002', { name: '王伟' }))).values['name']).toBe('王伟');
    expect(savedRow(await garden.create(DRIVERS, await rowIn(DRIVERS, 'ww-b', 'C005', { name: '王伟' }))).values['companyCode']).toBe('C005');
    // The manager's other company has its own 王伟 too.
    savedRow(await api.create(DRIVERS, 'manager', await rowIn(DRIVERS, 'ww-c', 'C003', { name: '王伟' })));
    for (const lang of LANGS) {
      const again = await api.create(DRIVERS, 'manager', await rowIn(DRIVERS, `ww-d-${lang}`, 'C002', { name: '王伟' }), lang);
      expect(again).toEqual(heldAnswer(DRIVERS, 'name', lang, 'validation.hasExisted'));
      const theirs = await garden.create(DRIVERS, await rowIn(DRIVERS, `ww-e-${lang}`, 'C005', { name: '王伟' }), lang);
      expect(theirs).toEqual(heldAnswer(DRIVERS, 'name', lang, 'validation.hasExisted'));
    }
    expect((await api.all(DRIVERS, 'admin')).filter((row) => row.values['name'] === '王伟').map((row) => row.values['companyCode']).sort()).toEqual(['C002', 'C003', 'C005']);
  });

  it.each([['station', STATIONS], ['depot', DEPOTS]] as const)('gives a %s’s name and code to each company once', async (_name, def) => {
    const same = { name: `一号${def.table}`, code: `ONE-${def.table}` };
    savedRow(await api.create(def, 'manager', await rowIn(def, 'one-a', 'C002', same)));
    savedRow(await garden.create(def, await rowIn(def, 'one-b', 'C005', same)));
    for (const key of ['name', 'code'] as const) {
      const fresh = await rowIn(def, `one-${key}`, 'C002');
      expect(await api.create(def, 'manager', { ...fresh, [key]: same[key] }, 'en')).toEqual(heldAnswer(def, key, 'en', 'validation.hasExisted'));
      expect(await garden.create(def, { ...(await rowIn(def, `one-${key}`, 'C005')), [key]: same[key] }, 'zh')).toEqual(heldAnswer(def, key, 'zh', 'validation.hasExisted'));
    }
  });

  it('refuses a row moved into a company that holds its name, though the edit sends no name', async () => {
    const home = savedRow(await api.create(STATIONS, 'manager', await rowIn(STATIONS, 'move-a', 'C002', { name: '迁站' })));
    const moving = savedRow(await api.create(STATIONS, 'manager', await rowIn(STATIONS, 'move-b', 'C003', { name: '迁站' })));
    const move = (company: string, lang: 'zh' | 'en') => api.update(STATIONS, 'manager', moving.key, { version: moving.version, companyCode: company }, lang);
    for (const lang of LANGS) expect(await move('C002', lang)).toEqual(heldAnswer(STATIONS, 'name', lang, 'validation.hasExisted'));
    expect(savedRow(await move('C004', 'en')).values).toMatchObject({ name: '迁站', companyCode: 'C004' });
    expect((await api.all(STATIONS, 'admin')).find((row) => row.key === home.key)?.values['companyCode']).toBe('C002');
  });

  it('refuses a plate or a driver code another company holds without saying it exists: only that it is taken', async () => {
    const [theirTruck] = (await api.list(TRUCKS, 'admin', { companyCode: 'C005', size: 1 })).data.rows;
    const theirDriver = savedRow(await garden.create(DRIVERS, await rowIn(DRIVERS, 'their-code', 'C005')));
    const plate = String(theirTruck?.values['signCode']);
    for (const lang of LANGS) {
      expect(await api.create(TRUCKS, 'manager', await rowIn(TRUCKS, `plate-${lang}`, 'C002', { signCode: plate }), lang)).toEqual(heldAnswer(TRUCKS, 'signCode', lang, 'validation.taken'));
      const code = String(theirDriver.values['code']);
      expect(await api.create(DRIVERS, 'manager', await rowIn(DRIVERS, `code-${lang}`, 'C002', { code }), lang)).toEqual(heldAnswer(DRIVERS, 'code', lang, 'validation.taken'));
      // Whoever sees the holder is told it exists: the platform's administrator sees every company.
      expect(await api.create(TRUCKS, 'admin', await rowIn(TRUCKS, `plate-admin-${lang}`, 'C002', { signCode: plate }), lang)).toEqual(heldAnswer(TRUCKS, 'signCode', lang, 'validation.hasExisted'));
    }
    expect(translate('zh', 'validation.taken', { field: '车牌号' })).toBe('车牌号已被占用，请联系管理员');
  });

  it('refuses a role named like a superMan’s role, which only a superMan sees, as taken', async () => {
    const input = { ...validInput(ROLES, 'hidden-role'), roleName: ROLE.admin };
    for (const lang of LANGS) expect(await api.create(ROLES, 'manager', input, lang)).toEqual(heldAnswer(ROLES, 'roleName', lang, 'validation.taken'));
    expect(await api.create(ROLES, 'admin', input, 'en')).toEqual(heldAnswer(ROLES, 'roleName', 'en', 'validation.hasExisted'));
  });

  describe('import', () => {
    /** A workbook headed by field keys, one row per record. */
    const sheetOf = (def: EntityDef, rows: readonly Readonly<Record<string, string>>[]) => {
      const keys = def.fields.filter(isSheetField).map((field) => field.key);
      return workbookOf([keys, ...rows.map((row) => keys.map((key) => row[key] ?? ''))]);
    };
    const importAs = async (def: EntityDef, rows: readonly Readonly<Record<string, string>>[], lang: 'zh' | 'en' = 'en') =>
      upload<ImportDone | ImportRefusal>(api.server.url, api.token('manager'), def, await sheetOf(def, rows), lang);

    it('imports stations whose name and code another company holds, and the same name in two of the caller’s companies', async () => {
      const theirs = savedRow(await garden.create(STATIONS, await rowIn(STATIONS, 'imp-theirs', 'C005')));
      const taken = { name: String(theirs.values['name']), code: String(theirs.values['code']) };
      const answer = await importAs(STATIONS, [
        { ...validInput(STATIONS, 'imp-1', 'C002'), ...taken },
        { ...validInput(STATIONS, 'imp-2', 'C003'), ...taken },
      ]);
      expect(answer).toEqual({ resultCode: 200, message: expect.any(String), data: { imported: 2 } });
      const held = (await api.all(STATIONS, 'admin')).filter((row) => row.values['code'] === taken.code).map((row) => row.values['companyCode']);
      expect(held.sort()).toEqual(['C002', 'C003', 'C005']);
    });

    it('refuses a name repeated within one company of the file, or held there, and a plate held by another company as taken', async () => {
      const [theirTruck] = (await api.list(TRUCKS, 'admin', { companyCode: 'C005', size: 1 })).data.rows;
      savedRow(await api.create(STATIONS, 'manager', await rowIn(STATIONS, 'rep-held', 'C002', { name: '已有站' })));
      const stations = await importAs(STATIONS, [
        { ...validInput(STATIONS, 'rep-1', 'C002'), name: '重名站' },
        { ...validInput(STATIONS, 'rep-2', 'C002'), name: '重名站' },
        { ...validInput(STATIONS, 'rep-3', 'C002'), name: '已有站' },
        // Another company of the caller's: its own name, no repeat.
        { ...validInput(STATIONS, 'rep-4', 'C003'), name: '重名站' },
      ]);
      expect((stations.data as ImportRefusal).problems).toEqual([
        { row: 3, field: 'name', label: 'Name', message: 'Name repeats row 2' },
        { row: 4, field: 'name', label: 'Name', message: 'Name has existed' },
      ]);
      const trucks = await importAs(TRUCKS, [{ ...validInput(TRUCKS, 'imp-plate', 'C002'), signCode: String(theirTruck?.values['signCode']) }]);
      expect((trucks.data as ImportRefusal).problems).toEqual([{ row: 2, field: 'signCode', label: 'Plate number', message: 'Plate number is already taken: ask an administrator' }]);
    });
  });
});
