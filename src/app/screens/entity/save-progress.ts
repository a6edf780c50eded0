// A save whose form carries a file, sent with its upload's progress, its answer judged as every other call's: data, a
// refusal passed back for the form to show, or a failure the form reports (an expired session logs out).
import { CallError } from '../../../api/client';
import { uploadWithProgress } from '../../../api/upload-progress';

/** Resolves on the saved row; rejects with a CallError (a passed-back refusal carries the server's data). */
export async function sendWithProgress(
  method: 'POST' | 'PUT',
  path: string,
  form: Readonly<Record<string, string | number | undefined>>,
  passBackCodes: readonly number[],
  onSent: (fraction: number) => void,
): Promise<unknown> {
  const body = new URLSearchParams(Object.entries(form).flatMap(([key, value]) => (value === undefined ? [] : [[key, String(value)]])));
  const answer = await uploadWithProgress(method, path, body, 'application/x-www-form-urlencoded;charset=UTF-8', onSent);
  if (answer.kind === 'data') return answer.data;
  if (answer.kind === 'transport') throw new CallError('', undefined, answer.failure, false, answer.status);
  throw new CallError(answer.message, answer.resultCode, undefined, answer.reaction === 'logoutAndReload', undefined, passBackCodes.includes(answer.resultCode) ? answer.data : undefined);
}
