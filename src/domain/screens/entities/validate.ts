// The field rules of an entity definition (params spec §5), checked by the console before sending and by the server
// again: each problem is the field and the locale key of its message. Rules over other rows (uniqueness, the
// organisation tree) only the server can check; their messages are here too.
import type { LocaleKey } from '../../i18n';
import { checkEmail, checkPhone } from '../../validation';
import type { EntityDef, EntityField } from './definition';

export interface FieldProblem {
  readonly field: string;
  readonly key: LocaleKey;
  readonly params?: Readonly<Record<string, string | number>>;
}

/** Submitted values by field key: text as typed (a form's values), absent for untouched. */
export type EntityInput = Readonly<Record<string, string | undefined>>;

const INTEGER = /^[+-]?\d+$/;
const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

/** A field's message when it is left empty: the depot manager has the spec's own. */
export function requiredKey(field: EntityField): LocaleKey {
  return field.key === 'manager' ? 'validation.depotManagerRequired' : 'validation.required';
}

/** The first problem of one field's value, or undefined. */
export function fieldProblem(field: EntityField, raw: string | undefined): FieldProblem | undefined {
  const value = (raw ?? '').trim();
  const problem = (key: LocaleKey, params?: Readonly<Record<string, string | number>>): FieldProblem => ({ field: field.key, key, params });
  if (value === '') return field.required ? problem(requiredKey(field)) : undefined;
  switch (field.type) {
    case 'text':
      return field.maxLength !== undefined && [...value].length > field.maxLength ? problem('validation.maxLength', { max: field.maxLength }) : undefined;
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
    case 'phone': {
      const key = checkPhone(value);
      return key ? problem(key) : undefined;
    }
    case 'email': {
      const key = checkEmail(value);
      return key ? problem(key) : undefined;
    }
  }
}

/**
 * Every field's first problem. A new row checks every field; an edit checks the fields it sends (a fixed field is not
 * sent, nor may it be).
 */
export function entityProblems(def: EntityDef, input: EntityInput, mode: 'create' | 'update'): FieldProblem[] {
  return def.fields.flatMap((field) => {
    if (mode === 'update' && field.fixed) return input[field.key] === undefined ? [] : [{ field: field.key, key: 'validation.fixed' as const }];
    if (mode === 'update' && input[field.key] === undefined) return [];
    const problem = fieldProblem(field, input[field.key]);
    return problem ? [problem] : [];
  });
}
