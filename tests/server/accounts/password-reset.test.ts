// An administrator's password reset on a real server and database: stored like every password, the user's sessions
// end, the rules refuse in zh and en, and no one takes over an account with more rights than their own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPlain } from '../../../server/auth/passwords';
import { passwordResetCall } from '../../../domain/screens/accounts/wire';
import type { FieldRefusal } from '../../../domain/screens/entities/wire';
import type { LoginAnswer } from '../../../domain/wire/entities';
import { call, login } from '../../helpers/api';
import { startServer, type RunningServer } from '../../helpers/server';

type User = 'admin' | 'manager' | 'operator' | 'garden';

describe('password reset by an administrator', () => {
  let server: RunningServer;
  const tokens = new Map<User, string>();
  const userIds = new Map<User, number>();

  beforeAll(async () => {
    server = await startServer();
    for (const user of ['admin', 'manager', 'operator', 'garden'] as const) {
      tokens.set(user, (await login(server.url, user)).token);
      const row = await server.services.db.selectFrom('appUser').select('id').where('userName', '=', user).executeTakeFirstOrThrow();
      userIds.set(user, row.id);
    }
  });
  afterAll(() => server.close());

  const keyOf = (user: User) => String(userIds.get(user));
  const reset = <T = null>(caller: User, target: string, form: Record<string, string>, lang: 'zh' | 'en' = 'zh') =>
    call<T>(server.url, 'POST', passwordResetCall(target), { token: tokens.get(caller), form, lang });
  const hashOf = async (user: User) =>
    (await server.services.db.selectFrom('appUser').select('passwordHash').where('userName', '=', user).executeTakeFirstOrThrow()).passwordHash;
  const loginWith = (userName: string, password: string) =>
    call<LoginAnswer>(server.url, 'POST', '/login', { form: { username: userName, password, ip: '', area: '' } });

  it('stores the new password hashed like a login expects, ends the user\'s sessions and answers in the caller\'s language', async () => {
    const operatorToken = tokens.get('operator');
    expect((await call(server.url, 'GET', '/menus', { token: operatorToken })).resultCode).toBe(200);
    const zh = await reset('admin', keyOf('operator'), { password: 'fresh-pass', confirm: 'fresh-pass' }, 'zh');
    expect(zh).toMatchObject({ resultCode: 200, message: '密码已重置，该用户需使用新密码重新登录' });
    const hash = await hashOf('operator');
    expect(hash).toMatch(/^scrypt\$/);
    expect(hash).not.toContain('fresh-pass');
    expect(await verifyPlain('fresh-pass', hash)).toBe(true);
    expect((await call(server.url, 'GET', '/menus', { token: operatorToken })).resultCode).toBe(504);
    const sessions = await server.services.db.selectFrom('session').select('tokenHash').where('userId', '=', userIds.get('operator') ?? 0).execute();
    expect(sessions).toEqual([]);
    expect((await loginWith('operator', 'operator123')).resultCode).not.toBe(200);
    const fresh = await loginWith('operator', 'fresh-pass');
    expect(fresh.resultCode).toBe(200);
    tokens.set('operator', fresh.data['header-id']);

    const en = await reset('admin', keyOf('garden'), { password: 'garden-new', confirm: 'garden-new' }, 'en');
    expect(en).toMatchObject({ resultCode: 200, message: 'Password reset: the user logs in again with the new password' });
  });

  it('keeps the caller\'s own session when an administrator resets their own password', async () => {
    const answer = await reset('admin', keyOf('admin'), { password: 'admin-new', confirm: 'admin-new' });
    expect(answer.resultCode).toBe(200);
    expect((await call(server.url, 'GET', '/menus', { token: tokens.get('admin') })).resultCode).toBe(200);
  });

  it.each([
    ['zh', '12345', '12345', 'password', '密码长度不能少于6位'],
    ['en', '12345', '12345', 'password', 'The password must be at least 6 characters'],
    ['zh', '', '', 'password', '此项为必填项'],
    ['zh', '123456', '1234567', 'confirm', '两次输入的密码不一致'],
    ['en', '123456', '1234567', 'confirm', 'The two passwords do not match'],
    ['en', '123456', '', 'confirm', 'This item is required'],
  ] as const)('refuses in %s: %j / %j under %s', async (lang, password, confirm, field, message) => {
    const before = await hashOf('manager');
    const answer = await reset<FieldRefusal>('admin', keyOf('manager'), { password, confirm }, lang);
    expect(answer).toMatchObject({ resultCode: 400, message, data: { field } });
    expect(await hashOf('manager')).toBe(before);
  });

  it('lets a non-superMan reset only users of their companies whose role holds no more than theirs', async () => {
    const toAdmin = await reset('manager', keyOf('admin'), { password: 'taken-over', confirm: 'taken-over' }, 'en');
    expect(toAdmin).toMatchObject({ resultCode: 401, message: 'You cannot reset the password of a user whose role holds functions you do not hold' });
    expect(await verifyPlain('taken-over', await hashOf('admin'))).toBe(false);
    // The garden user's company (C005) is not the manager's: that user does not exist for them.
    expect((await reset('manager', keyOf('garden'), { password: 'garden-2', confirm: 'garden-2' })).resultCode).toBe(404);
    expect((await reset('manager', keyOf('operator'), { password: 'operator-2', confirm: 'operator-2' })).resultCode).toBe(200);
  });

  it('is refused to a role without privilege_account, and for unknown users', async () => {
    // The manager's reset above ended the operator's session: in again with the password it set.
    tokens.set('operator', (await loginWith('operator', 'operator-2')).data['header-id']);
    expect((await reset('operator', keyOf('garden'), { password: 'garden-3', confirm: 'garden-3' })).resultCode).toBe(401);
    expect((await reset('admin', '99999', { password: 'nobody-1', confirm: 'nobody-1' })).resultCode).toBe(404);
    expect((await reset('admin', 'abc', { password: 'nobody-1', confirm: 'nobody-1' })).resultCode).toBe(404);
  });
});
