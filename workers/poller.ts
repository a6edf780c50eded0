// The worker's background checks (shell spec §6): pending fences and heartbeat overtime, once per browser, on its clock.
import { REQUEST_TIMEOUT_MS } from '../src/domain/constants';
import { POLL_INTERVAL_MS, type PollName } from '../src/domain/shell/polls';
import { resolveCall, type CallName } from '../src/domain/wire/calls';
import { HEADER_ID } from '../src/domain/wire/entities';
import { isEnvelope, RESULT_CODE } from '../src/domain/wire/envelope';
import { isFiniteNumber, isRecord, isWireTime } from '../src/domain/wire/guards';
import type { HeartbeatOvertimeRow } from '../src/domain/wire/records';
import type { FenceNotice, HeartbeatNotice } from './live-api';
import type { LiveClock } from './live-clock';

/** The part of an HTTP answer a poll reads. */
export interface FetchAnswer {
  readonly ok: boolean;
  json(): Promise<unknown>;
}

/** The part of `fetch` a poll uses; the worker passes the real one, tests a fake answering envelopes. */
export type FetchLike = (
  url: string,
  init: { readonly method: string; readonly headers: Record<string, string>; readonly signal: AbortSignal },
) => Promise<FetchAnswer>;

/** The first check follows a connect this soon: a user who just logged in hears at once, after the sockets opened. */
export const FIRST_POLL_DELAY_MS = 2_000;

const CALL_OF: Readonly<Record<PollName, CallName>> = { fences: 'fenceApprovalTimer', heartbeat: 'heartbeatOvertime' };

export interface PollerOptions {
  readonly clock: LiveClock;
  readonly fetch: FetchLike;
  /** The shared client's base path as an absolute URL. */
  readonly apiBase: string;
  /** Sent as `header-id`. */
  readonly token: string;
  readonly polls: readonly PollName[];
  /** A poll's fresh finding: a notice, or null when nothing is pending. */
  readonly onFences: (notice: FenceNotice | null) => void;
  readonly onHeartbeat: (notice: HeartbeatNotice | null) => void;
  /** A poll got resultCode 504: the session is gone, and every poll has stopped. */
  readonly onSessionGone: (poll: PollName, code: number) => void;
}

type Outcome = { readonly kind: 'data'; readonly data: unknown } | { readonly kind: 'sessionGone'; readonly code: number } | { readonly kind: 'failed' };

function pendingOf(data: unknown): number | undefined {
  return isRecord(data) && isFiniteNumber(data['pending']) && data['pending'] >= 0 ? data['pending'] : undefined;
}

function isOvertimeRow(value: unknown): value is HeartbeatOvertimeRow {
  if (!isRecord(value)) return false;
  const { companyName, signCode, heartTime, gpsTime } = value;
  return typeof companyName === 'string' && typeof signCode === 'string' && isWireTime(heartTime) && isWireTime(gpsTime);
}

/** The overtime rows of an answer, or undefined when it is not a list of them. */
function overtimeRowsOf(data: unknown): HeartbeatOvertimeRow[] | undefined {
  if (!Array.isArray(data)) return undefined;
  const rows: unknown[] = data;
  return rows.every(isOvertimeRow) ? rows.filter(isOvertimeRow) : undefined;
}

/**
 * Runs each poll FIRST_POLL_DELAY_MS after start, then every POLL_INTERVAL_MS. A poll still waiting for its answer is not
 * started again (each request gives up after REQUEST_TIMEOUT_MS); a failed one simply waits for its next turn.
 */
export class Poller {
  private readonly timers = new Map<PollName, unknown>();
  private readonly running = new Set<PollName>();
  private readonly requests = new Set<AbortController>();
  private stopped = false;

  constructor(private readonly options: PollerOptions) {
    for (const poll of options.polls) this.schedule(poll, FIRST_POLL_DELAY_MS);
  }

  /** Ends every poll; an answer still on its way is dropped. */
  stop(): void {
    this.stopped = true;
    for (const timer of this.timers.values()) this.options.clock.clearTimeout(timer);
    this.timers.clear();
    for (const request of this.requests) request.abort();
    this.requests.clear();
  }

  private schedule(poll: PollName, ms: number): void {
    this.timers.set(poll, this.options.clock.setTimeout(() => this.tick(poll), ms));
  }

  private tick(poll: PollName): void {
    if (this.stopped) return;
    this.schedule(poll, POLL_INTERVAL_MS[poll]);
    if (this.running.has(poll)) return;
    this.running.add(poll);
    void this.check(poll).finally(() => this.running.delete(poll));
  }

  private async check(poll: PollName): Promise<void> {
    const outcome = await this.request(CALL_OF[poll]);
    if (this.stopped) return;
    if (outcome.kind === 'sessionGone') {
      this.stop();
      this.options.onSessionGone(poll, outcome.code);
      return;
    }
    if (outcome.kind === 'failed') return;
    const checkedAt = this.options.clock.now();
    if (poll === 'fences') {
      const pending = pendingOf(outcome.data);
      if (pending !== undefined) this.options.onFences(pending > 0 ? { pending, checkedAt } : null);
    } else {
      const rows = overtimeRowsOf(outcome.data);
      if (rows) this.options.onHeartbeat(rows.length > 0 ? { rows, checkedAt } : null);
    }
  }

  /** One GET under the API base with the session's header-id, judged by its envelope's resultCode. */
  private async request(call: CallName): Promise<Outcome> {
    const { clock, fetch, apiBase, token } = this.options;
    const controller = new AbortController();
    this.requests.add(controller);
    const timeout = clock.setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
    // Given up at the timeout even if the fetch ignores its signal, so a hung request cannot stall the poll for good.
    const givenUp = new Promise<never>((_, reject) => {
      controller.signal.addEventListener('abort', () => reject(new Error('poll request given up')), { once: true });
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
