// Giving the selected alarms to a user of the company (by user name) or back to nobody.
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { INBOX_LIMITS } from '../../../../domain/wire/alarm-inbox';
import { ModalDialog } from '../../../ui/dialog';

interface AssignDialogProps {
  readonly count: number;
  /** Resolves once the call answered (the dialog then closes), rejects when it failed (the dialog stays). */
  readonly onAssign: (assignee: string | null) => Promise<void>;
  readonly onClose: () => void;
}

type Target = 'user' | 'nobody';

export function AssignDialog({ count, onAssign, onClose }: AssignDialogProps) {
  const { t } = useTranslation();
  const id = useId();
  const [target, setTarget] = useState<Target>('user');
  const [name, setName] = useState('');
  const [missing, setMissing] = useState(false);
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    const user = name.trim();
    if (target === 'user' && user === '') {
      setMissing(true);
      return;
    }
    setSaving(true);
    try {
      await onAssign(target === 'user' ? user : null);
    } catch {
      setSaving(false);
    }
  };

  return (
    <ModalDialog
      title={t('alarmInbox.assign.title')}
      onClose={onClose}
      className="inbox-dialog"
      form={{
        onSubmit: (event) => {
          event.preventDefault();
          void submit();
        },
      }}
      actions={
        <>
          <button type="button" onClick={onClose} disabled={saving}>
            {t('alarmInbox.cancel')}
          </button>
          <button type="submit" className="dialog__primary" disabled={saving}>
            {t('alarmInbox.assign.confirm')}
          </button>
        </>
      }
    >
      <fieldset className="dialog__field inbox-dialog__choices">
        <legend>{t('alarmInbox.assign.count', { count })}</legend>
        <label className="inbox-dialog__choice">
          <input type="radio" name="target" checked={target === 'user'} onChange={() => setTarget('user')} />
          {t('alarmInbox.assign.toUser')}
        </label>
        <input
          type="text"
          name="assignee"
          className="inbox-dialog__user"
          autoFocus
          aria-label={t('alarmInbox.assign.user')}
          maxLength={INBOX_LIMITS.userNameMaxLength}
          disabled={target !== 'user'}
          value={name}
          aria-invalid={missing}
          aria-describedby={`${id}-user-error`}
          onChange={(event) => {
            setName(event.target.value);
            setMissing(false);
          }}
        />
        <small id={`${id}-user-error`} className="dialog__error">
          {missing ? t('alarmInbox.assign.userRequired') : ''}
        </small>
        <label className="inbox-dialog__choice">
          <input type="radio" name="target" checked={target === 'nobody'} onChange={() => setTarget('nobody')} />
          {t('alarmInbox.assign.nobody')}
        </label>
      </fieldset>
    </ModalDialog>
  );
}
