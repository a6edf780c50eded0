// The session's background calls as the worker core runs them, once per browser: the polls (one Poller per session and
// set of polls, findings published as notices for every tab) and the keep-alive; a 504 from any is the end of the session.
import { keepAlivePeriodMs } from '../domain/shell/keep-alive';
import type { PollName } from '../domain/shell/polls';
import type { EventHub } from './event-hub';
import { KeepAlive } from './keep-alive';
import type { FenceFinding, HeartbeatFinding, NoticeKind, SessionCall } from './live-api';
import type { LiveClock } from './live-clock';
import { dismissed, forgotten, isNews, type NoticeDismissals, type NoticeFinding } from './notice-dismissals';
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
  /** Where the user's notice dismissals are kept across reloads (IndexedDB); none kept without it. */
  readonly dismissals?: DismissalStore;
}

interface DismissalStore {
  load(): Promise<NoticeDismissals | undefined>;
  save(dismissals: NoticeDismissals): void;
}

interface PolledSession {
  readonly token: string;
  readonly userName: string;
  readonly polls: readonly PollName[];
  /** The server's idle limit, when it told one; sets the keep-alive's period. */
  readonly sessionIdleMs?: number;
}

const NOTICE_EVENT = { fences: 'notice.fences', heartbeat: 'notice.heartbeat' } as const satisfies Record<NoticeKind, string>;

/** A poll's finding: what judges it against the dismissals, and how it is published, closed or not. */
interface Found {
  readonly judged: NoticeFinding;
  readonly show: (closed: boolean) => void;
}

const fenceFinding = (notice: FenceFinding): NoticeFinding => ({ kind: 'fences', pending: notice.pending });
const heartbeatFinding = (notice: HeartbeatFinding): NoticeFinding => ({ kind: 'heartbeat', plates: notice.rows.map((row) => row.signCode) });

export class SessionPolls {
  private poller: Poller | undefined;
  private keepAlive: KeepAlive | undefined;
  /** Token and polls the calls run for: another connect of the same session (another tab) leaves them running. */
  private runningFor: string | undefined;
  /** The running session's dismissals, once read back; findings wait for them so a reload shows no closed card. */
  private dismissals: Promise<NoticeDismissals> | undefined;
  private current: NoticeDismissals | undefined;

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
      const { userName } = session;
      const stored = this.deps.dismissals?.load().catch(() => undefined) ?? Promise.resolve(undefined);
      const dismissals = stored.then((found) => (found?.userName === userName ? found : { userName }));
      this.dismissals = dismissals;
      void dismissals.then((found) => {
        if (this.dismissals === dismissals) this.current = found;
      });
      this.poller = new Poller({
        ...caller, polls: session.polls,
        onFences: (finding) =>
          void this.raise(dismissals, 'fences', finding && {
            judged: fenceFinding(finding),
            show: (closed) => hub.publish('notice.fences', { ...finding, dismissed: closed }),
          }),
        onHeartbeat: (finding) =>
          void this.raise(dismissals, 'heartbeat', finding && {
            judged: heartbeatFinding(finding),
            show: (closed) => hub.publish('notice.heartbeat', { ...finding, dismissed: closed }),
          }),
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
    this.dismissals = undefined;
    this.current = undefined;
    if (this.deps.hub.latestOf('notice.fences')) this.deps.hub.publish('notice.fences', null);
    if (this.deps.hub.latestOf('notice.heartbeat')) this.deps.hub.publish('notice.heartbeat', null);
  }

  /**
   * One notice per browser: closing its card closes it in every tab and, for this user, across reloads, until a poll
   * finds something it did not show (workers/notice-dismissals.ts).
   */
  dismiss(kind: NoticeKind): void {
    const { hub } = this.deps;
    const current = this.current;
    if (!current) return;
    if (kind === 'fences') {
      const notice = hub.latestOf('notice.fences');
      if (!notice || notice.dismissed) return;
      this.keep(dismissed(current, fenceFinding(notice)));
      hub.publish('notice.fences', { ...notice, dismissed: true });
    } else {
      const notice = hub.latestOf('notice.heartbeat');
      if (!notice || notice.dismissed) return;
      this.keep(dismissed(current, heartbeatFinding(notice)));
      hub.publish('notice.heartbeat', { ...notice, dismissed: true });
    }
  }

  /** Publishes a poll's finding (null: nothing found) once the session's dismissals are known: shown, kept closed, or gone. */
  private async raise(dismissals: Promise<NoticeDismissals>, kind: NoticeKind, found: Found | null): Promise<void> {
    await dismissals;
    // A finding of a session that ended meanwhile says nothing about the next one.
    if (this.dismissals !== dismissals || !this.current) return;
    if (!found) {
      this.keep(forgotten(this.current, kind));
      this.deps.hub.publish(NOTICE_EVENT[kind], null);
      return;
    }
    found.show(!isNews(found.judged, this.current));
  }

  private keep(next: NoticeDismissals): void {
    if (next === this.current) return;
    this.current = next;
    this.deps.dismissals?.save(next);
  }
}
