// The status counts over HTTP (shell spec §7 getTruckBarData): a first fill before the status socket answers, and fills
// every 30 s while that socket is down, once per browser, on the worker's clock. Rows go in as a full snapshot.
import { STATUS_FREQUENCY } from '../domain/constants';
import type { UserPriEntry } from '../domain/wire/entities';
import { SessionRequests, type SessionCaller } from './session-request';

/** The spec's status frequency (30, read as seconds) is also how often a fill runs while the socket is down. */
export const STATUS_FILL_MS = STATUS_FREQUENCY * 1_000;

interface StatusFillOptions extends SessionCaller {
  /** The companies to ask for, as the status socket's open message names them (read at each fill). */
  readonly userPri: () => readonly UserPriEntry[];
  /** Whether someone is at the console: a tab visible now, or input reported at or after `since`. */
  readonly inUse: (since: number) => boolean;
  /** The rows of a fill no socket frame has overtaken, as the JSON text of a full snapshot. */
  readonly onRows: (text: string) => void;
  /** The first failed fill of a streak (a success or a socket frame ends the streak). */
  readonly onFailed: (failedAt: number) => void;
  /** The call got resultCode 504: the session is over, and the fills have stopped. */
  readonly onSessionGone: (code: number) => void;
}

/** What diagnostics show of the fills. */
export interface StatusFillStats {
  readonly calls: number;
  readonly applied: number;
  /** Answers dropped because a socket frame came after the call was sent (the frame is newer). */
  readonly overtaken: number;
  readonly failures: number;
  readonly lastFillAt: number | undefined;
}

export const NO_FILLS: StatusFillStats = { calls: 0, applied: 0, overtaken: 0, failures: 0, lastFillAt: undefined };

/**
 * Fills while the status socket has not answered since it last opened. At most one call per STATUS_FILL_MS and one in
 * flight: a socket that drops and reconnects every few seconds costs no more than the spec's frequency. After the first
 * fill (a tab just connected, so someone is there) fills run only while someone is at the console: each call counts as
 * activity to the server, and an unwatched console must be left to idle out (see keep-alive.ts).
 */
export class StatusFill {
  private readonly requests: SessionRequests;
  private timer: unknown;
  /** The socket has sent a frame since it last opened: its data is live, no fill is needed. */
  private up = false;
  /** Counts socket frames, so an answer knows whether a frame came after its call was sent. */
  private frames = 0;
  private lastCallAt: number | undefined;
  private inFlight = false;
  private failing = false;
  private stopped = false;
  private counts: StatusFillStats = NO_FILLS;

  constructor(private readonly options: StatusFillOptions) {
    this.requests = new SessionRequests(options);
    this.schedule(STATUS_FILL_MS);
    this.send();
  }

  stats(): StatusFillStats {
    return this.counts;
  }

  /** A status frame arrived: the socket is up, and any fill still on its way is older than it. */
  socketFrame(): void {
    this.frames += 1;
    this.up = true;
    this.failing = false;
    this.options.clock.clearTimeout(this.timer);
  }

  /** The status socket closed: fill now unless a fill ran within STATUS_FILL_MS, then every STATUS_FILL_MS. */
  socketDown(): void {
    if (this.stopped || !this.up) return;
    this.up = false;
    this.resume();
  }

  /** Someone is back at the console: counts left stale while nobody watched are filled now. */
  present(): void {
    if (!this.stopped && !this.up) this.resume();
  }

  stop(): void {
    this.stopped = true;
    this.options.clock.clearTimeout(this.timer);
    this.requests.abortAll();
  }

  private resume(): void {
    const { clock } = this.options;
    const wait = this.lastCallAt === undefined ? 0 : this.lastCallAt + STATUS_FILL_MS - clock.now();
    if (wait > 0) {
      this.schedule(wait);
      return;
    }
    this.schedule(STATUS_FILL_MS);
    if (this.options.inUse(clock.now() - STATUS_FILL_MS)) this.send();
  }

  private schedule(ms: number): void {
    const { clock } = this.options;
    clock.clearTimeout(this.timer);
    this.timer = clock.setTimeout(() => this.tick(), ms);
  }

  private tick(): void {
    if (this.stopped || this.up) return;
    this.schedule(STATUS_FILL_MS);
    if (this.options.inUse(this.options.clock.now() - STATUS_FILL_MS)) this.send();
  }

  private send(): void {
    if (this.inFlight) return;
    this.inFlight = true;
    const { clock } = this.options;
    this.lastCallAt = clock.now();
    const framesBefore = this.frames;
    this.counts = { ...this.counts, calls: this.counts.calls + 1 };
    void this.requests.send('getTruckBarData', { userPri: this.options.userPri() }).then((outcome) => {
      this.inFlight = false;
      if (this.stopped) return;
      if (outcome.kind === 'sessionGone') {
        this.stop();
        this.options.onSessionGone(outcome.code);
        return;
      }
      // A socket frame sent after this call left holds newer data: the frame wins, and a failure no longer matters.
      if (this.frames !== framesBefore) {
        if (outcome.kind === 'data') this.counts = { ...this.counts, overtaken: this.counts.overtaken + 1 };
        return;
      }
      if (outcome.kind === 'data' && Array.isArray(outcome.data)) {
        this.failing = false;
        this.counts = { ...this.counts, applied: this.counts.applied + 1, lastFillAt: clock.now() };
        this.options.onRows(JSON.stringify(outcome.data));
        return;
      }
      this.counts = { ...this.counts, failures: this.counts.failures + 1 };
      if (this.failing) return;
      this.failing = true;
      this.options.onFailed(clock.now());
    });
  }
}
