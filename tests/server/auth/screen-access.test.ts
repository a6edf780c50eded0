// Per-screen access over the whole registry: every call the server registers that serves screens, walked from its own
// access table, refuses a role whose menu holds another screen of the same menu group but none of the call's (401,
// the guard's answer), and lets in a role holding any one of its screens. No call is listed by hand.
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES, routeByPath, type RoutePath } from '../../../domain/routes';
import { ENTITIES } from '../../../domain/screens/entities/registry';
import { INDICATORS } from '../../../domain/screens/indicators/dashboards';
import { REPORT_DEFS } from '../../../domain/screens/reports/registry';
import { RESULT_CODE } from '../../../domain/wire/envelope';
import { screensOf } from '../../../server/auth/access';
import { installGuard, type GuardedRoute } from '../../../server/auth/guard';
import { createSession } from '../../../server/auth/sessions';
import type { Services } from '../../../server/services';
import { startServer, type RunningServer } from '../../helpers/server';

/** A screen-serving call, with the screens it serves. */
interface ScreenCall extends GuardedRoute {
  readonly screens: readonly RoutePath[];
}

/** A session per screen, of a user whose role is granted that one route path; made in a few statements. */
async function screenHolders(services: Services): Promise<Map<RoutePath, string>> {
  const { db } = services;
  const named = ROUTES.map((route, index) => ({ path: route.path, name: `screen-${index}` }));
  const roles = new Map((await db.insertInto('role')
    .values(named.map(({ name }) => ({ roleName: name, description: '', superMan: 0, status: 1 })))
    .returning(['id', 'roleName']).execute()).map((role) => [role.roleName, role.id]));
  await db.insertInto('roleFunction').values(named.map(({ path, name }) => ({ roleId: roles.get(name) ?? 0, functionId: path }))).execute();
  const users = new Map((await db.insertInto('appUser')
    .values(named.map(({ name }) => ({
      userName: name, realName: '', roleId: roles.get(name) ?? 0, companyCode: 'C001', passwordHash: '-', status: 1, avatar: '',
      lastLoginIp: null, lastLoginArea: null, lastLoginTime: null,
    })))
    .returning(['id', 'userName']).execute()).map((user) => [user.userName, user.id]));
  await db.insertInto('userCompany').values([...users.values()].map((userId) => ({ userId, companyCode: 'C001' }))).execute();
  return new Map(await Promise.all(named.map(async ({ path, name }) => [path, await createSession(db, users.get(name) ?? 0, '127.0.0.1')] as const)));
}

/** Runs `task` on every item, a few at a time: the server answers one while the next is on its way. */
async function eachFew<T>(items: readonly T[], task: (item: T) => Promise<void>): Promise<void> {
  const queue = [...items];
  const worker = async () => {
    for (let item = queue.shift(); item !== undefined; item = queue.shift()) await task(item);
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
}

/** Another screen of each of the call's menu groups (by the function a screen needs), where the group has one. */
function outsiders(screens: readonly RoutePath[]): RoutePath[] {
  const groups = new Set(screens.map((path) => routeByPath(path)?.needs));
  return [...groups].flatMap((group) => ROUTES.find((route) => route.needs === group && !screens.includes(route.path))?.path ?? []);
}

describe('per-screen access of every call', () => {
  let server: RunningServer;
  let calls: readonly ScreenCall[];
  let holders: ReadonlyMap<RoutePath, string>;

  beforeAll(async () => {
    server = await startServer();
    calls = server.app.accessTable.flatMap((route) => {
      const screens = screensOf(route.access);
      return screens.length === 0 ? [] : [{ ...route, screens }];
    });
    holders = await screenHolders(server.services);
  });
  afterAll(async () => server.close());

  /** The answer's resultCode; an answer that is no envelope (a workbook, a photo) was let in. */
  async function resultCode(call: ScreenCall, holder: RoutePath): Promise<number | 'not an envelope'> {
    // Path parameters get a value the route's own checks refuse: an admitted call answers without changing anything.
    const url = call.url.replace(/:[A-Za-z]+/g, '0');
    const response = await fetch(`${server.url}${url}`, { method: call.method, headers: { 'header-id': holders.get(holder) ?? '' } });
    if (!(response.headers.get('content-type') ?? '').includes('application/json')) {
      await response.arrayBuffer();
      return 'not an envelope';
    }
    return ((await response.json()) as { resultCode: number }).resultCode;
  }

  it('walks the calls of every report, entity and indicator screen', () => {
    const served = new Set(calls.flatMap((call) => call.screens));
    const defined = [...REPORT_DEFS, ...Object.values(ENTITIES), ...Object.values(INDICATORS)].map((def) => def.path);
    expect(defined.filter((path) => !served.has(path))).toEqual([]);
    expect(calls.length).toBeGreaterThan(400);
  });

  it('refuses a role holding another screen of the group but none of the call\'s screens', async () => {
    const probes = calls.flatMap((call) => outsiders(call.screens).map((outsider) => ({ call, outsider })));
    const admitted: string[] = [];
    await eachFew(probes, async ({ call, outsider }) => {
      const code = await resultCode(call, outsider);
      if (code !== RESULT_CODE.UNAUTHORIZED) admitted.push(`${call.method} ${call.url} as a holder of ${outsider}: ${code}`);
    });
    expect(admitted.sort()).toEqual([]);
    expect(probes.length).toBeGreaterThan(400);
  });

  it('lets in a role holding any one of the call\'s screens', async () => {
    const probes = calls.flatMap((call) => call.screens.map((screen) => ({ call, screen })));
    const refused: string[] = [];
    await eachFew(probes, async ({ call, screen }) => {
      const code = await resultCode(call, screen);
      if (code === RESULT_CODE.UNAUTHORIZED || code === RESULT_CODE.SESSION_EXPIRED) refused.push(`${call.method} ${call.url} as a holder of ${screen}: ${code}`);
    });
    expect(refused.sort()).toEqual([]);
  });

  it('refuses to start with a call whose URL names a screen its access does not serve', async () => {
    const add = async (access: '/monitor/track_map' | 'shell' | '/monitor/safe_target') => {
      const app = Fastify();
      installGuard(app, server.services);
      try {
        app.get('/indicator/monitor/safe_target', { config: { access } }, async () => null);
        await app.ready();
      } finally {
        await app.close();
      }
    };
    await expect(add('/monitor/track_map')).rejects.toThrow('/monitor/safe_target');
    await expect(add('shell')).rejects.toThrow('/monitor/safe_target');
    await expect(add('/monitor/safe_target')).resolves.toBeUndefined();
  });
});
