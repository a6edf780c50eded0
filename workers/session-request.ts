// One GET of the session's background calls (the polls and the keep-alive): header-id, the request timeout on the
// worker's clock, and the answer judged by its envelope, so a 504 means the same wherever it comes from.
import { REQUEST_TIMEOUT_MS } from '../src/domain/constants';
import { resolveCall, type CallName } from '../src/domain/wire/calls';
import { HEADER_ID } from '../src/domain/wire/entities';
import { isEnvelope, RESULT_CODE } from '../src/domain/wire/envelope';
import type { LiveClock } from './live-clock';

/** The part of an HTTP answer a background call reads. */
export interface FetchAnswer {
  readonly ok: boolean;
  json(): Promise<unknown>;
}

/** The part of `fetch` the background calls use; the worker passes the real one, tests a fake answering envelopes. */
export type FetchLike = (
  url: string,
  init: { readonly method: string; readonly headers: Record<string, string>; readonly signal: AbortSignal },
) => Promise<FetchAnswer>;

/** What a background call learned: the data, that the session is over (504), or nothing this time. */
export type CallOutcome =
  | { readonly kind: 'data'; readonly data: unknown }
  | { readonly kind: 'sessionGone'; readonly code: number }
  | { readonly kind: 'failed' };

export interface SessionCaller {
  readonly clock: LiveClock;
  readonly fetch: FetchLike;
  /** The shared client's base path as an absolute URL. */
  readonly apiBase: string;
  /** Sent as `header-id`. */
  readonly token: string;
}

/** The session's GETs in flight, so whoever runs them can drop them all when the session ends. */
export class SessionRequests {
  private readonly requests = new Set<AbortController>();

  constructor(private readonly caller: SessionCaller) {}

  /** Aborts every request in flight; their outcomes come back as failed. */
  abortAll(): void {
    for (const request of this.requests) request.abort();
    this.requests.clear();
  }

  /** One GET under the API base with the session's header-id, judged by its envelope's resultCode. */
  async get(call: CallName): Promise<CallOutcome> {
    const { clock, fetch, apiBase, token } = this.caller;
    const controller = new AbortController();
    this.requests.add(controller);
    const timeout = clock.setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
    // Given up at the timeout even if the fetch ignores its signal, so a hung request cannot stall its caller for good.
    const givenUp = new Promise<never>((_, reject) => {
      controller.signal.addEventListener('abort', () => reject(new Error('request given up')), { once: true });
    });
    givenUp.catch(() => undefined);
    try {
      const { url } = resolveCall(call, {}, apiBase);
      const answer = await Promise.race([fetch(url, { method: 'GET', headers: { [HEADER_ID]: token }, signal: controller.signal }), givenUp]);
      if (!answer.ok) return { kind: 'failed' };
      const body = await Promise.race([answer.json(), givenUp]);
      if (!isEnvelope(body)) return { kind: 'failed' };
      if (body.resultCode === RESULT_CODE.SESSION_EXPIRED) return { kind: 'sessionGone', code: body.resultCode };
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
