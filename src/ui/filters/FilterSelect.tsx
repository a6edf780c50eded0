// A report's own select filter (fuel kind, process, state…): the options plus a first "All" choice that means ''.
import { useMemo } from 'react';
import { Button, Label, ListBox, ListBoxItem, Popover, Select, SelectValue, type Key } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { AriaLocale } from './AriaLocale';
import './filters.css';

export interface FilterOption {
  readonly value: string;
  readonly label: string;
}

export interface FilterSelectProps {
  /** Already translated: the caller owns the report's label keys. */
  readonly label: string;
  readonly options: readonly FilterOption[];
  /** '' for all. */
  readonly value: string;
  readonly onChange: (value: string) => void;
}

// Option keys are prefixed so no option value, not even '', can be mistaken for the All choice.
const ALL_KEY = 'all';
const keyOf = (value: string): string => (value === '' ? ALL_KEY : `option:${value}`);
const valueOf = (key: Key | null): string => (key === null || key === ALL_KEY ? '' : String(key).slice('option:'.length));

export function FilterSelect(props: FilterSelectProps) {
  return (
    <AriaLocale>
      <FilterSelectField {...props} />
    </AriaLocale>
  );
}

function FilterSelectField({ label, options, value, onChange }: FilterSelectProps) {
  const { t } = useTranslation();
  const items = useMemo(
    () => [{ id: ALL_KEY, label: t('report.filter.all') }, ...options.map((option) => ({ id: keyOf(option.value), label: option.label }))],
    [options, t],
  );
  const known = items.some((item) => item.id === keyOf(value));

  return (
    <Select
      className="filters__field"
      // A value no option has (an old URL) shows as no choice rather than pretending to be All.
      value={known ? keyOf(value) : null}
      onChange={(key) => {
        const next = valueOf(key);
        if (next !== value) onChange(next);
      }}
    >
      <Label className="filters__label">{label}</Label>
      <Button className="filters__trigger">
        <SelectValue className="filters__value" />
        <span aria-hidden="true" className="filters__caret" />
      </Button>
      <Popover className="filters__popover" placement="bottom start">
        <ListBox className="filters__listbox" items={items}>
          {(item) => (
            <ListBoxItem id={item.id} textValue={item.label} className="filters__option">
              {item.label}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </Select>
  );
}
