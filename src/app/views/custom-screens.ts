// The console's screens of their own, one per custom route of the screen registry (domain/screens/registry.ts), so the
// compiler names a custom route without its component. Each loads as its own chunk with its libraries (maps, charts,
// video), except the dashboard, which the first page after the login shows.
import { lazy, type ComponentType } from 'react';
import type { CustomScreenPath } from '../../../domain/screens/registry';
import { Dashboard } from '../dashboard/Dashboard';

export const CUSTOM_SCREENS: Readonly<Record<CustomScreenPath, ComponentType>> = {
  '/dashboard': Dashboard,
  '/monitor/cargo_transport': lazy(() => import('../monitor/cargo-transport/CargoTransportScreen')),
  '/monitor/liquid_level': lazy(() => import('../monitor/liquid-level/LiquidLevelScreen')),
  '/monitor/playback_track': lazy(() => import('../monitor/playback/PlaybackScreen')),
  '/monitor/track_map': lazy(() => import('../monitor/track-map/TrackMapScreen')),
  '/monitor/view_photos': lazy(() => import('../monitor/photos/PhotosScreen')),
  '/monitor/video_monitor': lazy(() => import('../monitor/video/VideoScreens').then((m) => ({ default: m.VideoMonitorScreen }))),
  '/monitor/sprinkler_playback_track': lazy(() => import('../monitor/sprinkler/SprinklerPlaybackScreen')),
  '/monitor/sprinkler_monitoring': lazy(() => import('../monitor/sprinkler/SprinklerMonitoringScreen')),
  '/monitor/sprinkler_real_inventory': lazy(() => import('../monitor/sprinkler/SprinklerRealInventoryScreen')),
  '/monitor/real_video': lazy(() => import('../monitor/video/VideoScreens').then((m) => ({ default: m.RealVideoScreen }))),
  '/monitor/history_video': lazy(() => import('../monitor/video/VideoScreens').then((m) => ({ default: m.HistoryVideoScreen }))),
  '/monitor/alarm_inbox': lazy(() => import('../monitor/alarm-inbox/AlarmInboxScreen')),
  '/setting/privilege_account/role_function': lazy(() => import('../screens/role-function/RoleFunctionScreen')),
  '/setting/device_parameter/params_files': lazy(() => import('../screens/param-file/ParamFileScreen')),
  '/setting/device_parameter/send_message': lazy(() => import('../screens/send-message/SendMessageScreen')),
  '/setting/base_data/test': lazy(() => import('../screens/commissioning/CommissioningScreen')),
  '/setting/alarm_threshold/remote': lazy(() => import('../screens/remote/RemoteScreen')),
  '/setting/base_data/user_enclosure': lazy(() => import('../screens/fences/UserEnclosureScreen')),
  '/setting/base_data/enclosure_approval': lazy(() => import('../screens/fences/EnclosureApprovalScreen')),
};
