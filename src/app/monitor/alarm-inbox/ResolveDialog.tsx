// Resolving the selected alarms: a note is required (what was done), at most INBOX_LIMITS.noteMaxLength characters.
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { INBOX_LIMITS } from '../../../../domain/wire/alarm-inbox';
import { ModalDialog } from '../../../ui/dialog';

interface ResolveDialogProps {
  readonly count: number;
  /** Resolves once the call answered (the dialog then closes), rejects when it failed (the dialog stays). */
  readonly onResolve: (note: string) => Promise<void>;
  readonly onClose: () => void;
}

export function ResolveDialog({ count, onResolve, onClose }: ResolveDialogProps) {
  const { t } = useTranslation();
  const id = useId();
  const [note, setNote] = useState('');
  const [missing, setMissing] = useState(false);
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    const text = note.trim();
    if (text === '') {
      setMissing(true);
      return;
    }
    setSaving(true);
    try {
      await onResolve(text);
    } catch {
      setSaving(false);
    }
  };

  return (
    <ModalDialog
      title={t('alarmInbox.resolve.title')}
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
            {t('alarmInbox.resolve.confirm')}
          </button>
        </>
      }
    >
      <p>{t('alarmInbox.resolve.count', { count })}</p>
      <label className="dialog__field">
        <span>{t('alarmInbox.resolve.note')}</span>
        <textarea
          name="note"
          autoFocus
          required
          maxLength={INBOX_LIMITS.noteMaxLength}
          rows={4}
          value={note}
          aria-invalid={missing}
          aria-describedby={`${id}-note-help`}
          onChange={(event) => {
            setNote(event.target.value);
            setMissing(false);
          }}
        />
        <small id={`${id}-note-help`} className={missing ? 'dialog__error' : 'inbox-dialog__hint'}>
          {missing ? t('alarmInbox.resolve.noteRequired') : t('alarmInbox.resolve.noteLength', { count: note.length, max: INBOX_LIMITS.noteMaxLength })}
        </small>
      </label>
    </ModalDialog>
  );
}
