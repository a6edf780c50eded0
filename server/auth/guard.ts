// The access check in front of every contract route: session (header-id or cookie), CSRF header, and the route's
// access (its screens against the caller's menu); and, as routes are added, the check that each declares its screen.
import type { FastifyInstance, FastifyRequest, FastifySchema } from 'fastify';
import type { CallName } from '../../domain/wire/calls';
import { RESULT_CODE } from '../../domain/wire/envelope';
import { HEADER_ID } from '../../domain/wire/entities';
import { failText } from '../envelope';
import type { Services } from '../services';
import { accessProblem, mayCall, type RouteAccess } from './access';
import { loadAuthContext, type AuthContext } from './context';
import { findSession } from './sessions';

export const SESSION_COOKIE = 'sid';

/** One guarded route as added: what the access table lists. */
export interface GuardedRoute {
  readonly method: string;
  readonly url: string;
  readonly access: RouteAccess;
  /** The registry call the route serves (routes/call-route.ts); none for a route a definition derives. */
  readonly call?: CallName;
  /** Its request schema (query, params, body), so a walk of the table can call it with fields it takes. */
  readonly schema?: FastifySchema;
  /** A GET that changes state (config.changesState). */
  readonly changesState?: true;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call a contract route (server/auth/access.ts); routes without it (the console's files) are not guarded. */
    access?: RouteAccess;
    /** A GET that changes state (the spec's GET /loginOut): it needs the header-id header like any other change. */
    changesState?: boolean;
    /** The registry call the route serves, set by `callRoute` (routes/call-route.ts) from the call's entry. */
    call?: CallName;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyInstance {
    /** Every guarded route added after the guard (HEAD aside: it answers as its GET), with its access and registry call. */
    readonly accessTable: readonly GuardedRoute[];
  }
}

/** The caller behind a token, or undefined for no, expired or disabled sessions. */
export async function authenticate(services: Services, token: string | undefined): Promise<AuthContext | undefined> {
  if (!token) return undefined;
  const session = await findSession(services.db, token, services.sessions);
  return session && loadAuthContext(services.db, session.tokenHash, session.userId);
}

function headerToken(request: FastifyRequest): string | undefined {
  const value = request.headers[HEADER_ID];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

export function installGuard(app: FastifyInstance, services: Services): void {
  app.decorateRequest('auth', null);
  const table: GuardedRoute[] = [];
  app.decorate('accessTable', table);
  // A call derived from a screen's definition that does not serve that screen would skip its check: refuse to start.
  app.addHook('onRoute', (route) => {
    const access = route.config?.access;
    if (access === undefined) return;
    const problem = accessProblem(route.url, access);
    for (const method of [route.method].flat()) {
      if (problem) throw new Error(`${method} ${route.url} ${problem}`);
      if (method !== 'HEAD') table.push({ method, url: route.url, access, call: route.config?.call, schema: route.schema, ...(route.config?.changesState === true ? { changesState: true } : {}) });
    }
  });
  // On request, before the body is read or validated: an anonymous caller learns nothing about a route's fields and
  // makes the server parse nothing.
  app.addHook('onRequest', async (request, reply) => {
    const { access, changesState } = request.routeOptions.config;
    if (access === undefined || access === 'public') return;
    // State changes need the header a foreign page cannot set (CSRF); reads may ride on the cookie alone.
    const fromHeader = headerToken(request);
    const isRead = request.method === 'GET' && changesState !== true;
    const token = isRead ? (fromHeader ?? request.cookies[SESSION_COOKIE]) : fromHeader;
    const auth = await authenticate(services, token);
    if (!auth) return reply.send(failText(request, RESULT_CODE.SESSION_EXPIRED, 'server.sessionExpired'));
    if (!mayCall(auth, access)) return reply.send(failText(request, RESULT_CODE.UNAUTHORIZED, 'server.forbidden'));
    request.auth = auth;
  });
}

/** The caller of a guarded route; the guard has run, so a missing context is a wiring mistake. */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new Error(`route ${request.url} read the caller without an access setting`);
  return request.auth;
}
