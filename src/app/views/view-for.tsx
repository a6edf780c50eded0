// Which component renders a path inside the shell: each kind of route has its screen, loaded as its own chunk, so the
// login page and the dashboard never load a grid, a chart or a form library.
import { lazy, Suspense, type ReactNode } from 'react';
import { DASHBOARD_PATH, routeByPath, type RouteKind } from '../../../domain/routes';
import { entityFor } from '../../../domain/screens/entities/registry';
import { reportFor } from '../../../domain/screens/reports/registry';
import { Dashboard } from '../dashboard/Dashboard';
import { NotAvailable } from './NotAvailable';

const ReportScreen = lazy(() => import('../screens/report/ReportScreen'));
const EntityScreen = lazy(() => import('../screens/entity/EntityScreen'));

/** Settings screens a definition cannot describe (a tree, not a list), each with its own component. */
const OWN_SETTINGS_SCREENS: Readonly<Record<string, ReturnType<typeof lazy>>> = {
  '/setting/privilege_account/role_function': lazy(() => import('../screens/role-function/RoleFunctionScreen')),
  '/setting/device_parameter/params_files': lazy(() => import('../screens/param-file/ParamFileScreen')),
  '/setting/device_parameter/send_message': lazy(() => import('../screens/send-message/SendMessageScreen')),
  '/setting/base_data/test': lazy(() => import('../screens/commissioning/CommissioningScreen')),
  '/setting/alarm_threshold/remote': lazy(() => import('../screens/remote/RemoteScreen')),
  '/setting/base_data/user_enclosure': lazy(() => import('../screens/fences/UserEnclosureScreen')),
  '/setting/base_data/enclosure_approval': lazy(() => import('../screens/fences/EnclosureApprovalScreen')),
};

/** The monitor board's screens (maps, playback, video, live levels): each special, each its own chunk. */
const MONITOR_SCREENS: Readonly<Record<string, ReturnType<typeof lazy>>> = {
  '/monitor/track_map': lazy(() => import('../monitor/track-map/TrackMapScreen')),
  '/monitor/playback_track': lazy(() => import('../monitor/playback/PlaybackScreen')),
  '/monitor/liquid_level': lazy(() => import('../monitor/liquid-level/LiquidLevelScreen')),
  '/monitor/cargo_transport': lazy(() => import('../monitor/cargo-transport/CargoTransportScreen')),
  '/monitor/safe_target': lazy(() => import('../monitor/indicators/IndicatorScreen').then((m) => ({ default: m.SafeTargetScreen }))),
  '/monitor/device_target': lazy(() => import('../monitor/indicators/IndicatorScreen').then((m) => ({ default: m.DeviceTargetScreen }))),
  '/monitor/sprinkler_real_inventory': lazy(() => import('../monitor/sprinkler/SprinklerRealInventoryScreen')),
  '/monitor/sprinkler_monitoring': lazy(() => import('../monitor/sprinkler/SprinklerMonitoringScreen')),
  '/monitor/sprinkler_playback_track': lazy(() => import('../monitor/sprinkler/SprinklerPlaybackScreen')),
  // The water-truck figures are reports: the generic report screen on their own monitor path.
  '/monitor/sprinkler_statistics': lazy(() => import('../screens/report/ReportScreen').then((m) => ({ default: () => <m.default path="/monitor/sprinkler_statistics" /> }))),
  '/monitor/sprinkler_inventory': lazy(() => import('../screens/report/ReportScreen').then((m) => ({ default: () => <m.default path="/monitor/sprinkler_inventory" /> }))),
  '/monitor/view_photos': lazy(() => import('../monitor/photos/PhotosScreen')),
  '/monitor/video_monitor': lazy(() => import('../monitor/video/VideoScreens').then((m) => ({ default: m.VideoMonitorScreen }))),
  '/monitor/real_video': lazy(() => import('../monitor/video/VideoScreens').then((m) => ({ default: m.RealVideoScreen }))),
  '/monitor/history_video': lazy(() => import('../monitor/video/VideoScreens').then((m) => ({ default: m.HistoryVideoScreen }))),
};

/** Renders a lazily loaded screen, or says the screen is not there yet. */
function lazyScreen(Screen: ReturnType<typeof lazy> | undefined, path: string): ReactNode {
  return Screen ? (
    <Suspense fallback={null}>
      <Screen />
    </Suspense>
  ) : (
    <NotAvailable path={path} />
  );
}

/** The screen of each kind of route; a path without one says so. */
const SCREENS: Readonly<Record<RouteKind, (path: string) => ReactNode>> = {
  personal: (path) => (path === DASHBOARD_PATH ? <Dashboard /> : <NotAvailable path={path} />),
  report: (path) => (
    <Suspense fallback={null}>
      <ReportScreen path={path} />
    </Suspense>
  ),
  settings: (path) => {
    const Own = OWN_SETTINGS_SCREENS[path];
    if (Own) return lazyScreen(Own, path);
    const def = entityFor(path);
    return def ? (
      <Suspense fallback={null}>
        <EntityScreen def={def} />
      </Suspense>
    ) : (
      <NotAvailable path={path} />
    );
  },
  monitor: (path) => lazyScreen(MONITOR_SCREENS[path], path),
};

/** Whether a route has its screen, rather than saying it is not available: every route of the menu should. */
export function hasScreen(path: string): boolean {
  const route = routeByPath(path);
  if (!route) return false;
  switch (route.kind) {
    case 'personal': return route.path === DASHBOARD_PATH;
    case 'report': return reportFor(route.path) !== undefined;
    case 'settings': return OWN_SETTINGS_SCREENS[route.path] !== undefined || entityFor(route.path) !== undefined;
    case 'monitor': return MONITOR_SCREENS[route.path] !== undefined;
  }
}

export function viewFor(path: string): ReactNode {
  const route = routeByPath(path);
  return route ? SCREENS[route.kind](route.path) : <NotAvailable path={path} />;
}
