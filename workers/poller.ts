// The worker's background checks (shell spec §6): pending fences and heartbeat overtime, once per browser, on its clock.
import { POLL_INTERVAL_MS, type PollName } from '../src/domain/shell/polls';
import type { CallName } from '../src/domain/wire/calls';
import { isFiniteNumber, isRecord, isWireTime } from '../src/domain/wire/guards';
import type { HeartbeatOvertimeRow } from '../src/domain/wire/records';
import type { FenceNotice, HeartbeatNotice } from './live-api';
import { SessionRequests, type SessionCaller } from './session-request';

/** The first check follows a connect this soon: a user who just logged in hears at once, after the sockets opened. */
export const FIRST_POLL_DELAY_MS = 2_000;

const CALL_OF: Readonly<Record<PollName, CallName>> = { fences: 'fenceApprovalTimer', heartbeat: 'heartbeatOvertime' };

export interface PollerOptions extends SessionCaller {
  readonly polls: readonly PollName[];
  /** A poll's fresh finding: a notice, or null when nothing is pending. */
  readonly onFences: (notice: FenceNotice | null) => void;
  readonly onHeartbeat: (notice: HeartbeatNotice | null) => void;
  /** A poll got resultCode 504: the session is gone, and every poll has stopped. */
  readonly onSessionGone: (poll: PollName, code: number) => void;
}

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
  private readonly requests: SessionRequests;
  private stopped = false;

  constructor(private readonly options: PollerOptions) {
    this.requests = new SessionRequests(options);
    for (const poll of options.polls) this.schedule(poll, FIRST_POLL_DELAY_MS);
  }

  /** Ends every poll; an answer still on its way is dropped. */
  stop(): void {
    this.stopped = true;
    for (const timer of this.timers.values()) this.options.clock.clearTimeout(timer);
    this.timers.clear();
    this.requests.abortAll();
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
    const outcome = await this.requests.get(CALL_OF[poll]);
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
}
