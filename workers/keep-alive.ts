// The session keep-alive: socket traffic is no activity to the server, so while someone is at the console (a
// tab visible, or input lately) the worker makes one cheap authenticated call every period, once per browser. With
// nobody there it calls nothing, and the server's idle limit ends the session.
import { inputWindowMs } from '../domain/shell/keep-alive';
import { SessionRequests, type SessionCaller } from './session-request';

interface KeepAliveOptions extends SessionCaller {
  /** Shorter than the server's idle limit (`keepAlivePeriodMs`). */
  readonly periodMs: number;
  /** Whether someone is at the console: a tab is visible now, or a tab reported input at or after `since`. */
  readonly inUse: (since: number) => boolean;
  /** The call got resultCode 504: the session is over, and the keep-alive has stopped. */
  readonly onSessionGone: (code: number) => void;
}

/**
 * Every `periodMs`, GET /userPri (a spec call the legacy backend answers too) when someone is at the console. A failed
 * call waits for the next turn, as the polls do: a third of the idle limit leaves room for one or two.
 */
export class KeepAlive {
  private readonly requests: SessionRequests;
  private timer: unknown;
  /** The last turn found nobody and sent nothing: the session may be near its idle limit, or past it. */
  private quiet = false;
  private sending = false;
  private stopped = false;

  constructor(private readonly options: KeepAliveOptions) {
    this.requests = new SessionRequests(options);
    this.schedule();
  }

  /**
   * Someone is back (a tab became visible, or its user typed). After a quiet turn the call goes at once: a session still
   * alive gets its whole idle time again, and one that ended is learned of now rather than a period later.
   */
  wake(): void {
    if (this.stopped || !this.quiet) return;
    this.quiet = false;
    this.schedule();
    this.send();
  }

  /** Ends the turns; a call on its way is aborted and its answer dropped. */
  stop(): void {
    this.stopped = true;
    this.options.clock.clearTimeout(this.timer);
    this.requests.abortAll();
  }

  private schedule(): void {
    const { clock, periodMs } = this.options;
    clock.clearTimeout(this.timer);
    this.timer = clock.setTimeout(() => this.tick(), periodMs);
  }

  private tick(): void {
    if (this.stopped) return;
    this.schedule();
    const { clock, periodMs, inUse } = this.options;
    this.quiet = !inUse(clock.now() - inputWindowMs(periodMs));
    if (!this.quiet) this.send();
  }

  /** One call at a time: one still waiting for its answer (given up at the request timeout) is not doubled. */
  private send(): void {
    if (this.sending) return;
    this.sending = true;
    void this.requests.send('userPri', {}).then((outcome) => {
      this.sending = false;
      if (this.stopped || outcome.kind !== 'sessionGone') return;
      this.stop();
      this.options.onSessionGone(outcome.code);
    });
  }
}
