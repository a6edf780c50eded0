// The limits of the catalogue's fields (params spec §3.1, §5), checked by the console before a send and by the server
// again: each message names the field in zh and en (values nameZh/nameEn) and the bound as the editor shows it
// (a compartment stored 0–9 is bounded 1–10, a probe address 0xC0–0xCF).
import { translate, type LocaleKey, type LocalizedText } from '../i18n';
import type { ParamField, ParamFileDef } from './catalogue-types';
import { formatParamValue, paramNumber, paramValue, sectionCount, type ParamDocument, type ParamPath } from './param-document';

export interface ParamProblem {
  readonly path: ParamPath;
  readonly problem: LocalizedText;
}

const INTEGER = /^[+-]?\d+$/;

function message(field: ParamField, key: string, values: Record<string, string | number> = {}): LocalizedText {
  return {
    key: `paramCheck.${key}` as LocaleKey,
    values: { nameZh: translate('zh', field.nameKey), nameEn: translate('en', field.nameKey), ...values },
  };
}

/** A bound as the editor shows it. */
function shown(field: ParamField, bound: number): string {
  return field.kind === 'hex' ? formatParamValue(field, bound) : String(bound + (field.shownOffset ?? 0));
}

function checkNumber(field: ParamField, text: string): LocalizedText | undefined {
  const n = paramNumber(field, text);
  if (field.kind === 'hex') {
    if (n === undefined) return message(field, 'notHex');
  } else if (field.kind === 'decimal') {
    if (n === undefined) return message(field, 'notNumber');
    const decimals = text.split('.')[1]?.length ?? 0;
    if (field.decimals !== undefined && decimals > field.decimals) return message(field, 'tooManyDecimals', { decimals: field.decimals });
  } else if (!INTEGER.test(text)) {
    return message(field, field.kind === 'switch' ? 'notSwitch' : 'notInteger');
  }
  const value = n ?? Number(text);
  const { min, max } = field;
  if (field.kind === 'switch') return value === 0 || value === 1 ? undefined : message(field, 'notSwitch');
  if (min !== undefined && max !== undefined && (value < min || value > max)) {
    return message(field, 'outOfRange', { min: shown(field, min), max: shown(field, max) });
  }
  if (min !== undefined && value < min) return message(field, 'tooSmall', { min: shown(field, min) });
  if (max !== undefined && value > max) return message(field, 'tooLarge', { max: shown(field, max) });
  return undefined;
}

/** The problem of one value as the file writes it (stored form), or undefined when the field takes it. */
export function checkParamValue(field: ParamField, raw: string): LocalizedText | undefined {
  if ([...raw].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f)) return message(field, 'badCharacter');
  const text = raw.trim();
  switch (field.kind) {
    case 'text':
      return field.maxLength !== undefined && [...text].length > field.maxLength
        ? message(field, 'tooLong', { maxLength: field.maxLength })
        : undefined;
    case 'sn':
      return text.length === field.digits && /^\d+$/.test(text) ? undefined : message(field, 'notDigits', { digits: field.digits ?? '' });
    case 'select':
      return INTEGER.test(text) && field.options?.some((option) => option.value === Number(text)) ? undefined : message(field, 'notOption');
    default:
      return checkNumber(field, text);
  }
}

/** Every settable value's problem, header first, then each block in order; absent keys are left to the device. */
export function checkParamDocument(def: ParamFileDef, doc: ParamDocument): ParamProblem[] {
  const problems: ParamProblem[] = [];
  const check = (fields: readonly ParamField[], at: Omit<ParamPath, 'key'>) => {
    for (const field of fields) {
      if (!field.canSet) continue;
      const path = { ...at, key: field.key };
      const raw = paramValue(doc, path);
      const problem = raw === undefined ? undefined : checkParamValue(field, raw);
      if (problem) problems.push({ path, problem });
    }
  };
  check(def.header, {});
  for (const section of def.sections) {
    for (let index = 0; index < sectionCount(doc, section.id); index++) check(section.fields, { section: section.id, index });
  }
  return problems;
}

/** An edit's problems: any change to a value the device reports (canSet false), then the edited file's limits. */
export function checkParamEdit(def: ParamFileDef, before: ParamDocument, after: ParamDocument): ParamProblem[] {
  const problems: ParamProblem[] = [];
  const guard = (fields: readonly ParamField[], at: Omit<ParamPath, 'key'>) => {
    for (const field of fields.filter((candidate) => !candidate.canSet)) {
      const path = { ...at, key: field.key };
      if (paramValue(before, path)?.trim() !== paramValue(after, path)?.trim()) problems.push({ path, problem: message(field, 'readOnly') });
    }
  };
  guard(def.header, {});
  for (const section of def.sections) {
    const blocks = Math.max(sectionCount(before, section.id), sectionCount(after, section.id));
    for (let index = 0; index < blocks; index++) guard(section.fields, { section: section.id, index });
  }
  return [...problems, ...checkParamDocument(def, after)];
}
