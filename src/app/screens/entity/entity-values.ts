// A master-data value as people read it: a company by its name, a choice by its label, nothing as "none". The list's
// cells, a fixed field's read-only text and a conflict's latest values all read it here.
import i18next, { type TFunction } from 'i18next';
import { displayDateTime } from '../../../../domain/format';
import { toLang } from '../../../../domain/i18n';
import type { EntityField } from '../../../../domain/screens/entities/definition';
import type { EntityValue } from '../../../../domain/screens/entities/wire';
import type { Company } from '../../../ui/filters';

/** Company code → name, for the caller's companies. */
export type CompanyNames = ReadonlyMap<string, string>;

export function companyNames(companies: readonly Company[]): CompanyNames {
  return new Map(companies.map((company) => [company.code, company.name]));
}

/** The text of a stored value, '' for none; a code the caller cannot see as a company stays the code. */
export function valueText(field: EntityField, value: EntityValue | undefined, names: CompanyNames, t: TFunction): string {
  if (value === null || value === undefined || value === '') return '';
  const text = String(value);
  if (field.type === 'company') return names.get(text) ?? text;
  if (field.type === 'select') {
    const option = field.options?.find((candidate) => candidate.value === text);
    return option ? t(option.labelKey) : text;
  }
  if (field.type === 'dateTime' && typeof value === 'number') return displayDateTime(value, toLang(i18next.language));
  return text;
}

/** The form's text of a stored value: what the user would type to get it. */
export function inputText(value: EntityValue | undefined): string {
  return value === null || value === undefined ? '' : String(value);
}
