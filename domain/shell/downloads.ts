// The user menu's downloads (shell spec §2, §6): the files and manual pages the server serves, and who sees which link.
import { LANGS, type Lang, type LocaleKey } from '../i18n';

/** 'fleet': the video, card and fuel manual links; 'water': the water-truck manual, shown to water-truck users instead. */
type Audience = 'fleet' | 'water';

/** A file handed over as an attachment (the video software, the card plugin). */
export interface FileDownload {
  readonly kind: 'file';
  /** The file's name under the server's downloads folder and in the URL. */
  readonly file: string;
  readonly labelKey: LocaleKey;
  readonly mediaType: string;
  readonly audience: Audience;
}

export const MANUAL_IDS = ['operation', 'water-truck'] as const;
export type ManualId = (typeof MANUAL_IDS)[number];

/** A manual: an HTML page per language, opened in a new tab in the user's current language. */
interface ManualPage {
  readonly kind: 'manual';
  readonly manual: ManualId;
  readonly labelKey: LocaleKey;
  readonly audience: Audience;
}

export type Download = FileDownload | ManualPage;

export const DOWNLOADS: readonly Download[] = [
  { kind: 'file', file: 'video-software.txt', labelKey: 'user.videoSoftware', mediaType: 'text/plain; charset=utf-8', audience: 'fleet' },
  { kind: 'file', file: 'card-plugin.txt', labelKey: 'user.cardPlugin', mediaType: 'text/plain; charset=utf-8', audience: 'fleet' },
  { kind: 'manual', manual: 'operation', labelKey: 'user.manual', audience: 'fleet' },
  { kind: 'manual', manual: 'water-truck', labelKey: 'user.waterManual', audience: 'water' },
];

/** Under the shared client's base path. */
export const DOWNLOADS_PATH = '/downloads';

export function downloadsFor(waterTruckUser: boolean): readonly Download[] {
  return DOWNLOADS.filter((d) => d.audience === (waterTruckUser ? 'water' : 'fleet'));
}

/** A manual page's name in the URL, e.g. `operation-manual.en.html`. */
export function manualPageName(manual: ManualId, lang: Lang): string {
  return `${manual}-manual.${lang}.html`;
}

/** The name a link asks the server for: a file's own name, or the manual page in the user's language. */
export function downloadName(download: Download, lang: Lang): string {
  return download.kind === 'file' ? download.file : manualPageName(download.manual, lang);
}

/** What the server serves for a name of the catalogue. */
type ResolvedDownload =
  | { readonly kind: 'file'; readonly download: FileDownload }
  | { readonly kind: 'manual'; readonly download: ManualPage; readonly lang: Lang };

/** The catalogue entry behind a requested name; undefined for any other name, so nothing else reaches the disk. */
export function resolveDownload(name: string): ResolvedDownload | undefined {
  for (const download of DOWNLOADS) {
    if (download.kind === 'file') {
      if (download.file === name) return { kind: 'file', download };
      continue;
    }
    const lang = LANGS.find((l) => manualPageName(download.manual, l) === name);
    if (lang) return { kind: 'manual', download, lang };
  }
  return undefined;
}
