// The fleet and account field types on the server, with the spec's words in zh and en: references sent by a label
// and resolved among the caller's rows (a truck's plate, a role's name), days, ID numbers, the driver code and a
// terminal phone, and the unique values of spec §5, each refused naming its field.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../../../domain/i18n';
import { ROLE } from '../../../server/seed/accounts';
import { VALID_ID_CARD, defAt, savedRow, startEntityServer, type EntityServer } from './entity-server';

const LANGS = ['zh', 'en'] as const;
const TRUCKS = defAt('/setting/base_data/truck');
const DRIVERS = defAt('/setting/base_data/driver');
const DEVICES = defAt('/setting/base_data/device');
const ROLES = defAt('/setting/privilege_account/role');
const USERS = defAt('/setting/privilege_account/user');

describe('fleet and account fields', () => {
  let api: EntityServer;

  beforeAll(async () => {
    api = await startEntityServer();
  });
  afterAll(async () => api.close());

  const plateOf = async (company: string): Promise<{ readonly key: string; readonly plate: string }> => {
    const [truck] = (await api.list(TRUCKS, 'admin', { companyCode: company, size: 1 })).data.rows;
    if (!truck) throw new Error(`no truck of ${company}`);
    return { key: truck.key, plate: String(truck.values['signCode']) };
  };

  describe('references', () => {
    it.each(LANGS)("refuses a plate of another company's truck (%s), naming the plate", async (lang) => {
      const { plate } = await plateOf('C005');
      const answer = await api.create(DRIVERS, 'manager', { ...(await api.input(DRIVERS, `foreign-${lang}`)), truckId: plate }, lang);
      const message = lang === 'zh' ? `“${plate}”不存在或无权使用` : `"${plate}" does not exist or is not yours to use`;
      expect(answer).toEqual({ resultCode: 400, message, data: { field: 'truckId' } });
    });

    it("stores a plate of the row's company as the truck's id and lists it by its plate", async () => {
      const { key, plate } = await plateOf('C002');
      const row = savedRow(await api.create(DRIVERS, 'manager', { ...(await api.input(DRIVERS, 'own-truck', 'C002')), truckId: plate }));
      expect(row.values['truckId']).toBe(plate);
      const stored = await api.server.services.db.selectFrom('driver').select('truckId').where('id', '=', Number(row.key)).executeTakeFirst();
      expect(String(stored?.truckId)).toBe(key);
      const listed = (await api.list(DRIVERS, 'manager', { code: String(row.values['code']) })).data.rows;
      expect(listed.map((entry) => [entry.key, entry.values['truckId']])).toEqual([[row.key, plate]]);
    });

    it.each(LANGS)("refuses a truck the caller sees but of another company than the row's (%s), on a new row and an edit", async (lang) => {
      const { plate } = await plateOf('C003');
      const message = translate(lang, 'validation.referenceCompany', { value: plate });
      expect(message).toBe(lang === 'zh' ? `“${plate}”不属于所选的所属公司` : `"${plate}" does not belong to the chosen company`);
      const created = await api.create(DRIVERS, 'admin', { ...(await api.input(DRIVERS, `other-co-${lang}`, 'C002')), truckId: plate }, lang);
      expect(created).toEqual({ resultCode: 400, message, data: { field: 'truckId' } });
      // An edit that moves the row to the truck's company may name it; one that keeps the company may not.
      const row = savedRow(await api.create(DRIVERS, 'admin', await api.input(DRIVERS, `move-co-${lang}`, 'C002')));
      const kept = await api.update(DRIVERS, 'admin', row.key, { version: row.version, truckId: plate }, lang);
      expect(kept).toEqual({ resultCode: 400, message, data: { field: 'truckId' } });
      const moved = savedRow(await api.update(DRIVERS, 'admin', row.key, { version: row.version, companyCode: 'C003', truckId: plate }, lang));
      expect([moved.values['companyCode'], moved.values['truckId']]).toEqual(['C003', plate]);
    });

    it.each(LANGS)('keeps the superMan role from anyone else (%s): not listed, not nameable', async (lang) => {
      expect((await api.all(ROLES, 'manager')).map((row) => row.values['roleName'])).not.toContain(ROLE.admin);
      expect((await api.all(ROLES, 'admin')).map((row) => row.values['roleName'])).toContain(ROLE.admin);
      const answer = await api.create(USERS, 'manager', { ...(await api.input(USERS, `wider-${lang}`)), roleId: ROLE.admin }, lang);
      expect(answer).toEqual({ resultCode: 400, message: translate(lang, 'validation.reference', { value: ROLE.admin }), data: { field: 'roleId' } });
      expect(answer.message).toBe(lang === 'zh' ? '“管理员”不存在或无权使用' : '"管理员" does not exist or is not yours to use');
      // The same role by an administrator: a superMan may grant it.
      expect(savedRow(await api.create(USERS, 'admin', { ...(await api.input(USERS, `super-${lang}`)), roleId: ROLE.admin })).values['roleId']).toBe(ROLE.admin);
    });
  });

  describe('days', () => {
    it('reads a day back as it was sent, stored as its midnight in China', async () => {
      const input = { ...(await api.input(DRIVERS, 'days')), birthday: '1990-02-28', inductionTime: '2024-12-31' };
      const row = savedRow(await api.create(DRIVERS, 'manager', input));
      expect(row.values).toMatchObject({ birthday: '1990-02-28', inductionTime: '2024-12-31' });
      const stored = await api.server.services.db.selectFrom('driver').select('inductionTime').where('id', '=', Number(row.key)).executeTakeFirst();
      // 2024-12-31 00:00 in China is 2024-12-30 16:00 UTC.
      expect(Number(stored?.inductionTime)).toBe(Date.UTC(2024, 11, 30, 16));
      expect((await api.all(DRIVERS, 'admin')).find((entry) => entry.key === row.key)?.values).toMatchObject({ birthday: '1990-02-28', inductionTime: '2024-12-31' });
    });

    it.each(LANGS)('refuses a day that does not exist (%s)', async (lang) => {
      for (const [def, field] of [[DRIVERS, 'inductionTime'], [DEVICES, 'installDate']] as const) {
        const answer = await api.create(def, 'manager', { ...(await api.input(def, `feb30-${lang}`)), [field]: '2024-02-30' }, lang);
        expect(answer).toEqual({ resultCode: 400, message: lang === 'zh' ? '请输入正确的日期（yyyy-MM-dd）' : 'Enter a real date (yyyy-MM-dd)', data: { field } });
      }
    });
  });

  describe('a driver', () => {
    it.each(LANGS)('refuses an ID number with a wrong check digit (%s)', async (lang) => {
      const answer = await api.create(DRIVERS, 'manager', { ...(await api.input(DRIVERS, `id-${lang}`)), idNumber: '110105194912310021' }, lang);
      expect(answer).toEqual({ resultCode: 400, message: lang === 'zh' ? '身份证号输入有误' : 'The ID card number is entered incorrectly', data: { field: 'idNumber' } });
    });

    it('keeps a check digit x as X', async () => {
      const row = savedRow(await api.create(DRIVERS, 'manager', { ...(await api.input(DRIVERS, 'id-x')), idNumber: VALID_ID_CARD.toLowerCase() }));
      expect(row.values['idNumber']).toBe(VALID_ID_CARD);
    });

    it.each(LANGS)('refuses a code of 8 characters with the driver-code message (%s); 7 are fine', async (lang) => {
      const answer = await api.create(DRIVERS, 'manager', { ...(await api.input(DRIVERS, `code8-${lang}`)), code: `C8${lang}1234` }, lang);
      expect(answer).toEqual({ resultCode: 400, message: lang === 'zh' ? '驾驶员编号不能超过7个字符' : 'The driver code can be at most 7 characters', data: { field: 'code' } });
      expect(savedRow(await api.create(DRIVERS, 'manager', { ...(await api.input(DRIVERS, `code7-${lang}`)), code: `驾${lang}12345`.slice(0, 7) })).values['code']).toHaveLength(7);
    });

    it.each(LANGS)('refuses a mobile of 10 digits with the mobile message (%s)', async (lang) => {
      const answer = await api.create(DRIVERS, 'manager', { ...(await api.input(DRIVERS, `mobile-${lang}`)), mobile: '1380013800' }, lang);
      expect(answer).toEqual({ resultCode: 400, message: translate(lang, 'validation.mobile'), data: { field: 'mobile' } });
    });
  });

  it.each(LANGS)('refuses a terminal phone of 10 digits (%s)', async (lang) => {
    const answer = await api.create(TRUCKS, 'manager', { ...(await api.input(TRUCKS, `phone-${lang}`)), phone: '1380013800' }, lang);
    const message = lang === 'zh' ? '请输入11位数字的终端手机号' : 'The terminal phone number must be exactly 11 digits';
    expect(answer).toEqual({ resultCode: 400, message, data: { field: 'phone' } });
  });

  describe('unique values of spec §5', () => {
    const CASES = [
      ['truck', 'signCode', 'Plate number', TRUCKS],
      ['truck', 'consoleSn', 'Console SN', TRUCKS],
      ['driver', 'name', 'Name', DRIVERS],
      ['driver', 'code', 'Code', DRIVERS],
      ['device', 'name', 'Name', DEVICES],
      ['device', 'code', 'Code', DEVICES],
      ['role', 'roleName', 'Role name', ROLES],
      ['user', 'userName', 'User name', USERS],
    ] as const;

    it.each(CASES)('refuses a %s whose %s another row holds, naming the field (%s has existed)', async (_name, field, label, def) => {
      await api.ensureRows(def, 1);
      const [held] = await api.all(def, 'admin');
      if (!held) throw new Error('no row');
      const taken = String(held.values[field]);
      // In the holder's company: a name or code of a company's row is unique there (unique-scope.test.ts).
      const company = held.values['companyCode'];
      const input = { ...(await api.input(def, `dup-${field}`, typeof company === 'string' ? company : undefined)), [field]: taken };
      expect(await api.create(def, 'admin', input, 'en')).toEqual({ resultCode: 400, message: `${label} has existed`, data: { field } });
      const zh = await api.create(def, 'admin', input, 'zh');
      expect(zh).toEqual({ resultCode: 400, message: `${translate('zh', `entity.field.${field}` as 'entity.field.name')}已存在`, data: { field } });
    });
  });
});
