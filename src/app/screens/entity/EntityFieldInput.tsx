// One field of the edit form, by its type: text, phone and email inputs, numbers and coordinates as typed text (so a
// wrong entry gets its message), selects and companies as choices; its rule's message and, after a conflict, the
// latest value under it. A fixed field of an existing row is shown read-only.
import { useTranslation } from 'react-i18next';
import type { EntityDef, EntityField } from '../../../../domain/screens/entities/definition';
import { ChoiceField, CompanyPicker, RequiredMark, type Company } from '../../../ui/filters';
import type { FieldMessage } from './entity-form';
import { FileField } from './FileField';
import { PhotoField } from './PhotoField';
import { ReferenceField } from './ReferenceField';

/** Controls that carry their own label element. */
const SELF_LABELLED: ReadonlySet<EntityField['type']> = new Set(['company', 'select', 'reference']);

interface EntityFieldInputProps {
  readonly def: EntityDef;
  readonly field: EntityField;
  /** The company the form's row belongs to, as chosen so far ('' for none). */
  readonly rowCompany: string;
  /** The DOM id of the control, so messages can point at it and the form can focus it. */
  readonly id: string;
  readonly value: string;
  /** Shown instead of an input: a fixed field of an existing row, as people read it. */
  readonly readOnlyText?: string;
  readonly message: FieldMessage | undefined;
  /** After a stale save: the value the row holds now, where it differs from the input. */
  readonly latest: string | undefined;
  readonly companies: readonly Company[];
  readonly autoFocus: boolean;
  readonly onChange: (value: string) => void;
  /** The user left the field, or chose a value. */
  readonly onCheck: (value?: string) => void;
  /** A message from outside the field's rule (an uploaded file refused). */
  readonly onMessage: (message: FieldMessage) => void;
  /** A file field's file taken: its name and base64 content. */
  readonly onFile: (name: string, content: string) => void;
}

/** The input element's type for the fields typed into it. */
const INPUT_TYPES: Partial<Record<EntityField['type'], string>> = { email: 'email', phone: 'tel', date: 'date', password: 'password' };

const INPUT_MODES: Partial<Record<EntityField['type'], 'numeric' | 'decimal' | 'tel' | 'email'>> = {
  integer: 'numeric',
  decimal: 'decimal',
  latitude: 'decimal',
  longitude: 'decimal',
  phone: 'tel',
  email: 'email',
};

export function EntityFieldInput(props: EntityFieldInputProps) {
  const { def, field, rowCompany, id, value, readOnlyText, message, latest, companies, autoFocus, onChange, onCheck, onMessage, onFile } = props;
  const { t } = useTranslation();
  const label = t(field.labelKey);
  const required = field.required === true && readOnlyText === undefined;
  const messageId = `${id}-message`;
  const latestId = `${id}-latest`;
  const describedBy = [message ? messageId : undefined, latest !== undefined ? latestId : undefined].filter(Boolean).join(' ') || undefined;
  const invalid = message !== undefined;
  const choose = (next: string) => {
    onChange(next);
    onCheck(next);
  };

  const control = (() => {
    if (readOnlyText !== undefined) return <input id={id} className="entity-form__input" value={readOnlyText} readOnly />;
    if (field.type === 'company' || field.type === 'select') {
      const common = {
        label,
        value,
        onChange: choose,
        isRequired: required,
        isInvalid: invalid,
        describedBy,
        autoFocus,
        placeholder: t('entity.choose'),
        emptyLabel: required ? undefined : t('entity.none'),
        className: 'entity-form__choice',
      };
      if (field.type === 'company') return <CompanyPicker {...common} companies={companies} />;
      const choices = (field.options ?? []).map((option) => ({ value: option.value, label: t(option.labelKey) }));
      return <ChoiceField {...common} choices={choices} />;
    }
    if (field.type === 'reference') {
      return (
        <ReferenceField
          def={def}
          field={field}
          rowCompany={rowCompany}
          label={label}
          value={value}
          isRequired={required}
          isInvalid={invalid}
          describedBy={describedBy}
          autoFocus={autoFocus}
          onChange={choose}
          onBlur={() => onCheck()}
        />
      );
    }
    if (field.type === 'file') {
      return <FileField def={def} field={field} id={id} value={value} isRequired={required} describedBy={describedBy} onFile={onFile} onRefused={onMessage} />;
    }
    if (field.type === 'photo') {
      return <PhotoField def={def} id={id} label={label} value={value} describedBy={describedBy} onChange={choose} onRefused={onMessage} />;
    }
    return (
      <input
        id={id}
        name={field.key}
        className="entity-form__input"
        type={INPUT_TYPES[field.type] ?? 'text'}
        inputMode={INPUT_MODES[field.type]}
        autoFocus={autoFocus}
        autoComplete={field.type === 'password' ? 'new-password' : 'off'}
        value={value}
        aria-required={required || undefined}
        aria-invalid={invalid}
        aria-describedby={describedBy}
        onChange={(event) => onChange(event.target.value)}
        onBlur={() => onCheck()}
      />
    );
  })();

  // The choices label themselves (react-aria links label and button); inputs get their label here.
  const labelled = readOnlyText !== undefined || !SELF_LABELLED.has(field.type);
  return (
    <div className="entity-form__field" data-field={field.key}>
      {labelled && (
        <label htmlFor={id} className="entity-form__label">
          {label}
          {required && <RequiredMark />}
        </label>
      )}
      {control}
      <small id={messageId} className="entity-form__message">
        {message ? ('key' in message ? t(message.key, message.params) : message.text) : ''}
      </small>
      {latest !== undefined && (
        <small id={latestId} className="entity-form__latest">
          {t('entity.latest', { value: latest === '' ? t('entity.none') : latest })}
        </small>
      )}
    </div>
  );
}
