// Who may call the video calls and fetch stream files: a holder of one of the three video screens (the guard checks
// them against the caller's menu, so the garden user, holding only the sprinkler screens, is refused).
import type { RoutePath } from '../../domain/routes';

export const VIDEO_SCREENS: readonly RoutePath[] = ['/monitor/video_monitor', '/monitor/real_video', '/monitor/history_video'];
