// The search bar of every list and report, its fields given as data: text, a choice, a select, a company (one, or a
// tree of several), a plate, a time range. Edits stay a draft until Search (or Enter); the bar looks as its screens'
// bars always did, a settings list's or a report's.
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import type { LocaleKey } from '../../../domain/i18n';
import type { RangePreset } from '../../../domain/screens/reports/definition';
import { ChoiceField, type Choice } from './ChoiceField';
import { CompanyPicker } from './CompanyPicker';
import { CompanyTreeSelect } from './CompanyTreeSelect';
import type { Company } from './company-tree';
import { DateTimeRangePicker } from './DateTimeRangePicker';
import { FilterSelect, type FilterOption } from './FilterSelect';
import { PlateComboBox } from './PlateComboBox';
import type { Plate } from './plate-match';
import { TextFilter } from './TextFilter';
import './filters.css';

/** One field of the bar; labels are already translated, like every text handed to these controls. */
export type SearchField<K extends string = string> =
  | { readonly kind: 'text'; readonly key: K; readonly label: string; readonly maxLength?: number; readonly placeholder?: string }
  /** One of a few values; `emptyLabel` offers '' first (All). */
  | { readonly kind: 'choice'; readonly key: K; readonly label: string; readonly choices: readonly Choice[]; readonly emptyLabel?: string }
  | { readonly kind: 'select'; readonly key: K; readonly label: string; readonly options: readonly FilterOption[] }
  | { readonly kind: 'company'; readonly key: K; readonly label: string; readonly companies: readonly Company[]; readonly emptyLabel: string }
  /** Several companies from the tree, as one comma-separated value. */
  | { readonly kind: 'companies'; readonly key: K; readonly companies: readonly Company[] }
  | { readonly kind: 'plate'; readonly key: K; readonly plates: readonly Plate[] }
  /** A time range as two values in epoch ms. */
  | { readonly kind: 'range'; readonly from: K; readonly to: K; readonly presets: readonly RangePreset[] };

/** How the bar looks: each screen kind's bar as it was, with its own buttons' texts. */
const LOOKS = {
  list: {
    form: 'entity-search', field: undefined, wideField: undefined, actions: 'entity-search__actions',
    button: 'entity-button', primary: 'entity-button entity-button--primary', search: 'entity.search', reset: 'entity.reset', name: 'entity.searchLabel',
    problem: undefined,
  },
  report: {
    form: 'query-bar', field: 'query-bar__field', wideField: 'query-bar__field query-bar__field--wide', actions: 'query-bar__actions',
    button: 'button', primary: 'button button--primary', search: 'report.filter.query', reset: 'report.filter.reset', name: undefined,
    problem: 'query-bar__problem',
  },
} as const satisfies Record<string, {
  form: string; field: string | undefined; wideField: string | undefined; actions: string;
  button: string; primary: string; search: LocaleKey; reset: LocaleKey; name: LocaleKey | undefined; problem: string | undefined;
}>;

export type SearchBarLook = keyof typeof LOOKS;

interface SearchBarProps<K extends string> {
  readonly look: SearchBarLook;
  readonly fields: readonly SearchField<K>[];
  /** The draft: key → value, absent for unset. */
  readonly values: Readonly<Partial<Record<K, string>>>;
  /** One value of the draft changed ('' to unset); a range changes its two values one after the other. */
  readonly onChange: (key: K, value: string) => void;
  readonly onSearch: () => void;
  readonly onReset: () => void;
  /** Why the draft cannot be searched, under the fields. */
  readonly problem?: string;
}

const msOf = (value: string | undefined): number | undefined => (value === undefined ? undefined : Number(value));

export function SearchBar<K extends string>({ look, fields, values, onChange, onSearch, onReset, problem }: SearchBarProps<K>) {
  const { t } = useTranslation();
  const style = LOOKS[look];
  const control = (field: SearchField<K>) => {
    switch (field.kind) {
      case 'text':
        return <TextFilter label={field.label} name={field.key} maxLength={field.maxLength} placeholder={field.placeholder} value={values[field.key] ?? ''} onChange={(value) => onChange(field.key, value)} />;
      case 'choice':
        return <ChoiceField label={field.label} choices={field.choices} emptyLabel={field.emptyLabel} value={values[field.key] ?? ''} onChange={(value) => onChange(field.key, value)} />;
      case 'select':
        return <FilterSelect label={field.label} options={field.options} value={values[field.key] ?? ''} onChange={(value) => onChange(field.key, value)} />;
      case 'company':
        return <CompanyPicker label={field.label} companies={field.companies} emptyLabel={field.emptyLabel} value={values[field.key] ?? ''} onChange={(value) => onChange(field.key, value)} />;
      case 'companies':
        return (
          <CompanyTreeSelect
            companies={field.companies}
            value={(values[field.key] ?? '').split(',').filter((code) => code !== '')}
            onChange={(codes) => onChange(field.key, codes.join(','))}
          />
        );
      case 'plate':
        return <PlateComboBox plates={field.plates} value={values[field.key] ?? ''} onChange={(signCode) => onChange(field.key, signCode)} />;
      case 'range':
        return (
          <DateTimeRangePicker
            value={{ startTime: msOf(values[field.from]), endTime: msOf(values[field.to]) }}
            presets={field.presets}
            onChange={(range) => {
              onChange(field.from, String(range.startTime));
              onChange(field.to, String(range.endTime));
            }}
          />
        );
    }
  };
  return (
    <form
      className={style.form}
      role="search"
      aria-label={style.name && t(style.name)}
      onSubmit={(event) => {
        event.preventDefault();
        onSearch();
      }}
    >
      {fields.map((field) => {
        const key = field.kind === 'range' ? `${field.from}-${field.to}` : field.key;
        const wrapper = field.kind === 'range' ? style.wideField : style.field;
        return wrapper === undefined ? <Fragment key={key}>{control(field)}</Fragment> : <div key={key} className={wrapper}>{control(field)}</div>;
      })}
      <div className={style.actions}>
        <button type="submit" className={style.primary}>
          {t(style.search)}
        </button>
        <button type="button" className={style.button} onClick={onReset}>
          {t(style.reset)}
        </button>
      </div>
      {problem !== undefined && (
        <p className={style.problem} role="alert">
          {problem}
        </p>
      )}
    </form>
  );
}
