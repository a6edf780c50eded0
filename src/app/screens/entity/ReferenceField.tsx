// A reference field of the edit form (a driver's default truck, a user's role): a type-ahead combobox asking the named
// screen's list for rows whose label contains what is typed, so ten thousand trucks cost one small page per pause.
// The value is the chosen row's label, as the server takes it. A truck is offered from the row's company only.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { keptInCompany, type EntityDef, type EntityField } from '../../../../domain/screens/entities/definition';
import { entityFor } from '../../../../domain/screens/entities/registry';
import { SearchComboBox } from '../../../ui/filters';
import { fetchEntityPage } from './entity-calls';

/** Rows shown per search: more than anyone reads, few enough to draw at once. */
const REFERENCE_PAGE = 50;
/** The pause after a keystroke before asking the server. */
const TYPING_PAUSE_MS = 200;

interface ReferenceFieldProps {
  readonly def: EntityDef;
  readonly field: EntityField;
  /** The company the form's row belongs to: a truck is offered from it alone (keptInCompany). */
  readonly rowCompany: string;
  readonly label: string;
  readonly value: string;
  readonly isRequired: boolean;
  readonly isInvalid: boolean;
  readonly describedBy: string | undefined;
  readonly autoFocus: boolean;
  readonly onChange: (value: string) => void;
  readonly onBlur: () => void;
}

interface Found {
  readonly labels: readonly string[];
  readonly total: number;
}

export function ReferenceField({ def, field, rowCompany, label, value, isRequired, isInvalid, describedBy, autoFocus, onChange, onBlur }: ReferenceFieldProps) {
  const { t } = useTranslation();
  const [input, setInput] = useState(value);
  const [found, setFound] = useState<Found>({ labels: [], total: 0 });
  const target = field.ref && entityFor(field.ref.path);
  const labelKey = field.ref?.label;
  const company = target && keptInCompany(def, target) ? rowCompany : undefined;

  useEffect(() => {
    if (!target || !labelKey) return undefined;
    let current = true;
    const timer = setTimeout(() => {
      const query = {
        page: 1,
        size: REFERENCE_PAGE,
        sort: labelKey,
        order: 'asc',
        ...(input.trim() === '' ? {} : { [labelKey]: input.trim() }),
        ...(company ? { companyCode: company } : {}),
      };
      fetchEntityPage(target, query).then(
        (page) => current && setFound({ labels: page.rows.map((row) => String(row.values[labelKey] ?? row.key)), total: page.total }),
        // A failed search shows no choices; the toast has told why.
        () => current && setFound({ labels: [], total: 0 }),
      );
    }, TYPING_PAUSE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [target, labelKey, input, company]);

  const type = (text: string) => {
    setInput(text);
    // Clearing the text clears the choice; a label typed in full is chosen as if picked.
    if (text.trim() === '') onChange('');
    else if (found.labels.includes(text.trim())) onChange(text.trim());
  };
  const choose = (next: string) => {
    setInput(next);
    onChange(next);
  };

  return (
    <SearchComboBox
      className="entity-form__choice"
      label={label}
      items={found.labels}
      value={value}
      onChange={choose}
      inputValue={input}
      onInputChange={type}
      placeholder={t('entity.reference.placeholder')}
      emptyText={t('entity.reference.noMatch')}
      moreText={found.total > found.labels.length ? t('entity.reference.more', { shown: found.labels.length, total: found.total }) : undefined}
      isRequired={isRequired}
      isInvalid={isInvalid}
      describedBy={describedBy}
      autoFocus={autoFocus}
      onBlur={() => {
        // Text that names no chosen row goes back to the choice, so what is shown is what is saved.
        if (input !== value) setInput(value);
        onBlur();
      }}
    />
  );
}
