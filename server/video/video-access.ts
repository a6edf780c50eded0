// Who may call the video calls and fetch stream files: a holder of one of the three video screens. The guard admits
// by menu group (every monitor screen's holder reaches 'monitor'), so the shared screen hook (server/auth/
// require-screen.ts) narrows it to the video screens: the garden user, holding only the sprinkler screens, is refused.
import type { FastifyInstance } from 'fastify';
import { routeByPath } from '../../src/domain/routes';
import type { FunctionId } from '../auth/access';
import { requireScreen } from '../auth/require-screen';

export const VIDEO_SCREENS = ['/monitor/video_monitor', '/monitor/real_video', '/monitor/history_video'] as const;

export const VIDEO_ACCESS: readonly FunctionId[] = [...new Set(VIDEO_SCREENS.map((path) => {
  const route = routeByPath(path);
  if (!route) throw new Error(`no ${path} route`);
  return route.needs;
}))];

/** Refuses, in this plugin's routes, a caller the guard admitted without any video screen. */
export function requireVideoScreen(app: FastifyInstance): void {
  requireScreen(app, VIDEO_SCREENS);
}
