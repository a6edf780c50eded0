// Upload checks on the chosen file's name and size: tank tables (.txt, ≤ 1 MB) and driver photos (image, < 1 MB).
import { UPLOAD_MAX_BYTES } from '../constants';
import type { RuleResult } from './rule';

/** What a file picker gives that the rules need; a browser `File` fits. */
export interface UploadFile {
  readonly name: string;
  readonly size: number;
}

const PHOTO_EXTENSIONS: readonly string[] = ['jpg', 'jpeg', 'gif', 'png'];

/** Lower-cased text after the last dot; '' when the name has no extension. */
export function fileExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot <= 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/**
 * Type before size, as the legacy form did; the type message also names the 1 MB limit.
 * A size of exactly 1 MB is allowed ("at most 1MB").
 */
export function checkTankTableFile(file: UploadFile): RuleResult {
  if (fileExtension(file.name) !== 'txt') return 'validation.tankTableType';
  return file.size <= UPLOAD_MAX_BYTES ? undefined : 'validation.tankTableSize';
}

/**
 * Judged by extension, since the name is all the rule is given; the server re-checks content.
 * The photo must stay under 1 MB ("under 1MB"), so exactly 1 MB is refused.
 */
export function checkDriverPhoto(file: UploadFile): RuleResult {
  if (!PHOTO_EXTENSIONS.includes(fileExtension(file.name))) return 'validation.photoType';
  return file.size < UPLOAD_MAX_BYTES ? undefined : 'validation.photoSize';
}
