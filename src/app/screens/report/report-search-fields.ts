// The search bar's fields of one report, from its definition: company tree, plate, time range with presets (or a
// year), and the report's selects and texts.
import type { TFunction } from 'i18next';
import type { ReportDef, SelectOption } from '../../../../domain/screens/reports/definition';
import { RANGE_PRESETS } from '../../../../domain/screens/reports/definition';
import { YEAR_KEY } from '../../../../domain/screens/reports/query';
import type { ReportFilters } from '../../../../domain/screens/reports/url-query';
import type { ReportOptions } from '../../../../domain/screens/reports/wire';
import type { SearchField } from '../../../ui/filters';

/** The years offered, newest first: the report's, and the chosen one where a link named another. */
function yearChoices(years: readonly number[], chosen: string | undefined) {
  const all = new Set(years.map(String));
  if (chosen !== undefined) all.add(chosen);
  return [...all].sort((a, b) => Number(b) - Number(a)).map((year) => ({ value: year, label: year }));
}

/** The draft with one value set, or removed when empty. */
export function withReportFilter(filters: ReportFilters, key: string, value: string): ReportFilters {
  const next: Record<string, string> = { ...filters };
  if (value === '') delete next[key];
  else next[key] = value;
  return next;
}

/** `years`: a year report's, newest first (none until they come); `draft` the bar's values. */
export function reportSearchFields(def: ReportDef, t: TFunction, options: ReportOptions | undefined, years: readonly number[], draft: ReportFilters): readonly SearchField[] {
  const optionLabel = (option: SelectOption) => ('labelKey' in option ? t(option.labelKey) : option.label);
  return def.filters.map((filter): SearchField => {
    switch (filter.type) {
      case 'company':
        return { kind: 'companies', key: 'companyCodes', companies: options?.companies ?? [] };
      case 'plate':
        return { kind: 'plate', key: 'signCode', plates: options?.trucks ?? [] };
      case 'range':
        return { kind: 'range', from: 'startTime', to: 'endTime', presets: RANGE_PRESETS };
      case 'year':
        return { kind: 'choice', key: YEAR_KEY, label: t('report.filter.year'), choices: yearChoices(years, draft[YEAR_KEY]) };
      case 'select':
        return { kind: 'select', key: filter.key, label: t(filter.labelKey), options: filter.options.map((option) => ({ value: option.value, label: optionLabel(option) })) };
      case 'text':
        return { kind: 'text', key: filter.key, label: t(filter.labelKey), maxLength: filter.maxLength, placeholder: t('report.filter.textPlaceholder') };
    }
  });
}
