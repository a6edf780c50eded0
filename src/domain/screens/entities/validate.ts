// The field rules of an entity definition (params spec §5), checked by the console before sending and by the server
// again: each problem is the field and the locale key of its message. Rules over other rows (uniqueness, the
// organisation tree) only the server can check; their messages are here too.
import type { LocaleKey } from '../../i18n';
import { checkEmail, checkIdCard, checkPassword, checkPasswordConfirmation, checkPhone } from '../../validation';
import type { EntityDef, EntityField } from './definition';

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

/** A password is set when its row is created; an edit neither shows nor sends it (an administrator resets it). */
export function isCreateOnly(field: EntityField): boolean {
  return field.fixed === true || field.type === 'password';
}
const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

/** A field's message when it is left empty: the spec's own for some fields (the depot manager). */
export function requiredKey(field: EntityField): LocaleKey {
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
      return field.maxLength !== undefined && [...value].length > field.maxLength
        ? problem(field.messages?.maxLength ?? 'validation.maxLength', { max: field.maxLength })
        : undefined;
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
    if (mode === 'update' && isCreateOnly(field)) return input[field.key] === undefined ? [] : [{ field: field.key, key: 'validation.fixed' }];
    if (mode === 'update' && input[field.key] === undefined) return [];
    const problem = fieldProblem(field, input[field.key]);
    if (problem) return [problem];
    if (field.type !== 'password') return [];
    const mismatch = checkPasswordConfirmation(input[field.key] ?? '', input[confirmKey(field)] ?? '');
    return mismatch ? [{ field: confirmKey(field), key: mismatch }] : [];
  });
}
