// One call of the session's background work (polls, keep-alive, status fill): header-id, the call's method and body as
// CALLS declares them, the request timeout on the worker's clock, and the answer judged as the tabs' client judges it
// (src/api/answer.ts), so a status or a resultCode means the same wherever it comes from.
import { isMissingAnswer, judgeAnswer, type Answer, type HttpAnswer } from '../domain/wire/answer';
import { REQUEST_TIMEOUT_MS } from '../domain/constants';
import { CALLS, resolveCall, type CallName, type CallRequest } from '../domain/wire/calls';
import { HEADER_ID } from '../domain/wire/entities';
import type { LiveClock } from './live-clock';

interface FetchInit {
  readonly method: string;
  readonly headers: Record<string, string>;
  /** JSON or form text for POST and PUT; GET carries its request in the URL. */
  readonly body?: string;
  readonly signal: AbortSignal;
}

/** The part of `fetch` the background calls use; the worker passes the real one, tests a fake answering envelopes. */
export type FetchLike = (url: string, init: FetchInit) => Promise<HttpAnswer>;

/**
 * What a background call learned: the data, that the session is over (504), that the backend has no such call (HTTP
 * 404 or resultCode 404: a legacy backend without our additions), or nothing this time.
 */
export type CallOutcome =
  | { readonly kind: 'data'; readonly data: unknown }
  | { readonly kind: 'sessionGone'; readonly code: number }
  | { readonly kind: 'missing' }
  | { readonly kind: 'failed' };

export interface SessionCaller {
  readonly clock: LiveClock;
  readonly fetch: FetchLike;
  /** The shared client's base path as an absolute URL. */
  readonly apiBase: string;
  /** The host root of the full-URL calls (getTruckBarData) as an absolute URL without a trailing slash. */
  readonly hostBase: string;
  /** Sent as `header-id`. */
  readonly token: string;
}

/** The host root as an absolute URL: the configured one, else the page's origin (a worker's `location` has it). */
export function hostBaseOf(hostRoot: string, origin: string): string {
  const root = hostRoot.trim() === '' ? origin : hostRoot.trim();
  return root.replace(/\/+$/, '');
}

/** Query or form text of a request, as the tabs' client encodes it: lists comma-joined, objects as JSON, nulls left out. */
function encodeParams(params: Readonly<Record<string, unknown>>): string {
  const out = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') out.append(key, String(value));
    else if (Array.isArray(value)) out.append(key, value.map((item: unknown) => String(item)).join(','));
    else out.append(key, JSON.stringify(value));
  }
  return out.toString();
}

/**
 * What a background call makes of a judged answer. It has nobody to alert: a 504 ends the session in every tab, a
 * missing call lets the caller fall back, every other failure waits for the next turn.
 */
function outcomeOf(answer: Answer<unknown>): CallOutcome {
  if (answer.kind === 'data') return answer;
  if (isMissingAnswer(answer)) return { kind: 'missing' };
  if (answer.kind === 'refused' && answer.reaction === 'logoutAndReload') return { kind: 'sessionGone', code: answer.resultCode };
  return { kind: 'failed' };
}

/** URL and init of one call under the caller's roots. */
function requestOf<K extends CallName>(caller: SessionCaller, call: K, request: CallRequest<K>, signal: AbortSignal): { url: string; init: FetchInit } {
  const resolved = resolveCall(call, request, caller.apiBase);
  const root = CALLS[call].root === 'host' ? caller.hostBase : '';
  const headers: Record<string, string> = { [HEADER_ID]: caller.token };
  if (resolved.encoding === 'query') {
    const query = encodeParams(resolved.params);
    return { url: `${root}${resolved.url}${query ? `?${query}` : ''}`, init: { method: resolved.method, headers, signal } };
  }
  const json = resolved.encoding === 'json';
  headers['content-type'] = json ? 'application/json' : 'application/x-www-form-urlencoded;charset=UTF-8';
  const body = json ? JSON.stringify(resolved.params) : encodeParams(resolved.params);
  return { url: `${root}${resolved.url}`, init: { method: resolved.method, headers, body, signal } };
}

/** The session's calls in flight, so whoever runs them can drop them all when the session ends. */
export class SessionRequests {
  private readonly requests = new Set<AbortController>();

  constructor(private readonly caller: SessionCaller) {}

  /** Aborts every request in flight; their outcomes come back as failed. */
  abortAll(): void {
    for (const request of this.requests) request.abort();
    this.requests.clear();
  }

  /** One call with the session's header-id, judged by its envelope's resultCode. */
  async send<K extends CallName>(call: K, request: CallRequest<K>): Promise<CallOutcome> {
    const { clock, fetch } = this.caller;
    const controller = new AbortController();
    this.requests.add(controller);
    const timeout = clock.setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
    // Given up at the timeout even if the fetch ignores its signal, so a hung request cannot stall its caller for good.
    const givenUp = new Promise<never>((_, reject) => {
      controller.signal.addEventListener('abort', () => reject(new Error('request given up')), { once: true });
    });
    givenUp.catch(() => undefined);
    try {
      const { url, init } = requestOf(this.caller, call, request, controller.signal);
      const answer = await Promise.race([fetch(url, init), givenUp]);
      return outcomeOf(await judgeAnswer({ status: answer.status, ok: answer.ok, json: () => Promise.race([answer.json(), givenUp]) }));
    } catch {
      // Network down, aborted, not JSON: the next turn tries again.
      return { kind: 'failed' };
    } finally {
      clock.clearTimeout(timeout);
      this.requests.delete(controller);
    }
  }
}
