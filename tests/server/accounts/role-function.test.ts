// The role_function calls on a real server and database (SQLite here, PostgreSQL in server-pg): which roles a caller
// edits, a save replacing a role's functions on its version, the refusals in both languages, and the next request of
// the role's user already judged by the new functions.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '../../../server/seed/accounts';
import { compactFunctions, expandFunctions } from '../../../domain/screens/accounts/role-functions';
import {
  ROLE_FUNCTION_CALL, roleFunctionCall, type RoleFunctionConflict, type RoleFunctionRoles, type RoleFunctions,
} from '../../../domain/screens/accounts/wire';
import type { FieldRefusal } from '../../../domain/screens/entities/wire';
import type { MenuEntry } from '../../../domain/wire/entities';
import { call, login } from '../../helpers/api';
import { startServer, type RunningServer } from '../../helpers/server';

type User = 'admin' | 'manager' | 'operator' | 'garden';
const DISPATCHER_SEED = ['personal', 'monitor', 'cargo_event', 'cargo_exception', 'driving_event', 'driving_exception', 'active_safety'];
const STATION_LIST = '/entity/setting/base_data/station';

describe('role functions', () => {
  let server: RunningServer;
  const tokens = new Map<User, string>();
  const roleIds = new Map<string, number>();

  beforeAll(async () => {
    server = await startServer();
    for (const user of ['admin', 'manager', 'operator', 'garden'] as const) tokens.set(user, (await login(server.url, user)).token);
    for (const role of await server.services.db.selectFrom('role').select(['id', 'roleName']).execute()) roleIds.set(role.roleName, role.id);
  });
  afterAll(() => server.close());

  const idOf = (name: string): number => {
    const id = roleIds.get(name);
    if (id === undefined) throw new Error(`no role ${name}`);
    return id;
  };
  const send = <T>(user: User, method: string, path: string, options: { form?: Record<string, string | number>; lang?: 'zh' | 'en' } = {}) =>
    call<T>(server.url, method, path, { token: tokens.get(user), ...options });
  const read = async (roleName: string): Promise<RoleFunctions> => {
    const answer = await send<RoleFunctions>('admin', 'GET', roleFunctionCall(idOf(roleName)));
    expect(answer.resultCode).toBe(200);
    return answer.data;
  };
  const save = <T = RoleFunctions>(user: User, roleName: string, functions: readonly string[], version: number, lang?: 'zh' | 'en') =>
    send<T>(user, 'PUT', roleFunctionCall(idOf(roleName)), { form: { functions: functions.join(','), version }, lang });
  const stored = async (roleName: string) =>
    (await server.services.db.selectFrom('roleFunction').select('functionId').where('roleId', '=', idOf(roleName)).execute()).map((r) => r.functionId).sort();

  it('lists every role but the superMan ones to a superMan, and not their own role to anyone else', async () => {
    const admin = await send<RoleFunctionRoles>('admin', 'GET', ROLE_FUNCTION_CALL);
    expect(admin.data.roles.map((r) => r.name)).toEqual([ROLE.userAdmin, ROLE.dispatcher, ROLE.garden]);
    expect(admin.data.callerSuperMan).toBe(true);
    const manager = await send<RoleFunctionRoles>('manager', 'GET', ROLE_FUNCTION_CALL);
    expect(manager.data.roles.map((r) => r.name)).toEqual([ROLE.dispatcher, ROLE.garden]);
    expect(manager.data.callerSuperMan).toBe(false);
    expect(manager.data.callerFunctions).toContain('privilege_account');
  });

  it('answers a role without privilege_account as the guard does (401), reading or saving', async () => {
    const list = await send('operator', 'GET', ROLE_FUNCTION_CALL);
    expect(list.resultCode).toBe(401);
    const put = await save('operator', ROLE.garden, ['personal'], 1);
    expect(put.resultCode).toBe(401);
    expect(await stored(ROLE.garden)).toEqual(['/monitor/alarm_inbox', '/monitor/sprinkler_inventory', '/monitor/sprinkler_monitoring', '/monitor/sprinkler_playback_track',
      '/monitor/sprinkler_real_inventory', '/monitor/sprinkler_statistics', 'personal']);
    const anonymous = await call(server.url, 'GET', ROLE_FUNCTION_CALL);
    expect(anonymous.resultCode).toBe(504);
  });

  it('reads a role\'s functions in their stored form', async () => {
    const dispatcher = await read(ROLE.dispatcher);
    expect(dispatcher.functions).toEqual(DISPATCHER_SEED);
    expect(dispatcher.version).toBe(1);
    const superMan = await send<FieldRefusal>('admin', 'GET', roleFunctionCall(idOf(ROLE.admin)), { lang: 'en' });
    expect(superMan).toMatchObject({ resultCode: 400, message: 'A superMan role holds every function and cannot be changed', data: { field: 'role' } });
    expect((await send('admin', 'GET', roleFunctionCall(9999))).resultCode).toBe(404);
  });

  it('replaces the functions in one save, bumps the version and stamps who saved', async () => {
    const before = await read(ROLE.dispatcher);
    const next = [...before.functions.filter((id) => id !== 'active_safety'), '/setting/base_data/station'];
    const answer = await save('admin', ROLE.dispatcher, next, before.version);
    expect(answer.resultCode).toBe(200);
    expect(answer.data).toMatchObject({ version: before.version + 1, modifiedBy: 'admin', functions: compactFunctions(expandFunctions(next)) });
    expect(await stored(ROLE.dispatcher)).toEqual([...next].sort());
    const role = await server.services.db.selectFrom('role').select(['version', 'modifiedBy']).where('id', '=', idOf(ROLE.dispatcher)).executeTakeFirstOrThrow();
    expect(role).toEqual({ version: before.version + 1, modifiedBy: 'admin' });
  });

  it('refuses a stale version with 409 naming who saved and when, writing nothing', async () => {
    const now = await read(ROLE.dispatcher);
    const zh = await save<RoleFunctionConflict>('admin', ROLE.dispatcher, ['personal'], now.version - 1, 'zh');
    expect(zh.resultCode).toBe(409);
    expect(zh.message).toMatch(/^该记录已被admin于\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}修改/);
    expect(zh.data.current).toEqual(now);
    const en = await save('admin', ROLE.dispatcher, ['personal'], now.version - 1, 'en');
    expect(en.message).toMatch(/^admin changed this record at \d{2}\/\d{2}\/\d{4} /);
    expect((await read(ROLE.dispatcher)).functions).toEqual(now.functions);
  });

  it('lets one of two saves on the same version through and answers the other 409', async () => {
    const now = await read(ROLE.garden);
    const [a, b] = await Promise.all([
      save('admin', ROLE.garden, ['personal', '/monitor/track_map'], now.version),
      save('admin', ROLE.garden, ['personal', '/monitor/sprinkler_statistics'], now.version),
    ]);
    expect([a.resultCode, b.resultCode].sort()).toEqual([200, 409]);
    const winner = a.resultCode === 200 ? '/monitor/track_map' : '/monitor/sprinkler_statistics';
    expect(await stored(ROLE.garden)).toEqual([winner, 'personal']);
  });

  it('refuses nothing chosen with "This item is required", and unknown functions, in zh and en', async () => {
    const { version } = await read(ROLE.garden);
    const zh = await save<FieldRefusal>('admin', ROLE.garden, [], version, 'zh');
    expect(zh).toMatchObject({ resultCode: 400, message: '此项为必填项', data: { field: 'functions' } });
    const en = await save<FieldRefusal>('admin', ROLE.garden, [], version, 'en');
    expect(en).toMatchObject({ resultCode: 400, message: 'This item is required', data: { field: 'functions' } });
    const unknown = await save<FieldRefusal>('admin', ROLE.garden, ['personal', 'ops'], version, 'en');
    expect(unknown).toMatchObject({ resultCode: 400, message: 'Unknown function: ops' });
    expect((await read(ROLE.garden)).version).toBe(version);
  });

  it('refuses saving a superMan role, and a non-superMan saving their own role', async () => {
    const superMan = await save<FieldRefusal>('admin', ROLE.admin, ['personal'], 1, 'zh');
    expect(superMan).toMatchObject({ resultCode: 400, message: '超级管理员角色拥有全部功能，不能修改', data: { field: 'role' } });
    const own = await save<FieldRefusal>('manager', ROLE.userAdmin, ['personal'], 1, 'en');
    expect(own).toMatchObject({ resultCode: 400, message: 'You cannot change the functions of your own role', data: { field: 'role' } });
  });

  it('lets a non-superMan grant only what they hold, and not take away what they do not', async () => {
    const { version, functions } = await read(ROLE.dispatcher);
    const beyond = await save<FieldRefusal>('manager', ROLE.dispatcher, [...functions, 'device_parameter'], version, 'zh');
    expect(beyond.resultCode).toBe(400);
    expect(beyond.message).toBe('不能授予或取消您自己没有的功能：升级文件、消息下发、参数文件、参数记录、摄像头设置');
    const beyondEn = await save('manager', ROLE.dispatcher, [...functions, '/setting/device_parameter/upgrade_file'], version, 'en');
    expect(beyondEn.message).toMatch(/^You cannot grant or remove functions you do not hold yourself: /);
    expect((await read(ROLE.dispatcher)).functions).toEqual(functions);

    const held = await save<RoleFunctions>('manager', ROLE.dispatcher, [...functions, 'alarm_threshold'], version);
    expect(held.resultCode).toBe(200);
    // An administrator grants what the manager lacks; the manager may then change the rest but not take that away.
    const granted = await save<RoleFunctions>('admin', ROLE.dispatcher, [...held.data.functions, 'device_parameter'], held.data.version);
    expect(granted.resultCode).toBe(200);
    const takeAway = await save('manager', ROLE.dispatcher, granted.data.functions.filter((id) => id !== 'device_parameter'), granted.data.version);
    expect(takeAway.resultCode).toBe(400);
    const narrower = await save('manager', ROLE.dispatcher, granted.data.functions.filter((id) => id !== 'alarm_threshold'), granted.data.version);
    expect(narrower.resultCode).toBe(200);
    expect(await stored(ROLE.dispatcher)).toContain('device_parameter');
  });

  it('judges the role\'s user by the new functions from their next request on', async () => {
    // The station screen's link: the role may also hold device parameters, whose tank tables sit among the base data.
    const menusOf = async () => (await send<MenuEntry[]>('operator', 'GET', '/menus')).data.flatMap((entry) => entry.child ?? []).map((entry) => entry.url);
    let { version, functions } = await read(ROLE.dispatcher);
    const withBase = await save<RoleFunctions>('admin', ROLE.dispatcher, [...functions, 'base_data'], version);
    ({ version, functions } = withBase.data);
    expect((await send('operator', 'GET', STATION_LIST)).resultCode).toBe(200);
    expect(await menusOf()).toContain('/setting/base_data/station');

    const without = await save<RoleFunctions>('admin', ROLE.dispatcher, functions.filter((id) => id !== 'base_data' && id !== '/setting/base_data/station'), version);
    expect(without.resultCode).toBe(200);
    expect((await send('operator', 'GET', STATION_LIST)).resultCode).toBe(401);
    expect(await menusOf()).not.toContain('/setting/base_data/station');
  });
});
