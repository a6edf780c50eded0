// Unsealing handling of the selected rows (spec params §4): non-abnormal, or abnormal with a description, in one save.
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { HandlingState } from '../../../../domain/screens/reports/handling';
import { ModalDialog } from '../../../ui/dialog';

interface HandlingDialogProps {
  readonly count: number;
  readonly onSave: (state: HandlingState, description: string) => Promise<void>;
  readonly onClose: () => void;
}

export function HandlingDialog({ count, onSave, onClose }: HandlingDialogProps) {
  const { t } = useTranslation();
  const id = useId();
  const [state, setState] = useState<HandlingState>(1);
  const [description, setDescription] = useState('');
  const [missing, setMissing] = useState(false);
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    if (state === 2 && description.trim() === '') {
      setMissing(true);
      return;
    }
    setSaving(true);
    try {
      await onSave(state, description.trim());
    } finally {
      setSaving(false);
    }
  };

  return (
    <ModalDialog
      title={t('report.handleTitle')}
      onClose={onClose}
      form={{
        onSubmit: (event) => {
          event.preventDefault();
          void submit();
        },
      }}
      actions={
        <>
          <button type="button" onClick={onClose} disabled={saving}>
            {t('report.handleCancel')}
          </button>
          <button type="submit" disabled={saving}>
            {t('report.handleSave')}
          </button>
        </>
      }
    >
      <p>{t('report.handleSelected', { count })}</p>
      <fieldset className="dialog__field">
        <legend>{t('report.handleState')}</legend>
        {([1, 2] as const).map((value) => (
          <label key={value} className="dialog__choice">
            <input type="radio" name="state" value={value} checked={state === value} autoFocus={value === 1} onChange={() => setState(value)} />
            {t(value === 1 ? 'report.handling.normal' : 'report.handling.abnormal')}
          </label>
        ))}
      </fieldset>
      <label className="dialog__field">
        <span>{t('report.handleDescription')}</span>
        <textarea
          name="description"
          maxLength={400}
          rows={3}
          value={description}
          aria-invalid={missing}
          aria-describedby={`${id}-description-error`}
          onChange={(event) => {
            setDescription(event.target.value);
            setMissing(false);
          }}
        />
        <small id={`${id}-description-error`} className="dialog__error">
          {missing ? t('report.error.descriptionRequired') : ''}
        </small>
      </label>
    </ModalDialog>
  );
}
