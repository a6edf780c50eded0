// Who may call the video calls and fetch stream files: any holder of one of the three video screens (all monitor
// screens today; the list follows the routes' groups should they move).
import { routeByPath } from '../../src/domain/routes';
import type { FunctionId } from '../auth/access';

export const VIDEO_SCREENS = ['/monitor/video_monitor', '/monitor/real_video', '/monitor/history_video'] as const;

export const VIDEO_ACCESS: readonly FunctionId[] = [...new Set(VIDEO_SCREENS.map((path) => {
  const route = routeByPath(path);
  if (!route) throw new Error(`no ${path} route`);
  return route.needs;
}))];
