// The call registry (domain/wire/calls.ts) and the server's routes name each other one to one: every call is served by
// exactly one route, added from the call's entry, and no route outside the registry sits on a call's path.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE_DEFAULT, CALLS, CALL_NAMES, type CallName, type CallSpec } from '../../../domain/wire/calls';
import type { GuardedRoute } from '../../../server/auth/guard';
import type { Contract } from '../../../server/contract/contract';
import { startServer, type RunningServer } from '../../helpers/server';

/** Where a call is served: its method, and its path under its root. */
function placeOf(name: CallName): string {
  const { method, path, root } = CALLS[name];
  return `${method} ${root === 'api' ? API_BASE_DEFAULT : ''}${path}`;
}

const placeOfRoute = (route: GuardedRoute) => `${route.method} ${route.url}`;
const urlOf = (place: string) => place.slice(place.indexOf(' ') + 1);

/** Whether the registry lets the call in without a session. */
function isPublic(name: CallName): boolean {
  const spec: CallSpec = CALLS[name];
  return spec.public === true;
}

/** The places of the routes that say they serve `name`. */
const placesOf = (routes: readonly GuardedRoute[], name: CallName) => routes.filter((route) => route.call === name).map(placeOfRoute);

const CONTRACTS: readonly Contract[] = ['ours', 'legacy'];

describe('the server\'s routes of the call registry', () => {
  const servers: RunningServer[] = [];
  const routesOf = new Map<Contract, readonly GuardedRoute[]>();
  // Every contract route is guarded (the server refuses to start with one that has no access), so the access table
  // lists them all; the test hooks are no contract routes.
  const routes = (contract: Contract) => routesOf.get(contract) ?? expect.unreachable(`the ${contract} server starts first`);

  beforeAll(async () => {
    for (const contract of CONTRACTS) {
      const server = await startServer({ contract });
      servers.push(server);
      routesOf.set(contract, server.app.accessTable);
    }
  });
  afterAll(async () => {
    for (const server of servers) await server.close();
  });

  it('serves every call of the registry under our contract, our additions included', () => {
    expect(CALL_NAMES.filter((name) => placesOf(routes('ours'), name).length !== 1)).toEqual([]);
  });

  it.each(CONTRACTS)('serves each call with at most one route, at the method and path of its entry (contract %s)', (contract) => {
    const found = CALL_NAMES.map((name) => ({ name, places: placesOf(routes(contract), name) }));
    expect(found.filter(({ name, places }) => places.length > 1 || places.some((place) => place !== placeOf(name)))).toEqual([]);
  });

  it.each(CONTRACTS)('adds no route of its own at a call\'s path: every route there is a call of the registry (contract %s)', (contract) => {
    const callUrls = new Set(CALL_NAMES.map((name) => urlOf(placeOf(name))));
    expect(routes(contract).filter((route) => callUrls.has(route.url) && route.call === undefined).map(placeOfRoute)).toEqual([]);
  });

  it.each(CONTRACTS)('lets in without a session exactly the calls the registry marks public (contract %s)', (contract) => {
    const calls = routes(contract).flatMap((route) => (route.call === undefined ? [] : [{ route, call: route.call }]));
    expect(calls.length).toBeGreaterThan(0);
    expect(calls.filter(({ route, call }) => (route.access === 'public') !== isPublic(call)).map(({ route }) => placeOfRoute(route))).toEqual([]);
  });
});
