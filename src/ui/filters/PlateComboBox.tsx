// The report filter over one truck: a type-ahead combobox of plates with each truck's company; empty means all trucks.
import { useMemo, useState } from 'react';
import { Button, ComboBox, Input, Label, ListBox, ListBoxItem, Popover, Text, type Key } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { AriaLocale } from './AriaLocale';
import { exactPlate, indexPlates, matchPlates, type Plate } from './plate-match';
import './filters.css';

/** Rendering every one of 10,000 plates per keystroke is what makes a combobox sluggish; typing narrows instead. */
export const PLATE_LIST_LIMIT = 50;

interface PlateComboBoxProps {
  readonly plates: readonly Plate[];
  /** The chosen plate's signCode, or '' for all trucks. */
  readonly value: string;
  readonly onChange: (signCode: string) => void;
}

export function PlateComboBox(props: PlateComboBoxProps) {
  return (
    <AriaLocale>
      <PlateComboBoxField {...props} />
    </AriaLocale>
  );
}

function PlateComboBoxField({ plates, value, onChange }: PlateComboBoxProps) {
  const { t } = useTranslation();
  const index = useMemo(() => indexPlates(plates), [plates]);
  const [input, setInput] = useState(value);
  // The caller may change the plate (reset, drill-down); the text follows, as React's "adjust state on prop change".
  const [shownValue, setShownValue] = useState(value);
  if (shownValue !== value) {
    setShownValue(value);
    setInput(value);
  }
  const { shown, total } = useMemo(() => matchPlates(index, input, PLATE_LIST_LIMIT), [index, input]);

  function type(text: string) {
    setInput(text);
    const plate = exactPlate(index, text);
    const next = text.trim() === '' ? '' : plate?.signCode;
    if (next !== undefined && next !== value) {
      setShownValue(next);
      onChange(next);
    }
  }

  // Both the text and the choice are controlled, so react-aria hands the text back to us on commit and blur.
  function choose(key: Key | null) {
    const next = key === null ? '' : String(key);
    setInput(next);
    setShownValue(next);
    if (next !== value) onChange(next);
  }

  return (
    <ComboBox
      className="filters__field"
      items={shown}
      value={value === '' ? null : value}
      onChange={choose}
      inputValue={input}
      onInputChange={type}
      menuTrigger="focus"
      allowsEmptyCollection
    >
      <Label className="filters__label">{t('report.filter.plate')}</Label>
      <div className="filters__control">
        <Input className="filters__input" placeholder={t('report.filter.platePlaceholder')} />
        <Button className="filters__button">
          <span aria-hidden="true" className="filters__caret" />
        </Button>
      </div>
      <Popover className="filters__popover" placement="bottom start">
        <ListBox<Plate> className="filters__listbox" renderEmptyState={() => <p className="filters__hint">{t('report.filter.noPlates')}</p>}>
          {(plate) => (
            <ListBoxItem id={plate.signCode} textValue={plate.signCode} className="filters__option">
              <Text slot="label">{plate.signCode}</Text>
              <Text slot="description" className="filters__aside">
                {plate.companyName}
              </Text>
            </ListBoxItem>
          )}
        </ListBox>
        {total > shown.length && (
          <p className="filters__hint" role="status">
            {t('report.filter.moreMatches', { shown: shown.length, total })}
          </p>
        )}
      </Popover>
    </ComboBox>
  );
}
