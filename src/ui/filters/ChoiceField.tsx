// A single choice among a few labelled values, for search bars and forms: an optional first choice meaning '' (All, or
// None), a required marker, an invalid state described by the caller's message, nested choices indented.
import { useMemo } from 'react';
import { Button, Label, ListBox, ListBoxItem, Popover, Select, SelectValue, type Key } from 'react-aria-components';
import { AriaLocale } from './AriaLocale';
import { RequiredMark } from './RequiredMark';
import './filters.css';

export interface Choice {
  readonly value: string;
  readonly label: string;
  /** Nesting level (a company under its parent), indented in the list. */
  readonly depth?: number;
}

export interface ChoiceFieldProps {
  /** Already translated, like every text handed to these controls. */
  readonly label: string;
  readonly choices: readonly Choice[];
  /** '' for none chosen. */
  readonly value: string;
  readonly onChange: (value: string) => void;
  /** A first choice meaning '' (All in a search bar, None for an optional field); without it '' shows the placeholder. */
  readonly emptyLabel?: string;
  readonly placeholder?: string;
  readonly isRequired?: boolean;
  readonly isInvalid?: boolean;
  /** The id of the caller's text about the value (its message). */
  readonly describedBy?: string;
  readonly autoFocus?: boolean;
  readonly name?: string;
  /** The field's own layout class (a form's stacked label); the search bar's inline one by default. */
  readonly className?: string;
  readonly onBlur?: () => void;
}

// Choice keys are prefixed so no value, not even '', can be mistaken for the empty choice.
const EMPTY_KEY = 'empty';
const keyOf = (value: string): string => (value === '' ? EMPTY_KEY : `choice:${value}`);
const valueOf = (key: Key | null): string => (key === null || key === EMPTY_KEY ? '' : String(key).slice('choice:'.length));

export function ChoiceField(props: ChoiceFieldProps) {
  return (
    <AriaLocale>
      <ChoiceSelect {...props} />
    </AriaLocale>
  );
}

function ChoiceSelect(props: ChoiceFieldProps) {
  const { label, choices, value, onChange, emptyLabel, placeholder, isRequired, isInvalid, describedBy, autoFocus, name, className, onBlur } = props;
  const items = useMemo(
    () => [
      ...(emptyLabel === undefined ? [] : [{ id: EMPTY_KEY, label: emptyLabel, depth: 0 }]),
      ...choices.map((choice) => ({ id: keyOf(choice.value), label: choice.label, depth: choice.depth ?? 0 })),
    ],
    [choices, emptyLabel],
  );
  const known = items.some((item) => item.id === keyOf(value));

  return (
    <Select
      className={className ?? 'filters__field'}
      // A value no choice has (an old URL, a company no longer the caller's) shows as none rather than a wrong one.
      value={known ? keyOf(value) : null}
      onChange={(key) => {
        const next = valueOf(key);
        if (next !== value) onChange(next);
      }}
      placeholder={placeholder}
      isRequired={isRequired}
      isInvalid={isInvalid}
      validationBehavior="aria"
      aria-describedby={describedBy}
      autoFocus={autoFocus}
      name={name}
      onBlur={onBlur}
    >
      <Label className="filters__label">
        {label}
        {isRequired && <RequiredMark />}
      </Label>
      <Button className="filters__trigger">
        <SelectValue className="filters__value" />
        <span aria-hidden="true" className="filters__caret" />
      </Button>
      <Popover className="filters__popover" placement="bottom start">
        <ListBox className="filters__listbox" items={items}>
          {(item) => (
            <ListBoxItem id={item.id} textValue={item.label} className="filters__option" style={{ paddingLeft: 12 + item.depth * 16 }}>
              {item.label}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </Select>
  );
}
