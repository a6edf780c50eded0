// Users and roles as entity rows: a password set with its confirmation when a user is made, hashed and never read
// back, with which the user then logs in; the user's companies granted as its company's tree; and a user or role
// disabled through the status call ending its sessions at once: the next call with its token is told the session
// expired (the contract's 504, which logs the console out; shell spec §live, result codes).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginAnswer } from '../../../domain/wire/entities';
import { RESULT_CODE } from '../../../domain/wire/envelope';
import { call } from '../../helpers/api';
import { defAt, editForm, savedRow, startEntityServer, type EntityServer } from './entity-server';

const LANGS = ['zh', 'en'] as const;
const ROLES = defAt('/setting/privilege_account/role');
const USERS = defAt('/setting/privilege_account/user');

describe('accounts as entity rows', () => {
  let api: EntityServer;

  beforeAll(async () => {
    api = await startEntityServer();
  });
  afterAll(async () => api.close());

  const db = () => api.server.services.db;

  /** Logs a user in with its password; the session token, or the refusal. */
  const logIn = (userName: string, password: string) =>
    call<LoginAnswer>(api.server.url, 'POST', '/login', { form: { username: userName, password, ip: '', area: '' } });

  const tokenOf = async (userName: string, password: string): Promise<string> => {
    const answer = await logIn(userName, password);
    if (answer.resultCode !== 200) throw new Error(`login ${userName}: ${answer.message}`);
    return answer.data['header-id'];
  };

  /** Any logged-in user may read their privileges: what tells a live session from an ended one. */
  const probe = async (token: string) => (await call(api.server.url, 'GET', '/userPri', { token })).resultCode;
  const ENDED = RESULT_CODE.SESSION_EXPIRED;

  const newUser = async (tag: string, extra: Record<string, string> = {}) => {
    const input = { ...(await api.input(USERS, tag)), ...extra };
    return { row: savedRow(await api.create(USERS, 'manager', input)), input };
  };

  describe('passwords', () => {
    it.each(LANGS)('refuses a confirmation that differs (%s) and a password under 6 characters', async (lang) => {
      const input = await api.input(USERS, `pw-${lang}`);
      const mismatch = await api.create(USERS, 'manager', { ...input, passwordConfirm: 'secret-2' }, lang);
      expect(mismatch).toEqual({ resultCode: 400, message: lang === 'zh' ? '两次输入的密码不一致' : 'The two passwords do not match', data: { field: 'passwordConfirm' } });
      const short = await api.create(USERS, 'manager', { ...input, password: '12345', passwordConfirm: '12345' }, lang);
      expect(short).toEqual({ resultCode: 400, message: lang === 'zh' ? '密码长度不能少于6位' : 'The password must be at least 6 characters', data: { field: 'password' } });
      const missing = await api.create(USERS, 'manager', { ...input, passwordConfirm: '' }, lang);
      expect(missing).toEqual({ resultCode: 400, message: lang === 'zh' ? '此项为必填项' : 'This item is required', data: { field: 'passwordConfirm' } });
      expect((await api.all(USERS, 'admin')).map((row) => row.values['userName'])).not.toContain(input['userName']);
    });

    it('lets a new user log in with its password, and no other', async () => {
      const { row, input } = await newUser('login1', { password: ' spaced pass ', passwordConfirm: ' spaced pass ' });
      const userName = String(row.values['userName']);
      expect((await logIn(userName, 'spaced pass')).resultCode).not.toBe(200);
      const token = await tokenOf(userName, input['password'] ?? '');
      expect(await probe(token)).toBe(200);
    });

    it('never shows a password or its hash: not in a saved row, not in the list', async () => {
      const { row } = await newUser('hidden1');
      const stored = await db().selectFrom('appUser').select('passwordHash').where('id', '=', Number(row.key)).executeTakeFirst();
      const hash = stored?.passwordHash ?? '';
      expect(hash.length).toBeGreaterThan(20);
      expect(Object.keys(row.values)).not.toContain('password');
      const page = JSON.stringify((await api.list(USERS, 'admin', { size: 1000 })).data);
      expect(page).toContain(String(row.values['userName']));
      expect(page).not.toMatch(/password/i);
      expect(page).not.toContain(hash);
      expect(page).not.toContain('secret-1');
    });

    it.each(LANGS)('refuses a password sent with an edit (%s): an administrator resets it elsewhere', async (lang) => {
      const { row } = await newUser(`edit-pw-${lang}`);
      const answer = await api.update(USERS, 'manager', row.key, { ...editForm(USERS, row), password: 'changed-1', passwordConfirm: 'changed-1' }, lang);
      expect(answer).toEqual({ resultCode: 400, message: lang === 'zh' ? '该项创建后不能修改' : 'This item cannot be changed once created', data: { field: 'password' } });
    });
  });

  it("grants a new user its company and the organisations below it, and a moved user its new company's", async () => {
    const grants = async (key: string) =>
      (await db().selectFrom('userCompany').select('companyCode').where('userId', '=', Number(key)).orderBy('companyCode').execute()).map((row) => row.companyCode);
    const { row } = await newUser('grants1', { companyCode: 'C003' });
    expect(await grants(row.key)).toEqual(['C003', 'C004']);
    const top = await newUser('grants2', { companyCode: 'C001' });
    expect(await grants(top.row.key)).toEqual(['C001', 'C002', 'C003', 'C004', 'C005']);
    const moved = savedRow(await api.update(USERS, 'admin', row.key, editForm(USERS, row, { companyCode: 'C002' })));
    expect(moved.values['companyCode']).toBe('C002');
    expect(await grants(row.key)).toEqual(['C002']);
  });

  describe('disabling ends sessions at once', () => {
    it('ends a disabled user’s session: its token is told the session expired on the next call, and it cannot log in again', async () => {
      const { row, input } = await newUser('disable1');
      const token = await tokenOf(String(row.values['userName']), input['password'] ?? '');
      expect(await probe(token)).toBe(200);
      savedRow(await api.status(USERS, 'manager', row.key, { status: 0, version: row.version }));
      expect(await probe(token)).toBe(ENDED);
      expect((await logIn(String(row.values['userName']), input['password'] ?? '')).resultCode).not.toBe(200);
    });

    it('ends the sessions of a disabled role’s users, and theirs only', async () => {
      const role = savedRow(await api.create(ROLES, 'manager', await api.input(ROLES, 'disable-role')));
      const roleName = String(role.values['roleName']);
      const first = await newUser('role-user1', { roleId: roleName });
      const second = await newUser('role-user2', { roleId: roleName });
      const other = await newUser('other-role-user');
      const tokens = await Promise.all([first, second, other].map(({ row, input }) => tokenOf(String(row.values['userName']), input['password'] ?? '')));
      for (const token of tokens) expect(await probe(token)).toBe(200);
      savedRow(await api.status(ROLES, 'manager', role.key, { status: 0, version: role.version }));
      expect(await Promise.all(tokens.map(probe))).toEqual([ENDED, ENDED, 200]);
    });
  });
});
