// The screen registry: what renders each console route, one entry per route in the route table's order. Report,
// master-data and indicator routes are drawn from their definitions (data, in their registries); the routes no
// definition can describe have a screen of their own, which the console supplies by path (src/app/views/custom-screens.ts).
// The console's view-for and the server's menu read this list.
import { routeByPath, ROUTES, type MenuGroup, type RouteDef, type RoutePath } from '../routes';
import type { EntityDef } from './entities/definition';
import { entityFor } from './entities/registry';
import { indicatorFor } from './indicators/dashboards';
import type { IndicatorDef } from './indicators/definition';
import type { ReportDef } from './reports/definition';
import { reportFor } from './reports/registry';

/** Routes whose screen is a component of its own rather than a definition. */
export const CUSTOM_SCREEN_PATHS = [
  '/dashboard',
  // The monitor board: live maps and boards, playback, photos and video.
  '/monitor/cargo_transport', '/monitor/liquid_level', '/monitor/playback_track', '/monitor/track_map', '/monitor/view_photos',
  '/monitor/video_monitor', '/monitor/sprinkler_playback_track', '/monitor/sprinkler_monitoring', '/monitor/sprinkler_real_inventory',
  '/monitor/real_video', '/monitor/history_video', '/monitor/alarm_inbox',
  // Settings that are no list of rows: a tree of functions, file and message sends, commissioning, drawn fences.
  '/setting/privilege_account/role_function', '/setting/device_parameter/params_files', '/setting/device_parameter/send_message',
  '/setting/base_data/test', '/setting/alarm_threshold/remote', '/setting/base_data/user_enclosure', '/setting/base_data/enclosure_approval',
] as const satisfies readonly RoutePath[];

export type CustomScreenPath = (typeof CUSTOM_SCREEN_PATHS)[number];

type Screen =
  | { readonly kind: 'report'; readonly def: ReportDef }
  | { readonly kind: 'entity'; readonly def: EntityDef }
  | { readonly kind: 'indicator'; readonly def: IndicatorDef }
  | { readonly kind: 'custom'; readonly path: CustomScreenPath };

export interface ScreenRoute {
  readonly route: RouteDef;
  readonly screen: Screen;
}

const CUSTOM: ReadonlySet<string> = new Set(CUSTOM_SCREEN_PATHS);

function isCustomScreenPath(path: string): path is CustomScreenPath {
  return CUSTOM.has(path);
}

/**
 * Every screen the definitions and the custom list give a path. A route has exactly one (tests/domain/screens/
 * registry.test.ts); two would leave which one shows to the order of a lookup.
 */
export function screensOf(path: string): readonly Screen[] {
  const report = reportFor(path);
  const entity = entityFor(path);
  const indicator = indicatorFor(path);
  const screens: Screen[] = [];
  if (report) screens.push({ kind: 'report', def: report });
  if (entity) screens.push({ kind: 'entity', def: entity });
  if (indicator) screens.push({ kind: 'indicator', def: indicator });
  if (isCustomScreenPath(path)) screens.push({ kind: 'custom', path });
  return screens;
}

/** Every route that has its screen, in the route table's order. */
export const SCREENS: readonly ScreenRoute[] = ROUTES.flatMap((route) => screensOf(route.path).slice(0, 1).map((screen) => ({ route, screen })));

const BY_PATH: ReadonlyMap<string, ScreenRoute> = new Map(SCREENS.map((entry) => [entry.route.path, entry]));

/** A route's screen, by path with or without the leading slash; undefined for a path that is no route or has none. */
export function screenFor(path: string): ScreenRoute | undefined {
  const route = routeByPath(path);
  return route && BY_PATH.get(route.path);
}

/** The routes of a menu group that have their screen, in menu order: what a menu may offer. */
export function screenRoutesOf(group: MenuGroup): readonly RouteDef[] {
  return SCREENS.flatMap(({ route }) => (route.group === group ? [route] : []));
}
