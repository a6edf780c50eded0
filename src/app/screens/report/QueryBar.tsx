// The filters of one report, drawn from its definition: company tree, plate, time range with presets (or a year), and
// the report's selects. Edits stay a draft until Search (or Enter), which checks the limits before anything is sent.
import { useTranslation } from 'react-i18next';
import type { ReportDef, SelectOption } from '../../../../domain/screens/reports/definition';
import { RANGE_PRESETS } from '../../../../domain/screens/reports/definition';
import { YEAR_KEY, type QueryProblem } from '../../../../domain/screens/reports/query';
import type { ReportFilters } from '../../../../domain/screens/reports/url-query';
import type { ReportOptions } from '../../../../domain/screens/reports/wire';
import { ChoiceField, CompanyTreeSelect, DateTimeRangePicker, FilterSelect, PlateComboBox, TextFilter } from '../../../ui/filters';

interface QueryBarProps {
  readonly def: ReportDef;
  readonly draft: ReportFilters;
  readonly onDraft: (next: ReportFilters) => void;
  readonly onSearch: () => void;
  readonly onReset: () => void;
  readonly options: ReportOptions | undefined;
  /** A year report's years, newest first (none until they come). */
  readonly years?: readonly number[];
  readonly problem: QueryProblem | undefined;
}

/** The years offered, newest first: the report's, and the chosen one where a link named another. */
function yearChoices(years: readonly number[], chosen: string | undefined) {
  const all = new Set(years.map(String));
  if (chosen !== undefined) all.add(chosen);
  return [...all].sort((a, b) => Number(b) - Number(a)).map((year) => ({ value: year, label: year }));
}

function withValue(filters: ReportFilters, key: string, value: string): ReportFilters {
  const next: Record<string, string> = { ...filters };
  if (value === '') delete next[key];
  else next[key] = value;
  return next;
}

export function QueryBar({ def, draft, onDraft, onSearch, onReset, options, years = [], problem }: QueryBarProps) {
  const { t } = useTranslation();
  const optionLabel = (option: SelectOption) => ('labelKey' in option ? t(option.labelKey) : option.label);
  return (
    <form
      className="query-bar"
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch();
      }}
    >
      {def.filters.map((filter) => {
        switch (filter.type) {
          case 'company':
            return (
              <div key="company" className="query-bar__field">
                <CompanyTreeSelect
                  companies={options?.companies ?? []}
                  value={(draft.companyCodes ?? '').split(',').filter((code) => code !== '')}
                  onChange={(codes) => onDraft(withValue(draft, 'companyCodes', codes.join(',')))}
                />
              </div>
            );
          case 'plate':
            return (
              <div key="plate" className="query-bar__field">
                <PlateComboBox plates={options?.trucks ?? []} value={draft.signCode ?? ''} onChange={(signCode) => onDraft(withValue(draft, 'signCode', signCode))} />
              </div>
            );
          case 'range':
            return (
              <div key="range" className="query-bar__field query-bar__field--wide">
                <DateTimeRangePicker
                  value={{
                    startTime: draft.startTime === undefined ? undefined : Number(draft.startTime),
                    endTime: draft.endTime === undefined ? undefined : Number(draft.endTime),
                  }}
                  presets={RANGE_PRESETS}
                  onChange={(range) => onDraft({ ...draft, startTime: String(range.startTime), endTime: String(range.endTime) })}
                />
              </div>
            );
          case 'year':
            return (
              <div key="year" className="query-bar__field">
                <ChoiceField
                  label={t('report.filter.year')}
                  choices={yearChoices(years, draft[YEAR_KEY])}
                  value={draft[YEAR_KEY] ?? ''}
                  onChange={(value) => onDraft(withValue(draft, YEAR_KEY, value))}
                />
              </div>
            );
          case 'select':
            return (
              <div key={filter.key} className="query-bar__field">
                <FilterSelect
                  label={t(filter.labelKey)}
                  options={filter.options.map((option) => ({ value: option.value, label: optionLabel(option) }))}
                  value={draft[filter.key] ?? ''}
                  onChange={(value) => onDraft(withValue(draft, filter.key, value))}
                />
              </div>
            );
          case 'text':
            return (
              <div key={filter.key} className="query-bar__field">
                <TextFilter
                  label={t(filter.labelKey)}
                  name={filter.key}
                  maxLength={filter.maxLength}
                  placeholder={t('report.filter.textPlaceholder')}
                  value={draft[filter.key] ?? ''}
                  onChange={(value) => onDraft(withValue(draft, filter.key, value))}
                />
              </div>
            );
        }
      })}
      <div className="query-bar__actions">
        <button type="submit" className="button button--primary">
          {t('report.filter.query')}
        </button>
        <button type="button" className="button" onClick={onReset}>
          {t('report.filter.reset')}
        </button>
      </div>
      {problem && (
        <p className="query-bar__problem" role="alert">
          {t(problem.key, problem.params)}
        </p>
      )}
    </form>
  );
}
