// The user menu's downloads (shell spec §2, §6): files the server serves, and who sees which link.
import type { LocaleKey } from '../i18n';

export interface DownloadFile {
  /** The file's name under the server's downloads folder and in the URL. */
  readonly file: string;
  readonly labelKey: LocaleKey;
  readonly mediaType: string;
  /** 'fleet': the video, card and fuel manual links; 'water': the water-truck manual, shown to water-truck users instead. */
  readonly audience: 'fleet' | 'water';
}

export const DOWNLOADS: readonly DownloadFile[] = [
  { file: 'video-software.txt', labelKey: 'user.videoSoftware', mediaType: 'text/plain; charset=utf-8', audience: 'fleet' },
  { file: 'card-plugin.txt', labelKey: 'user.cardPlugin', mediaType: 'text/plain; charset=utf-8', audience: 'fleet' },
  { file: 'operation-manual.html', labelKey: 'user.manual', mediaType: 'text/html; charset=utf-8', audience: 'fleet' },
  { file: 'water-truck-manual.html', labelKey: 'user.waterManual', mediaType: 'text/html; charset=utf-8', audience: 'water' },
];

/** Under the shared client's base path. */
export const DOWNLOADS_PATH = '/downloads';

export function downloadsFor(waterTruckUser: boolean): readonly DownloadFile[] {
  return DOWNLOADS.filter((d) => d.audience === (waterTruckUser ? 'water' : 'fleet'));
}

export function downloadByName(file: string): DownloadFile | undefined {
  return DOWNLOADS.find((d) => d.file === file);
}
