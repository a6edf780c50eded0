// Which sections each manual holds, in order. A later screen adds its section files (`sections/<id>.zh.html` and
// `.en.html`) and one id here; sections both audiences share (login, password, …) are listed in both manuals.
import path from 'node:path';
import type { ManualId } from '../../domain/shell/downloads';

export const MANUAL_SECTIONS_DIR = path.resolve(import.meta.dirname, 'sections');

export const MANUAL_SECTIONS = {
  operation: [
    'overview', 'login', 'layout', 'control-room', 'status-badges', 'alarm-popups', 'urgent-alarm', 'alarm-settings', 'quick-access',
    'user-menu', 'password', 'language', 'notices', 'session', 'live-connection', 'errors', 'reports', 'driving-device', 'master-data', 'device-parameters',
    'monitor-board', 'photos', 'video', 'fences', 'screens',
  ],
  'water-truck': [
    'water-overview', 'login', 'water-layout', 'water-alarms', 'quick-access', 'water-user-menu', 'password', 'session',
    'live-connection', 'errors', 'water-screens',
  ],
} as const satisfies Record<ManualId, readonly string[]>;
