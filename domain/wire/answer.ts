// One HTTP answer judged once (shell spec §7, §8): the tabs' client (`http.ts`, `client.ts`) and the worker's background
// calls (`workers/session-request.ts`) both read answers here, so a status or a resultCode means the same on each side.
// Pure: no DOM, no page, so the worker loads it.
import { isEnvelope, NOT_FOUND, reactionFor, type Reaction } from './envelope';

/** Why a call produced no envelope. */
export type TransportFailure = 'http500' | 'http' | 'network' | 'timeout' | 'notJson';

/** What one call's answer means: its data, an envelope whose resultCode asks for a reaction, or no envelope at all. */
export type Answer<T> =
  | { readonly kind: 'data'; readonly data: T }
  | {
      readonly kind: 'refused';
      readonly reaction: Exclude<Reaction, 'data'>;
      readonly resultCode: number;
      readonly message: string;
      /** What the server said about the refusal (the field a rule refused, the current row of a stale save); absent when null. */
      readonly data?: unknown;
    }
  | { readonly kind: 'transport'; readonly failure: TransportFailure; readonly status?: number };

/** The part of a fetch answer read here; the body is read only when the status allows an envelope. */
export interface HttpAnswer {
  readonly status: number;
  readonly ok: boolean;
  json(): Promise<unknown>;
}

/** Judges an answer: HTTP 500 and other failed statuses, a body that is no envelope, then the resultCode's reaction. */
export async function judgeAnswer<T>(answer: HttpAnswer): Promise<Answer<T>> {
  if (answer.status === 500) return { kind: 'transport', failure: 'http500', status: 500 };
  if (!answer.ok) return { kind: 'transport', failure: 'http', status: answer.status };
  const body = await answer.json().catch(() => undefined);
  if (!isEnvelope(body)) return { kind: 'transport', failure: 'notJson', status: answer.status };
  const reaction = reactionFor(body.resultCode);
  if (reaction !== 'data') {
    const refused = { kind: 'refused', reaction, resultCode: body.resultCode, message: body.message } as const;
    return body.data === null ? refused : { ...refused, data: body.data };
  }
  // The contract (CALLS) types each call's data; the envelope check cannot see inside it.
  return { kind: 'data', data: body.data as T };
}

/** The backend has no such call (HTTP 404, or resultCode 404): one without our additions, such as the legacy backend. */
export function isMissingAnswer(answer: Answer<unknown>): boolean {
  return answer.kind === 'transport' ? answer.status === NOT_FOUND : answer.kind === 'refused' && answer.resultCode === NOT_FOUND;
}
