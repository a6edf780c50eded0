// A call whose body is uploaded with its progress (XMLHttpRequest: fetch reports none): a save carrying a file, an
// import. Its answer is judged as every other call's; an expired session (504) logs out as anywhere else.
import { sessionEnded } from './client';
import { judgeAnswer, type Answer } from '../../domain/wire/answer';
import { HEADER_ID_KEY } from './http';
import { API_BASE } from '../../workers/backend-address';

export function uploadWithProgress(
  method: 'POST' | 'PUT',
  path: string,
  body: XMLHttpRequestBodyInit,
  contentType: string,
  onSent: (fraction: number) => void,
): Promise<Answer<unknown>> {
  return new Promise((resolve) => {
    const request = new XMLHttpRequest();
    request.open(method, `${API_BASE}${path}`);
    request.withCredentials = true;
    const headerId = localStorage.getItem(HEADER_ID_KEY);
    if (headerId) request.setRequestHeader(HEADER_ID_KEY, headerId);
    request.setRequestHeader('content-type', contentType);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onSent(event.loaded / event.total);
    };
    request.onload = () => {
      const { status, responseText } = request;
      void judgeAnswer<unknown>({ status, ok: status >= 200 && status < 300, json: async () => JSON.parse(responseText) as unknown }).then((answer) => {
        if (answer.kind === 'refused' && answer.reaction === 'logoutAndReload') sessionEnded();
        resolve(answer);
      });
    };
    request.onerror = () => resolve({ kind: 'transport', failure: 'network' });
    request.ontimeout = () => resolve({ kind: 'transport', failure: 'timeout' });
    request.send(body);
  });
}
