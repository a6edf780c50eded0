// One catalogue field in the editor (params spec §3.1): its display name and the file's key, its tooltip (a button
// that shows it on hover and on keyboard focus), a control by kind (a select by its options' labels, a switch as a
// checkbox, numbers and text typed), a value the device reports shown disabled with why, and the check's message.
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ParamField } from '../../../../domain/params/catalogue-types';
import { ChoiceField } from '../../../ui/filters';
import type { FieldProblem } from './use-param-document';
import { inputModeOf, optionOf, shownValue } from './param-field-view';

interface ParamFieldInputProps {
  readonly field: ParamField;
  /** The file's value (stored form); undefined when the device's file lacks the key. */
  readonly stored: string | undefined;
  /** Text typed that the file does not hold (a count out of range). */
  readonly typed: string | undefined;
  readonly problem: FieldProblem | undefined;
  /** A send is pending: nothing is edited. */
  readonly locked: boolean;
  readonly onEdit: (typed: string) => void;
}

export function ParamFieldInput({ field, stored, typed, problem, locked, onEdit }: ParamFieldInputProps) {
  const { t } = useTranslation();
  const id = useId();
  const [tipId, noteId, messageId] = [`${id}-tip`, `${id}-note`, `${id}-message`];
  const name = t(field.nameKey);
  const describedBy = [field.tipKey && tipId, !field.canSet && noteId, problem && messageId].filter(Boolean).join(' ') || undefined;
  const disabled = !field.canSet || locked;
  const text = typed ?? shownValue(field, stored ?? '');
  const message = problem && ('text' in problem ? problem.text : t(problem.key, problem.values));

  let control;
  if (field.kind === 'select' && field.canSet && !locked) {
    control = (
      <ChoiceField
        className="param-field__choice"
        label={name}
        choices={(field.options ?? []).map((option) => ({ value: String(option.value), label: t(option.labelKey) }))}
        value={stored?.trim() ?? ''}
        onChange={onEdit}
        isInvalid={problem !== undefined}
        describedBy={describedBy}
      />
    );
  } else if (field.kind === 'switch') {
    control = (
      <label className="param-field__switch">
        <input type="checkbox" checked={stored?.trim() === '1'} disabled={disabled} aria-describedby={describedBy}
          aria-invalid={problem !== undefined} onChange={(event) => onEdit(event.target.checked ? '1' : '0')} />
        {name}
      </label>
    );
  } else {
    const option = field.kind === 'select' ? optionOf(field, stored) : undefined;
    control = (
      <>
        <label className="param-field__label" htmlFor={id}>{name}</label>
        <input
          id={id}
          className="param-field__input"
          inputMode={inputModeOf(field)}
          value={option ? t(option.labelKey) : text}
          disabled={disabled}
          aria-invalid={problem !== undefined}
          aria-describedby={describedBy}
          onChange={(event) => onEdit(event.target.value)}
        />
      </>
    );
  }

  return (
    <div className={`param-field${field.canSet ? '' : ' param-field--read-only'}`} data-key={field.key}>
      {control}
      <span className="param-field__meta">
        <code className="param-field__key">{field.key}</code>
        {field.tipKey && (
          <span className="param-tip">
            <button type="button" className="param-tip__button" aria-label={t('paramEditor.tipFor', { name })} aria-describedby={tipId}>
              ?
            </button>
            <span role="tooltip" id={tipId} className="param-tip__text">
              {t(field.tipKey)}
            </span>
          </span>
        )}
      </span>
      {!field.canSet && <span id={noteId} className="param-field__note">{t('paramEditor.readOnly')}</span>}
      {message && <span id={messageId} className="param-field__message" role="alert">{message}</span>}
    </div>
  );
}
