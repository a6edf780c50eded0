// The field rules of an entity definition (params spec §5), checked by the console before sending and by the server
// again: each problem is the field and the locale key of its message. Rules over other rows (uniqueness, the
// organisation tree) only the server can check; their messages are here too.
import { UPLOAD_MAX_BYTES } from '../../constants';
import type { LocaleKey } from '../../i18n';
import { checkEmail, checkIdCard, checkPassword, checkPasswordConfirmation, checkPhone, checkTankTableFile, type UploadFile } from '../../validation';
import type { EntityDef, EntityField, TextFormat } from './definition';

export interface FieldProblem {
  readonly field: string;
  readonly key: LocaleKey;
  readonly params?: Readonly<Record<string, string | number>>;
}

/** Submitted values by field key: text as typed (a form's values), absent for untouched. */
export type EntityInput = Readonly<Record<string, string | undefined>>;

const INTEGER = /^[+-]?\d+$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
/** The name the server gives a stored photo (server/entities/photos.ts): 32 hex digits and the image's own type. */
export const PHOTO_NAME = /^[0-9a-f]{32}\.(jpg|png|gif)$/;

/** A yyyy-MM-dd text naming a day that exists (no Feb 30). */
export function isDateText(text: string): boolean {
  const match = DATE.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return year >= 1900 && date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Where a password field's confirmation is sent: its key and 'Confirm'. */
export function confirmKey(field: EntityField): string {
  return `${field.key}Confirm`;
}

/** Where a file field's content travels in a form: its key and 'Content', the bytes in base64. */
export function fileContentKey(field: EntityField): string {
  return `${field.key}Content`;
}

/** Design: an upgrade file (firmware, a parameter package) is at most 8 MB; the spec names no limit. */
export const UPGRADE_FILE_MAX_BYTES = 8 * 1024 * 1024;

/** The largest file a file field takes, by its rule. */
export function fileMaxBytes(field: EntityField): number {
  return field.file?.rule === 'tankTable' ? UPLOAD_MAX_BYTES : UPGRADE_FILE_MAX_BYTES;
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** Base64 as sent, without the whitespace a line-wrapped encoding or a padded form adds; undefined stays undefined. */
export function stripBase64(text: string | undefined): string | undefined {
  return text?.replace(/\s+/g, '');
}

/** The byte length a base64 text decodes to, or undefined when it is no base64. */
export function base64Bytes(text: string): number | undefined {
  if (text.length % 4 !== 0 || !BASE64.test(text)) return undefined;
  const padding = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  return (text.length / 4) * 3 - padding;
}

/** A chosen file's problem by its name and size, by the field's rule: a tank table's two messages of spec §5. */
export function fileProblem(field: EntityField, file: UploadFile): FieldProblem | undefined {
  const problem = (key: LocaleKey, params?: Readonly<Record<string, string | number>>): FieldProblem => ({ field: field.key, key, params });
  if (file.name.trim() === '' || [...file.name].length > FILE_NAME_MAX) return problem('deviceEntity.file.badName', { max: FILE_NAME_MAX });
  if (field.file?.rule === 'tankTable') {
    const key = checkTankTableFile(file);
    return key ? problem(key) : undefined;
  }
  if (file.size === 0) return problem('deviceEntity.file.empty');
  return file.size > UPGRADE_FILE_MAX_BYTES ? problem('deviceEntity.file.tooLarge', { mb: UPGRADE_FILE_MAX_BYTES / 1024 / 1024 }) : undefined;
}

/** A file's name is kept in a column of 100 characters. */
const FILE_NAME_MAX = 100;

const IP_PORT = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})(?::(\d{1,5}))?$/;

/** `ip[:port]`: four numbers 0–255, a port 1–65535. */
function isIpPort(text: string): boolean {
  const match = IP_PORT.exec(text.trim());
  if (!match) return false;
  const port = match[5];
  return match.slice(1, 5).every((part) => Number(part) <= 255) && (port === undefined || (Number(port) >= 1 && Number(port) <= 65535));
}

const FORMATS: Readonly<Record<TextFormat, { readonly test: (text: string) => boolean; readonly key: LocaleKey }>> = {
  ipPorts: { test: (text) => { const parts = text.split(','); return parts.length <= 2 && parts.every(isIpPort); }, key: 'deviceEntity.validation.ipPorts' },
};

/** A password is set when its row is created; an edit neither shows nor sends it (an administrator resets it). */
export function isCreateOnly(field: EntityField): boolean {
  return field.fixed === true || field.type === 'password';
}
const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

/** A field's message when it is left empty: the spec's own for some fields (the depot manager). */
function requiredKey(field: EntityField): LocaleKey {
  return field.messages?.required ?? 'validation.required';
}

/** The first problem of one field's value, or undefined. */
export function fieldProblem(field: EntityField, raw: string | undefined): FieldProblem | undefined {
  const problem = (key: LocaleKey, params?: Readonly<Record<string, string | number>>): FieldProblem => ({ field: field.key, key, params });
  if (field.type === 'password') {
    // Passwords are sent as typed: a space is a character (validation/password.ts).
    const key = checkPassword(raw ?? '');
    return key ? problem(key) : undefined;
  }
  const value = (raw ?? '').trim();
  if (value === '') return field.required ? problem(requiredKey(field)) : undefined;
  switch (field.type) {
    case 'text':
      if (field.maxLength !== undefined && [...value].length > field.maxLength) return problem(field.messages?.maxLength ?? 'validation.maxLength', { max: field.maxLength });
      return field.format !== undefined && !FORMATS[field.format].test(value) ? problem(FORMATS[field.format].key) : undefined;
    case 'file':
      return [...value].length > FILE_NAME_MAX ? problem('deviceEntity.file.badName', { max: FILE_NAME_MAX }) : undefined;
    case 'dateTime':
      return INTEGER.test(value) ? undefined : problem('validation.numberRequired');
    case 'integer':
    case 'decimal':
    case 'latitude':
    case 'longitude': {
      const pattern = field.type === 'integer' ? INTEGER : DECIMAL;
      if (!pattern.test(value)) return problem(field.type === 'integer' && (field.min ?? -1) >= 0 ? 'validation.nonNegativeInteger' : 'validation.numberRequired');
      const n = Number(value);
      const [min, max] = field.type === 'latitude' ? [-90, 90] : field.type === 'longitude' ? [-180, 180] : [field.min, field.max];
      if (field.type === 'integer' && (field.min ?? -1) >= 0 && n < 0) return problem('validation.nonNegativeInteger');
      if ((min !== undefined && n < min) || (max !== undefined && n > max)) return problem('validation.range', { min: min ?? '', max: max ?? '' });
      return undefined;
    }
    case 'select':
      return field.options?.some((option) => option.value === value) ? undefined : problem('validation.option');
    case 'company':
      return undefined;
    case 'reference':
      return [...value].length > 100 ? problem('validation.option') : undefined;
    case 'date':
      return isDateText(value) ? undefined : problem('validation.date');
    case 'idCard': {
      const key = checkIdCard(value);
      return key ? problem(key) : undefined;
    }
    case 'photo':
      return PHOTO_NAME.test(value) ? undefined : problem('validation.photoType');
    case 'phone': {
      const key = checkPhone(value);
      return key ? problem(field.messages?.format ?? key) : undefined;
    }
    case 'email': {
      const key = checkEmail(value);
      return key ? problem(key) : undefined;
    }
  }
}

/**
 * Every field's first problem. A new row checks every field, and each password's confirmation; an edit checks the
 * fields it sends (a fixed field or a password is not sent, nor may it be).
 */
export function entityProblems(def: EntityDef, input: EntityInput, mode: 'create' | 'update'): FieldProblem[] {
  return def.fields.flatMap((field): FieldProblem[] => {
    if (field.readOnly === true) return [];
    if (field.type === 'file') return filedProblems(field, input, mode);
    if (mode === 'update' && isCreateOnly(field)) return input[field.key] === undefined ? [] : [{ field: field.key, key: 'validation.fixed' }];
    if (mode === 'update' && input[field.key] === undefined) return [];
    const problem = fieldProblem(field, input[field.key]);
    if (problem) return [problem];
    if (field.type !== 'password') return [];
    const mismatch = checkPasswordConfirmation(input[field.key] ?? '', input[confirmKey(field)] ?? '');
    return mismatch ? [{ field: confirmKey(field), key: mismatch }] : [];
  });
}

/**
 * A file field's problems: a new row needs its file (name and content); an edit that sends no content keeps the stored
 * file. Sent content is checked by its name and decoded size, as the form checked the chosen file.
 */
function filedProblems(field: EntityField, input: EntityInput, mode: 'create' | 'update'): FieldProblem[] {
  const content = stripBase64(input[fileContentKey(field)]);
  const name = (input[field.key] ?? '').trim();
  if (content === undefined || content === '') return mode === 'create' && field.required === true ? [{ field: field.key, key: requiredKey(field) }] : [];
  const size = base64Bytes(content);
  if (size === undefined) return [{ field: field.key, key: 'deviceEntity.file.unreadable' }];
  const problem = fileProblem(field, { name, size });
  return problem ? [problem] : [];
}
