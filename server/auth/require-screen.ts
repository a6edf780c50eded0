// Per-screen access for calls that serve one screen (or a few) of a menu group. The guard admits by menu group, and a
// role granted single routes reaches their group through any one of them (the garden user holds the sprinkler screens,
// hence 'monitor'): the photo, video and monitor-report calls add this check so only a holder of their screen gets in.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { routeByPath } from '../../src/domain/routes';
import { RESULT_CODE } from '../../src/domain/wire/envelope';
import { failText } from '../envelope';
import { maySee } from './access';

/** Whether the guard's caller may see at least one of the screens; no caller (an unguarded route) may not. */
export function holdsScreen(request: FastifyRequest, paths: readonly string[]): boolean {
  const auth = request.auth;
  return auth !== null && paths.some((path) => maySee(auth, path));
}

/**
 * A hook refusing, with the guard's own 401 answer, a caller whose menu holds none of `paths`. Used as a route's
 * `onRequest` (it runs after the guard's, which set the caller) or through `requireScreen` for a whole plugin.
 * A path that is no route is a wiring mistake and throws when the hook is made.
 */
export function screenHook(paths: readonly string[]): (request: FastifyRequest, reply: FastifyReply) => Promise<unknown> {
  if (paths.length === 0) throw new Error('screenHook needs at least one screen');
  for (const path of paths) if (!routeByPath(path)) throw new Error(`no ${path} route`);
  return async (request, reply) => {
    if (holdsScreen(request, paths)) return undefined;
    return reply.send(failText(request, RESULT_CODE.UNAUTHORIZED, 'server.forbidden'));
  };
}

/** Every route of this plugin scope (registered in it, before or after) needs one of `paths` in the caller's menu. */
export function requireScreen(app: FastifyInstance, paths: readonly string[]): void {
  app.addHook('onRequest', screenHook(paths));
}
