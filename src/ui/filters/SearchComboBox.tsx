// A type-ahead combobox over texts the caller finds (a server search, a local match): the typed text and the choice
// are both the caller's, so it decides when text counts as chosen; an empty-state line and a "more matches" hint.
import { useMemo } from 'react';
import { Button, ComboBox, Input, Label, ListBox, ListBoxItem, Popover, type Key } from 'react-aria-components';
import { AriaLocale } from './AriaLocale';
import { RequiredMark } from './RequiredMark';
import './filters.css';

interface SearchComboBoxProps {
  /** Already translated, like every text handed to these controls. */
  readonly label: string;
  /** The texts matching what is typed, as the caller found them; each is its own key. */
  readonly items: readonly string[];
  readonly inputValue: string;
  readonly onInputChange: (text: string) => void;
  /** The chosen text, '' for none. */
  readonly value: string;
  /** A text picked from the list, or '' when the choice is cleared. */
  readonly onChange: (value: string) => void;
  readonly placeholder?: string;
  /** Shown in the open list when nothing matches. */
  readonly emptyText: string;
  /** Shown under the list when it holds only part of the matches; omitted when it holds them all. */
  readonly moreText?: string;
  readonly isRequired?: boolean;
  readonly isInvalid?: boolean;
  /** The id of the caller's text about the value (its message). */
  readonly describedBy?: string;
  readonly autoFocus?: boolean;
  readonly onBlur?: () => void;
  /** The field's own layout class (a form's stacked label); the search bar's inline one by default. */
  readonly className?: string;
}

export function SearchComboBox(props: SearchComboBoxProps) {
  return (
    <AriaLocale>
      <SearchCombo {...props} />
    </AriaLocale>
  );
}

function SearchCombo(props: SearchComboBoxProps) {
  const { label, items, inputValue, onInputChange, value, onChange, placeholder, emptyText, moreText } = props;
  const { isRequired, isInvalid, describedBy, autoFocus, onBlur, className } = props;
  const keyed = useMemo(() => items.map((id) => ({ id })), [items]);
  return (
    <ComboBox
      className={className ?? 'filters__field'}
      items={keyed}
      selectedKey={value === '' ? null : value}
      onSelectionChange={(key: Key | null) => onChange(key === null ? '' : String(key))}
      inputValue={inputValue}
      onInputChange={onInputChange}
      menuTrigger="focus"
      allowsEmptyCollection
      isRequired={isRequired}
      isInvalid={isInvalid}
      validationBehavior="aria"
      aria-describedby={describedBy}
      autoFocus={autoFocus}
      onBlur={onBlur}
    >
      <Label className="filters__label">
        {label}
        {isRequired && <RequiredMark />}
      </Label>
      <div className="filters__control">
        <Input className="filters__input" placeholder={placeholder} />
        <Button className="filters__button">
          <span aria-hidden="true" className="filters__caret" />
        </Button>
      </div>
      <Popover className="filters__popover" placement="bottom start">
        <ListBox<{ id: string }> className="filters__listbox" renderEmptyState={() => <p className="filters__hint">{emptyText}</p>}>
          {(item) => (
            <ListBoxItem id={item.id} textValue={item.id} className="filters__option">
              {item.id}
            </ListBoxItem>
          )}
        </ListBox>
        {moreText !== undefined && (
          <p className="filters__hint" role="status">
            {moreText}
          </p>
        )}
      </Popover>
    </ComboBox>
  );
}
