// The screens the overview leads to.
import type { RoutePath } from '../../../../domain/routes';

export const LIVE_MAP_PATH = '/monitor/track_map' satisfies RoutePath;
export const SPRINKLER_MAP_PATH = '/monitor/sprinkler_monitoring' satisfies RoutePath;
