// The columns of an import template, shared by the template and the upload's reader: one per field of a new row,
// headed by its label in the caller's language ('*' before a required one); a header read back in either language; a
// choice written as its label and a company as its name, each read back as the value a form would send.
import { LANGS, translate, type Lang } from '../../domain/i18n';
import type { EntityDef, EntityField } from '../../domain/screens/entities/definition';
import { isSheetField } from '../../domain/screens/entities/transfer';
import { scopedFrom } from '../auth/company-scope';
import type { Db } from '../db/open';

/** Marks a required column's header, as the console's forms mark a required field. */
const REQUIRED_MARK = '*';

export interface CompanyChoice {
  readonly code: string;
  readonly name: string;
}

/** The template's columns, in the definition's order. */
export function sheetFields(def: EntityDef): EntityField[] {
  return def.fields.filter(isSheetField);
}

export function templateHeader(field: EntityField, lang: Lang): string {
  const label = translate(lang, field.labelKey);
  return field.required === true ? `${REQUIRED_MARK}${label}` : label;
}

/** A header as typed: without the mark, spaces or case. */
const headerKey = (text: string): string => text.trim().replace(/^\*+|\*+$/g, '').replace(/\s+/g, '').toLowerCase();

/** Header text → field, in every language and by the field's own key, so a template opens in either language. */
export function headerFields(def: EntityDef): ReadonlyMap<string, EntityField> {
  const byHeader = new Map<string, EntityField>();
  for (const field of sheetFields(def)) {
    byHeader.set(headerKey(field.key), field);
    for (const lang of LANGS) byHeader.set(headerKey(translate(lang, field.labelKey)), field);
  }
  return byHeader;
}

export function fieldOfHeader(byHeader: ReadonlyMap<string, EntityField>, text: string): EntityField | undefined {
  return byHeader.get(headerKey(text));
}

/** The caller's companies with their names, in code order: a template's choices and the names an upload may use. */
export async function companyChoices(db: Db, companyCodes: readonly string[]): Promise<CompanyChoice[]> {
  return scopedFrom(db, companyCodes, 'company').select(['code', 'name']).orderBy('code').execute();
}

/** Turns a cell's text into what a form sends for the field: a choice's label to its value, a company name to its code. */
export type CellReader = (field: EntityField, text: string) => string;

export function cellReader(companies: readonly CompanyChoice[]): CellReader {
  const codes = new Set(companies.map((company) => company.code));
  const byName = new Map(companies.map((company) => [company.name, company.code]));
  return (field, text) => {
    const value = text.trim();
    if (value === '') return value;
    if (field.type === 'company') return codes.has(value) ? value : (byName.get(value) ?? value);
    if (field.type === 'select') {
      const option = field.options?.find((candidate) => candidate.value === value || LANGS.some((lang) => translate(lang, candidate.labelKey) === value));
      return option?.value ?? value;
    }
    return value;
  };
}

/** The texts a template offers for a field in a list, or undefined for a field typed freely. */
export function choiceTexts(field: EntityField, lang: Lang, companies: readonly CompanyChoice[]): string[] | undefined {
  if (field.type === 'company') return companies.map((company) => company.name);
  if (field.type === 'select') return (field.options ?? []).map((option) => translate(lang, option.labelKey));
  return undefined;
}
