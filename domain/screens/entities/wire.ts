// Master data on the wire: a list page, one row, the answers to a refused save, with the runtime checks the console
// reads them through.
import { isFiniteNumber, isRecord } from '../../wire/guards';
import type { EntityDef, EntityPath, EntityStatus } from './definition';

export type EntityValue = string | number | null;

/** A row: its key (id or code, as text), its fields, status and version, and who changed it last and when. */
export interface EntityRow {
  readonly key: string;
  readonly version: number;
  readonly status: EntityStatus;
  readonly modifiedBy: string | null;
  readonly modifiedAt: number | null;
  readonly values: Readonly<Record<string, EntityValue>>;
}

export interface EntityPage {
  readonly rows: readonly EntityRow[];
  readonly total: number;
}

/** A save refused by a rule: the field it is about (the form shows the message there). resultCode 400. */
export interface FieldRefusal {
  readonly field: string;
}

/** A save of a stale version: the row as it is now (the form keeps the user's input beside it). resultCode 409. */
export interface VersionConflict {
  readonly current: EntityRow;
}

export const ENTITY_RESULT = { refused: 400, conflict: 409 } as const;

/** The entity calls of a screen, below the API base: `/entity/setting/base_data/station`, and `/<key>` for one row. */
export function entityCallPath(path: EntityPath | EntityDef['path']): string {
  return `/entity${path}`;
}

function isValue(value: unknown): value is EntityValue {
  return value === null || typeof value === 'string' || isFiniteNumber(value);
}

export function isEntityRow(value: unknown): value is EntityRow {
  if (!isRecord(value)) return false;
  const { key, version, status, modifiedBy, modifiedAt, values } = value;
  return (
    typeof key === 'string' &&
    isFiniteNumber(version) &&
    (status === 0 || status === 1) &&
    (modifiedBy === null || typeof modifiedBy === 'string') &&
    (modifiedAt === null || isFiniteNumber(modifiedAt)) &&
    isRecord(values) &&
    Object.values(values).every(isValue)
  );
}

export function isEntityPage(value: unknown): value is EntityPage {
  return isRecord(value) && isFiniteNumber(value['total']) && Array.isArray(value['rows']) && (value['rows'] as unknown[]).every(isEntityRow);
}

/** A photo field's upload call, below the API base: the raw image bytes, answered with the stored photo's name. */
export function photoUploadPath(path: EntityPath | EntityDef['path']): string {
  return `${entityCallPath(path)}/photo`;
}

/** Where a stored photo is read, below the API base: `/entity-photo/<name>`. */
export const PHOTO_READ_PATH = '/entity-photo';

export interface StoredPhoto {
  readonly name: string;
}

export function isStoredPhoto(value: unknown): value is StoredPhoto {
  return isRecord(value) && typeof value['name'] === 'string';
}

/** A row's stored file, below the API base: `/entity<path>/<key>/file`, for screens with a file field (`key` as the URL holds it). */
export function entityFilePath(path: EntityPath | EntityDef['path'], key: string): string {
  return `${entityCallPath(path)}/${key}/file`;
}

/**
 * A row's stored file as GET `/entity<path>/<key>/file` answers it: a text file (a tank table) as its text, a binary
 * one (an upgrade file) in base64, so it travels in the envelope like every other answer.
 */
export interface StoredFile {
  readonly name: string;
  readonly size: number;
  readonly encoding: 'text' | 'base64';
  readonly content: string;
}

export function isStoredFile(value: unknown): value is StoredFile {
  return (
    isRecord(value) &&
    typeof value['name'] === 'string' &&
    isFiniteNumber(value['size']) &&
    (value['encoding'] === 'text' || value['encoding'] === 'base64') &&
    typeof value['content'] === 'string'
  );
}
