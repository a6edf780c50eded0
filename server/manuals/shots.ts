// The manuals' screenshots: one PNG per shot and language, taken by `npm run manual:screenshots`, served by name only.
import path from 'node:path';
import { LANGS, type Lang } from '../../domain/i18n';

/** Every screenshot the manuals may show; the screenshot script has one recipe per entry (a compile-time check). */
export const MANUAL_SHOTS = [
  'login',
  'dashboard',
  'overview-wall',
  'alarm-inbox',
  'menu-search',
  'tab-menu',
  'badge-table',
  'alarm-popup',
  'urgent-alarm',
  'alarm-settings',
  'quick-access',
  'user-menu',
  'password',
  'fence-notice',
  'water-dashboard',
  'report-summary',
  'report-chart',
  'report-handling',
  'report-query-bar',
  'report-adas-levels',
  'report-offline-bands',
  'report-driver-score',
  'report-device-health',
  'master-data-form',
  'driver-photo-form',
  'role-function-tree',
  'param-file-editor',
  'send-statuses',
  'tank-table-list',
  'tank-table-send',
  'commissioning',
  'track-map',
  'liquid-level',
  'playback',
  'fence-approval',
  'sprinkler-statistics',
  'photos',
  'video',
] as const;

export type ManualShot = (typeof MANUAL_SHOTS)[number];

export const MANUAL_IMAGES_DIR = path.resolve(import.meta.dirname, 'images');

/** The image's file name, on disk and in the URL: `login.zh.png`. */
export function manualImageName(shot: ManualShot, lang: Lang): string {
  return `${shot}.${lang}.png`;
}

/** The shot and language behind a requested image name; undefined for any other name. */
export function resolveManualImage(name: string): { readonly shot: ManualShot; readonly lang: Lang } | undefined {
  for (const shot of MANUAL_SHOTS) {
    const lang = LANGS.find((l) => manualImageName(shot, l) === name);
    if (lang) return { shot, lang };
  }
  return undefined;
}
