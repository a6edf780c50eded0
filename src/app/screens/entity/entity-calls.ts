// The master-data calls of the console: a list page, a save (new row or edit of a version), a status change, a row's
// stored file; and the two refusals a form shows itself: a rule on a field (400) and a stale version (409).
import i18next from 'i18next';
import { CallError, callPath } from '../../../api/client';
import type { EntityDef, EntityStatus } from '../../../../domain/screens/entities/definition';
import type { EntityInput } from '../../../../domain/screens/entities/validate';
import {
  ENTITY_RESULT, entityCallPath, entityFilePath, isEntityPage, isEntityRow, isStoredFile, type EntityPage, type EntityRow, type StoredFile,
} from '../../../../domain/screens/entities/wire';
import { isRecord } from '../../../../domain/wire/guards';
import { fileContentKey } from '../../../../domain/screens/entities/validate';
import { sendWithProgress } from './save-progress';

const carriesFile = (def: EntityDef, input: EntityInput) => def.fields.some((field) => field.type === 'file' && (input[fileContentKey(field)] ?? '') !== '');

/** What a refused save says: the field a rule refused with the server's message, or the row as it is now. */
type SaveRefusal =
  | { readonly kind: 'field'; readonly field: string; readonly message: string }
  | { readonly kind: 'conflict'; readonly current: EntityRow };

/** The form either creates a row or edits one it read at `version`. */
export type SaveTarget = { readonly kind: 'create' } | { readonly kind: 'update'; readonly key: string; readonly version: number };

const rowPath = (def: EntityDef, key: string): string => `${entityCallPath(def.path)}/${encodeURIComponent(key)}`;

export async function fetchEntityPage(def: EntityDef, query: Readonly<Record<string, string | number>>): Promise<EntityPage> {
  const answer = await callPath<unknown>('GET', entityCallPath(def.path), query);
  if (isEntityPage(answer)) return answer;
  // Another backend's shape is the spec's 'read data fail', never half-drawn rows.
  throw new CallError(i18next.t('error.readDataFail'), undefined, undefined, false);
}

/** A row's stored file (a tank table's text, an upgrade file's bytes in base64). */
export async function fetchStoredFile(def: EntityDef, key: string): Promise<StoredFile> {
  const answer = await callPath<unknown>('GET', entityFilePath(def.path, encodeURIComponent(key)), {});
  if (isStoredFile(answer)) return answer;
  throw new CallError(i18next.t('error.readDataFail'), undefined, undefined, false);
}

/**
 * Sends the form; a 400 or 409 comes back unshown for `saveRefusal` to read, every other failure as usual. A form
 * carrying a file is sent with its upload's progress (`onSent`, 0…1).
 */
export async function saveEntity(def: EntityDef, target: SaveTarget, input: EntityInput, onSent?: (fraction: number) => void): Promise<void> {
  const options = { passBackCodes: [ENTITY_RESULT.refused, ENTITY_RESULT.conflict] };
  if (onSent && carriesFile(def, input)) {
    const [method, path, form] = target.kind === 'create' ? ['POST', entityCallPath(def.path), input] as const : ['PUT', rowPath(def, target.key), { ...input, version: target.version }] as const;
    await sendWithProgress(method, path, form, options.passBackCodes, onSent);
    return;
  }
  if (target.kind === 'create') await callPath<unknown>('POST', entityCallPath(def.path), input, options);
  else await callPath<unknown>('PUT', rowPath(def, target.key), { ...input, version: target.version }, options);
}

/** Enables or disables a row read at its version; a 409 comes back unshown for `saveRefusal` to read. */
export async function setEntityStatus(def: EntityDef, row: EntityRow, status: EntityStatus): Promise<void> {
  await callPath<unknown>('POST', `${rowPath(def, row.key)}/status`, { status, version: row.version }, { passBackCodes: [ENTITY_RESULT.conflict] });
}

/** The refusal a failed save or status change passed back, or undefined for any other failure. */
export function saveRefusal(error: unknown): SaveRefusal | undefined {
  if (!(error instanceof CallError) || !isRecord(error.data)) return undefined;
  const { field, current } = error.data;
  if (error.resultCode === ENTITY_RESULT.refused && typeof field === 'string') return { kind: 'field', field, message: error.message };
  if (error.resultCode === ENTITY_RESULT.conflict && isEntityRow(current)) return { kind: 'conflict', current };
  return undefined;
}
