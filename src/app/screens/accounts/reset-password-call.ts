// The administrator's password reset call: the answer's message on success; a rule's refusal (400, its field) or any
// other failure for the dialog to show itself.
import { CallError, callPath, failureText } from '../../../api/client';
import { ACCOUNT_RESULT, passwordResetCall, type PasswordReset } from '../../../../domain/screens/accounts/wire';
import type { LocaleKey } from '../../../../domain/i18n';
import { isRecord } from '../../../../domain/wire/guards';

export type ResetOutcome =
  | { readonly kind: 'reset' }
  | { readonly kind: 'refused'; readonly field: 'password' | 'confirm'; readonly message: string }
  | { readonly kind: 'failed'; readonly detail: { readonly text: string } | { readonly key: LocaleKey } };

export async function resetUserPassword(userKey: string, form: PasswordReset): Promise<ResetOutcome> {
  try {
    await callPath<unknown>('POST', passwordResetCall(userKey), { password: form.password, confirm: form.confirm }, { passBack: true });
    return { kind: 'reset' };
  } catch (error) {
    const field = error instanceof CallError && isRecord(error.data) ? error.data['field'] : undefined;
    if (error instanceof CallError && error.resultCode === ACCOUNT_RESULT.refused && (field === 'password' || field === 'confirm')) {
      return { kind: 'refused', field, message: error.message };
    }
    return { kind: 'failed', detail: failureText(error) };
  }
}
