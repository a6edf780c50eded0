// An administrator resets a user's password (spec 2 §6): first the confirm prompt, then the new password twice (the
// spec's rules, checked here and again by the server), then the outcome: done, or the spec's 'reset failed' with why.
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { checkPassword, checkPasswordConfirmation } from '../../../../domain/validation';
import { RequiredMark } from '../../../ui/filters';
import { ModalDialog } from '../../../ui/dialog';
import { resetUserPassword, type ResetOutcome } from './reset-password-call';
import './accounts.css';

interface ResetPasswordDialogProps {
  /** The user's key in the user list (its id, as text). */
  readonly userKey: string;
  /** Shown in the prompt. */
  readonly userName: string;
  readonly onClose: () => void;
}

type Field = 'password' | 'confirm';
type Step = { readonly kind: 'confirm' } | { readonly kind: 'form' } | { readonly kind: 'done'; readonly outcome: Exclude<ResetOutcome, { kind: 'refused' }> };

export function ResetPasswordDialog({ userKey, userName, onClose }: ResetPasswordDialogProps) {
  const { t } = useTranslation();
  const [step, setStep] = useState<Step>({ kind: 'confirm' });
  const title = t('account.resetPassword');

  if (step.kind === 'confirm') {
    return (
      <ModalDialog
        title={title}
        onClose={onClose}
        confirm={{
          text: t('account.resetConfirm', { name: userName }),
          cancelLabel: t('account.cancel'),
          confirmLabel: t('account.confirm'),
          onConfirm: () => setStep({ kind: 'form' }),
          primary: true,
        }}
      />
    );
  }
  if (step.kind === 'done') {
    const { outcome } = step;
    return (
      <ModalDialog
        title={title}
        onClose={onClose}
        role="alertdialog"
        actions={
          <button type="button" className="dialog__primary" autoFocus onClick={onClose}>
            {t('account.close')}
          </button>
        }
      >
        {outcome.kind === 'reset' ? (
          <p className="account-dialog__done" role="status">
            {t('account.resetDone')}
          </p>
        ) : (
          <div className="account-dialog__failed" role="alert">
            <p>{t('error.resetFailed')}</p>
            <p className="account-dialog__detail">{'text' in outcome.detail ? outcome.detail.text : t(outcome.detail.key)}</p>
          </div>
        )}
      </ModalDialog>
    );
  }
  return <PasswordForm title={title} userKey={userKey} onClose={onClose} onDone={(outcome) => setStep({ kind: 'done', outcome })} />;
}

interface PasswordFormProps {
  readonly title: string;
  readonly userKey: string;
  readonly onClose: () => void;
  readonly onDone: (outcome: Exclude<ResetOutcome, { kind: 'refused' }>) => void;
}

function PasswordForm({ title, userKey, onClose, onDone }: PasswordFormProps) {
  const { t } = useTranslation();
  const id = useId();
  const [values, setValues] = useState<Record<Field, string>>({ password: '', confirm: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [busy, setBusy] = useState(false);

  const problems = (next: Record<Field, string>): Partial<Record<Field, string>> => {
    const password = checkPassword(next.password);
    const confirm = checkPasswordConfirmation(next.password, next.confirm);
    return { ...(password ? { password: t(password) } : {}), ...(confirm ? { confirm: t(confirm) } : {}) };
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = problems(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    const outcome = await resetUserPassword(userKey, values);
    setBusy(false);
    if (outcome.kind === 'refused') setErrors({ [outcome.field]: outcome.message });
    else onDone(outcome);
  };

  const input = (field: Field, label: string, autoFocus = false) => (
    <label className="dialog__field">
      <span>
        {label}
        <RequiredMark />
      </span>
      <input
        type="password"
        name={field}
        autoComplete="new-password"
        required
        autoFocus={autoFocus}
        value={values[field]}
        aria-invalid={errors[field] !== undefined}
        aria-describedby={`${id}-${field}`}
        onChange={(event) => {
          setValues({ ...values, [field]: event.target.value });
          setErrors({ ...errors, [field]: undefined });
        }}
      />
      <span id={`${id}-${field}`} className="dialog__error" role="alert">
        {errors[field]}
      </span>
    </label>
  );

  return (
    <ModalDialog
      title={title}
      onClose={onClose}
      form={{ onSubmit: (event) => void submit(event) }}
      actions={
        <>
          <button type="button" onClick={onClose}>
            {t('account.cancel')}
          </button>
          <button type="submit" disabled={busy}>
            {t('account.submit')}
          </button>
        </>
      }
    >
      {input('password', t('account.newPassword'), true)}
      {input('confirm', t('account.confirmPassword'))}
    </ModalDialog>
  );
}
