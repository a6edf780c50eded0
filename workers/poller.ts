// The worker's background checks (shell spec §6): pending fences and heartbeat overtime, once per browser, on its clock.
import { POLL_INTERVAL_MS, type PollName } from '../domain/shell/polls';
import { isFiniteNumber, isRecord, isWireTime } from '../domain/wire/guards';
import { FENCE_APPROVAL_STATUS, PAGE_LIMITS, type HeartbeatOvertimeRow } from '../domain/wire/records';
import type { FenceFinding, HeartbeatFinding } from './live-api';
import { SessionRequests, type CallOutcome, type SessionCaller } from './session-request';

/** The first check follows a connect this soon: a user who just logged in hears at once, after the sockets opened. */
export const FIRST_POLL_DELAY_MS = 2_000;

/**
 * The not-approved list as the spec reads it (GET /fenceApproval, data.rows): one page of the most rows a page may hold,
 * so a backend that answers no `total` is still counted right up to that many.
 */
const PENDING_FENCES = { approvalStatus: FENCE_APPROVAL_STATUS.pending, page: 1, size: PAGE_LIMITS.maxSize } as const;

interface PollerOptions extends SessionCaller {
  readonly polls: readonly PollName[];
  /** A poll's fresh finding: a notice, or null when nothing is pending. */
  readonly onFences: (finding: FenceFinding | null) => void;
  readonly onHeartbeat: (finding: HeartbeatFinding | null) => void;
  /** A poll got resultCode 504: the session is gone, and every poll has stopped. */
  readonly onSessionGone: (poll: PollName, code: number) => void;
}

/** Our shortcut's answer `{ pending }`; anything else (a legacy backend's own timer answer) is no count. */
function pendingOf(data: unknown): number | undefined {
  return isRecord(data) && isFiniteNumber(data['pending']) && data['pending'] >= 0 ? data['pending'] : undefined;
}

/** The not-approved list's count: `data.total` when the backend sends one, else the rows it returned. */
function listedPendingOf(data: unknown): number | undefined {
  if (!isRecord(data) || !Array.isArray(data['rows'])) return undefined;
  const { total } = data;
  return isFiniteNumber(total) && total >= 0 ? total : data['rows'].length;
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

  /** Ends the polls for good when the session is gone; true when it is. */
  private ended(poll: PollName, outcome: CallOutcome): boolean {
    if (this.stopped) return true;
    if (outcome.kind !== 'sessionGone') return false;
    this.stop();
    this.options.onSessionGone(poll, outcome.code);
    return true;
  }

  private async check(poll: PollName): Promise<void> {
    if (poll === 'fences') {
      const pending = await this.pendingFences();
      if (pending !== undefined) this.options.onFences(pending > 0 ? { pending, checkedAt: this.options.clock.now() } : null);
      return;
    }
    const outcome = await this.requests.send('heartbeatOvertime', {});
    if (this.ended(poll, outcome) || outcome.kind !== 'data') return;
    const rows = overtimeRowsOf(outcome.data);
    if (rows) this.options.onHeartbeat(rows.length > 0 ? { rows, checkedAt: this.options.clock.now() } : null);
  }

  /**
   * How many fences wait: our shortcut (GET /fenceApproval/timer) when it answers `{ pending }`, else the not-approved
   * list the spec names, which the legacy backend answers too. Undefined when neither could tell (or the session ended).
   */
  private async pendingFences(): Promise<number | undefined> {
    const timer = await this.requests.send('fenceApprovalTimer', {});
    if (this.ended('fences', timer)) return undefined;
    const shortcut = timer.kind === 'data' ? pendingOf(timer.data) : undefined;
    if (shortcut !== undefined) return shortcut;
    const list = await this.requests.send('fenceApprovalList', PENDING_FENCES);
    if (this.ended('fences', list) || list.kind !== 'data') return undefined;
    return listedPendingOf(list.data);
  }
}
