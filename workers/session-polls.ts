// The session's background calls as the worker core runs them, once per browser: the polls (one Poller per session and
// set of polls, findings published as notices for every tab) and the keep-alive; a 504 from any is the end of the session.
import { keepAlivePeriodMs } from '../domain/shell/keep-alive';
import type { PollName } from '../domain/shell/polls';
import type { EventHub } from './event-hub';
import { KeepAlive } from './keep-alive';
import type { NoticeKind, SessionCall } from './live-api';
import type { LiveClock } from './live-clock';
import { Poller } from './poller';
import type { FetchLike } from './session-request';

interface SessionPollsDeps {
  readonly hub: EventHub;
  readonly clock: LiveClock;
  /** Without HTTP (or a base to resolve calls against) nothing is called: tests and tools that need no polls. */
  readonly fetch?: FetchLike | undefined;
  readonly apiBase?: string | undefined;
  /** The host root of the full-URL calls; required with `apiBase`. */
  readonly hostBase?: string | undefined;
  /** Whether someone is at the console: a tab visible now, or input reported at or after `since` (TabRegistry.inUse). */
  readonly inUse: (since: number) => boolean;
  /** A call got resultCode 504; the polls and the keep-alive have already stopped. */
  readonly onSessionGone: (call: SessionCall, code: number) => void;
}

interface PolledSession {
  readonly token: string;
  readonly polls: readonly PollName[];
  /** The server's idle limit, when it told one; sets the keep-alive's period. */
  readonly sessionIdleMs?: number;
}

const NOTICE_EVENT = { fences: 'notice.fences', heartbeat: 'notice.heartbeat' } as const satisfies Record<NoticeKind, string>;

export class SessionPolls {
  private poller: Poller | undefined;
  private keepAlive: KeepAlive | undefined;
  /** Token and polls the calls run for: another connect of the same session (another tab) leaves them running. */
  private runningFor: string | undefined;

  constructor(private readonly deps: SessionPollsDeps) {}

  /** Starts the session's polls and keep-alive unless they already run for it; a new session's notices start empty. */
  start(session: PolledSession): void {
    const { hub, clock, fetch, apiBase, hostBase } = this.deps;
    const key = `${session.token}\n${session.polls.join(',')}`;
    if (this.runningFor === key) return;
    this.stop();
    this.runningFor = key;
    if (!fetch || apiBase === undefined || hostBase === undefined) return;
    const caller = { clock, fetch, apiBase, hostBase, token: session.token };
    const gone = (call: SessionCall, code: number) => {
      this.stop();
      this.deps.onSessionGone(call, code);
    };
    if (session.polls.length > 0) {
      this.poller = new Poller({
        ...caller, polls: session.polls,
        onFences: (notice) => hub.publish('notice.fences', notice),
        onHeartbeat: (notice) => hub.publish('notice.heartbeat', notice),
        onSessionGone: gone,
      });
    }
    this.keepAlive = new KeepAlive({
      ...caller, periodMs: keepAlivePeriodMs(session.sessionIdleMs), inUse: this.deps.inUse,
      onSessionGone: (code) => gone('keepAlive', code),
    });
  }

  /** Someone is back at the console (a tab became visible, or typed): the keep-alive calls at once after a quiet spell. */
  present(): void {
    this.keepAlive?.wake();
  }

  /** Ends the polls and the keep-alive, and clears the notices in every tab. */
  stop(): void {
    this.poller?.stop();
    this.poller = undefined;
    this.keepAlive?.stop();
    this.keepAlive = undefined;
    this.runningFor = undefined;
    if (this.deps.hub.latestOf('notice.fences')) this.dismiss('fences');
    if (this.deps.hub.latestOf('notice.heartbeat')) this.dismiss('heartbeat');
  }

  /** One notice per browser: clearing it clears it in every tab; the next poll with pending rows raises it again. */
  dismiss(kind: NoticeKind): void {
    this.deps.hub.publish(NOTICE_EVENT[kind], null);
  }
}
