// The password dialog's two calls as its machine reads them: the blur check (POST /verifyPwd, which the legacy backend
// lacks) and the change (PUT /userInfoPwd with the old password), each answer turned into the machine's outcome.
import type { OldPasswordCheck, PasswordChangeOutcome } from '../../../machines/password-change.machine';
import { call, CallError, isMissingCall } from '../../api/client';
import { hasLocaleTexts, LANGS, translate } from '../../../domain/i18n';
import type { PasswordChangeRequest, VerifyPwdRequest } from '../../../domain/wire/entities';

/**
 * A refusal of the change that names the old password, rather than any other failure: our server refuses a wrong old
 * password with the oldPwdError text in the caller's language (docs/api.md), which is a language this console has loaded.
 */
function isOldPasswordRefusal(error: unknown): boolean {
  if (!(error instanceof CallError) || error.resultCode === undefined) return false;
  return LANGS.some((lang) => hasLocaleTexts(lang) && translate(lang, 'password.oldPwdError') === error.message);
}

/**
 * The server's verdict on the typed old password (its MD5), or `unavailable` where the backend has no check. Any other
 * failure rejects, after the client's usual reaction (toast or alert).
 */
export async function checkOldPassword(request: VerifyPwdRequest): Promise<OldPasswordCheck> {
  try {
    return (await call('verifyPwd', request, { optional: true })) ? 'right' : 'wrong';
  } catch (error) {
    if (isMissingCall(error)) return 'unavailable';
    throw error;
  }
}

/**
 * Changes the password with the old one as proof. Failures are passed back: the dialog says 密码修改失败 itself, or, when
 * the server refused the old password, shows that on its field.
 */
export async function changePassword(request: Required<PasswordChangeRequest>): Promise<PasswordChangeOutcome> {
  try {
    await call('changePassword', request, { passBack: true });
    return 'changed';
  } catch (error) {
    if (isOldPasswordRefusal(error)) return 'oldWrong';
    throw error;
  }
}
