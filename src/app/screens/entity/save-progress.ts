// A save whose form carries a file, sent with its upload's progress (XMLHttpRequest: fetch reports none), its answer
// judged as every other call's: data, a refusal passed back for the form to show, or a failure the form reports.
import { judgeAnswer } from '../../../api/answer';
import { CallError } from '../../../api/client';
import { HEADER_ID_KEY } from '../../../api/http';
import { API_BASE } from '../../../config';

/** Resolves on the saved row; rejects with a CallError (a passed-back refusal carries the server's data). */
export function sendWithProgress(
  method: 'POST' | 'PUT',
  path: string,
  form: Readonly<Record<string, string | number | undefined>>,
  passBackCodes: readonly number[],
  onSent: (fraction: number) => void,
): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(method, `${API_BASE}${path}`);
    request.withCredentials = true;
    const headerId = localStorage.getItem(HEADER_ID_KEY);
    if (headerId) request.setRequestHeader(HEADER_ID_KEY, headerId);
    request.setRequestHeader('content-type', 'application/x-www-form-urlencoded;charset=UTF-8');
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onSent(event.loaded / event.total);
    };
    request.onload = () => {
      const { status, responseText } = request;
      void judgeAnswer<unknown>({ status, ok: status >= 200 && status < 300, json: async () => JSON.parse(responseText) as unknown }).then((answer) => {
        if (answer.kind === 'data') return resolve(answer.data);
        if (answer.kind === 'transport') return reject(new CallError('', undefined, answer.failure, false, answer.status));
        reject(new CallError(answer.message, answer.resultCode, undefined, false, undefined, passBackCodes.includes(answer.resultCode) ? answer.data : undefined));
      });
    };
    request.onerror = () => reject(new CallError('', undefined, 'network', false));
    request.ontimeout = () => reject(new CallError('', undefined, 'timeout', false));
    request.send(new URLSearchParams(Object.entries(form).flatMap(([key, value]) => (value === undefined ? [] : [[key, String(value)]]))));
  });
}
