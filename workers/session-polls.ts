// The session's polls as the worker core runs them: one Poller per session and set of polls, its findings published as
// notices for every tab, a 504 handed to the core as the end of the session.
import type { PollName } from '../src/domain/shell/polls';
import type { EventHub } from './event-hub';
import type { NoticeKind } from './live-api';
import type { LiveClock } from './live-clock';
import { Poller, type FetchLike } from './poller';

export interface SessionPollsDeps {
  readonly hub: EventHub;
  readonly clock: LiveClock;
  /** Without HTTP (or a base to resolve calls against) nothing is polled: tests and tools that need no polls. */
  readonly fetch?: FetchLike | undefined;
  readonly apiBase?: string | undefined;
  /** A poll got resultCode 504; the polls have already stopped. */
  readonly onSessionGone: (poll: PollName, code: number) => void;
}

const NOTICE_EVENT = { fences: 'notice.fences', heartbeat: 'notice.heartbeat' } as const satisfies Record<NoticeKind, string>;

export class SessionPolls {
  private poller: Poller | undefined;
  /** Token and polls the poller runs for: another connect of the same session (another tab) leaves it running. */
  private runningFor: string | undefined;

  constructor(private readonly deps: SessionPollsDeps) {}

  /** Starts the session's polls unless they already run for it; a new session's notices start empty. */
  start(session: { readonly token: string; readonly polls: readonly PollName[] }): void {
    const { hub, clock, fetch, apiBase } = this.deps;
    const key = `${session.token}\n${session.polls.join(',')}`;
    if (this.runningFor === key) return;
    this.stop();
    this.runningFor = key;
    if (!fetch || apiBase === undefined || session.polls.length === 0) return;
    this.poller = new Poller({
      clock, fetch, apiBase, token: session.token, polls: session.polls,
      onFences: (notice) => hub.publish('notice.fences', notice),
      onHeartbeat: (notice) => hub.publish('notice.heartbeat', notice),
      onSessionGone: (poll, code) => {
        this.stop();
        this.deps.onSessionGone(poll, code);
      },
    });
  }

  /** Ends the polls and clears their notices in every tab. */
  stop(): void {
    this.poller?.stop();
    this.poller = undefined;
    this.runningFor = undefined;
    if (this.deps.hub.latestOf('notice.fences')) this.dismiss('fences');
    if (this.deps.hub.latestOf('notice.heartbeat')) this.dismiss('heartbeat');
  }

  /** One notice per browser: clearing it clears it in every tab; the next poll with pending rows raises it again. */
  dismiss(kind: NoticeKind): void {
    this.deps.hub.publish(NOTICE_EVENT[kind], null);
  }
}
