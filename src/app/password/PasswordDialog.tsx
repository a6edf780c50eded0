// The change-password dialog of spec §5: read-only user name, old password checked on blur (or with the change, where
// the backend has no check), new password twice.
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import { passwordChangeMachine, PASSWORD_FIELDS, type PasswordField } from '../../../machines/password-change.machine';
import { ModalDialog } from '../../ui/dialog';
import { showToast } from '../../ui/notify';
import { reportFailure } from '../reactions';
import { changePassword, checkOldPassword } from './password-calls';

interface PasswordDialogProps {
  readonly userId: number;
  readonly userName: string;
  readonly onClose: () => void;
  /** Ends the session; the machine calls it 0.8 s after a successful change. */
  readonly onLogout: () => void;
}

export function PasswordDialog({ userId, userName, onClose, onLogout }: PasswordDialogProps) {
  const { t } = useTranslation();
  const id = useId();
  const [machine] = useState(() =>
    passwordChangeMachine.provide({
      actors: {
        verifyOld: fromPromise(({ input }) => checkOldPassword(input)),
        changePassword: fromPromise(({ input }) => changePassword(input)),
      },
      actions: {
        notify: (_, message) => showToast(message.type, { key: message.key }),
        reportFailure: (_, error) => reportFailure(error),
        logout: () => onLogout(),
      },
    }),
  );
  const actor = useActorRef(machine, { input: { userId } });
  const { values, errors, closed, locked } = useSelector(actor, (s) => ({
    values: s.context.values,
    errors: s.context.errors,
    closed: s.matches('closed'),
    locked: s.matches('submitting') || s.matches('changed') || s.matches('loggedOut'),
  }), (a, b) => a.values === b.values && a.errors === b.errors && a.closed === b.closed && a.locked === b.locked);
  useEffect(() => {
    if (closed) onClose();
  }, [closed, onClose]);

  const labels: Record<PasswordField, 'password.oldPwd' | 'password.pwd' | 'password.confrimPwd'> = {
    oldPwd: 'password.oldPwd',
    pwd: 'password.pwd',
    confrimPwd: 'password.confrimPwd',
  };
  const cancel = () => actor.send({ type: 'password.cancel' });
  return (
    <ModalDialog
      title={t('password.title')}
      onClose={cancel}
      form={{
        onSubmit: (event) => {
          event.preventDefault();
          actor.send({ type: 'password.submit' });
        },
      }}
      actions={
        <>
          <button type="button" onClick={cancel} disabled={locked}>
            {t('password.cancel')}
          </button>
          <button type="submit" disabled={locked}>
            {t('password.submit')}
          </button>
        </>
      }
    >
      <label className="dialog__field">
        <span>{t('password.userName')}</span>
        <input value={userName} readOnly name="userName" />
      </label>
      {PASSWORD_FIELDS.map((field, index) => {
        const error = errors[field];
        return (
          <label key={field} className="dialog__field">
            <span>{t(labels[field])}</span>
            <input
              type="password"
              name={field}
              autoFocus={index === 0}
              autoComplete={field === 'oldPwd' ? 'current-password' : 'new-password'}
              value={values[field]}
              aria-invalid={error !== undefined}
              aria-describedby={error ? `${id}-${field}-error` : undefined}
              onChange={(event) => actor.send({ type: 'password.input', field, value: event.target.value })}
              onBlur={field === 'oldPwd' ? () => actor.send({ type: 'password.oldBlur' }) : undefined}
            />
            <small id={`${id}-${field}-error`} className="dialog__error">
              {error ? t(error) : ''}
            </small>
          </label>
        );
      })}
    </ModalDialog>
  );
}
