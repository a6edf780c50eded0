// One call of the session's background work (polls, keep-alive, status fill): header-id, the call's method and body as
// CALLS declares them, the request timeout on the worker's clock, and the answer judged by its envelope, so a 504 means
// the same wherever it comes from.
import { REQUEST_TIMEOUT_MS } from '../src/domain/constants';
import { CALLS, resolveCall, type CallName, type CallRequest } from '../src/domain/wire/calls';
import { HEADER_ID } from '../src/domain/wire/entities';
import { isEnvelope, NOT_FOUND, RESULT_CODE } from '../src/domain/wire/envelope';
import type { LiveClock } from './live-clock';

/** The part of an HTTP answer a background call reads. */
export interface FetchAnswer {
  readonly ok: boolean;
  /** The HTTP status; a missing call (404) is told apart from other failures. */
  readonly status: number;
  json(): Promise<unknown>;
}

export interface FetchInit {
  readonly method: string;
  readonly headers: Record<string, string>;
  /** JSON or form text for POST and PUT; GET carries its request in the URL. */
  readonly body?: string;
  readonly signal: AbortSignal;
}

/** The part of `fetch` the background calls use; the worker passes the real one, tests a fake answering envelopes. */
export type FetchLike = (url: string, init: FetchInit) => Promise<FetchAnswer>;

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
      if (answer.status === NOT_FOUND) return { kind: 'missing' };
      if (!answer.ok) return { kind: 'failed' };
      const body = await Promise.race([answer.json(), givenUp]);
      if (!isEnvelope(body)) return { kind: 'failed' };
      if (body.resultCode === RESULT_CODE.SESSION_EXPIRED) return { kind: 'sessionGone', code: body.resultCode };
      if (body.resultCode === NOT_FOUND) return { kind: 'missing' };
      return body.resultCode === RESULT_CODE.OK ? { kind: 'data', data: body.data } : { kind: 'failed' };
    } catch {
      // Network down, aborted, not JSON: the next turn tries again.
      return { kind: 'failed' };
    } finally {
      clock.clearTimeout(timeout);
      this.requests.delete(controller);
    }
  }
}
