// The "entity changed" notice (our extension, live master data): the alarm socket tells a console that a master-data row
// was saved (added, edited, enabled or disabled), so its lists and pickers of that entity fetch again with the console's
// own rights. A notice like data-notice.ts's, told apart from it by its `notice` name; it names the row, never carries it.
import type { EntityPath } from '../screens/entities/definition';
import { isRecord } from './guards';

/** The notice's name on the wire. */
export const ENTITY_CHANGED = 'entityChanged';

/** Longer than any route path or row key, so a stray frame cannot make the worker hold a huge string. */
const MAX_TEXT = 200;

/**
 * Which row changed. `path` is the entity definition's route path (EntityPath) when the server makes it; a console
 * reads it as text and compares it with its own definitions' paths, so a path it does not know matches nothing.
 */
export interface EntityChange {
  readonly path: string;
  /** The row's key as the entity calls name it (an id, or a company's code). */
  readonly key: string;
  /** Whose row it is: its company, an organisation's own code, or null for a row of no company. */
  readonly company: string | null;
}

/** The frame: `{"notice":"entityChanged","path":"/setting/base_data/station","key":"12","company":"C002"}`. */
export interface EntityChangedFrame extends EntityChange {
  readonly notice: typeof ENTITY_CHANGED;
}

export function entityChangedFrame(path: EntityPath, key: string, company: string | null): EntityChangedFrame {
  return { notice: ENTITY_CHANGED, path, key, company };
}

const isText = (value: unknown): value is string => typeof value === 'string' && value !== '' && value.length <= MAX_TEXT;

/** A clean change (only the fields it names are kept), or undefined when the frame is not this notice or is malformed. */
export function parseEntityChangedFrame(value: unknown): EntityChange | undefined {
  if (!isRecord(value) || value['notice'] !== ENTITY_CHANGED) return undefined;
  const { path, key, company } = value;
  if (!isText(path) || !path.startsWith('/') || !isText(key)) return undefined;
  if (company !== null && !isText(company)) return undefined;
  return { path, key, company };
}
