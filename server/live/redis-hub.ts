// The live bus across server instances (REDIS_URL): the hub's messages as JSON on one Redis pub/sub channel. Each
// instance delivers its own publishes locally at once, so it keeps serving its sockets while Redis is away, and
// ignores its own messages coming back; after an outage it catches up from the database.
import { randomBytes } from 'node:crypto';
import { Redis, type RedisOptions } from 'ioredis';
import type { BusBacklog } from './bus-backlog';
import { decodeBusMessage, encodeBusMessage, type BusMessage } from './bus-message';
import { LocalHub, type AccountChange, type BusState, type BusStatus, type EndedSessions, type LiveHub, type Notice, type PublishedAlarm, type PublishedRow, type RawFrame } from './hub';
import { SeqWindow } from './seq-window';
import { SimRequests, type SimAlarmRequest, type SimAnswer, type SimServe } from './sim-requests';

const BUS_CHANNEL = 'fleet-console:live';

/**
 * How far below the highest seq seen when the bus went down the catch-up starts reading. With PostgreSQL a seq is
 * taken at insert and becomes visible at commit, so alarm N may commit (and be published, and be lost) after N+1
 * was seen here; alarms in flight at any moment are few, a thousand is plenty. What was already delivered is
 * skipped by seq, here and on each socket.
 */
const CATCH_UP_OVERLAP = 1000;
const CATCH_UP_PAGE = 1000;
/** Seqs remembered by the hub: more than the overlap plus what one instance raises during a long outage. */
const HUB_SEQ_WINDOW = 20_000;
const RETRY_MAX_MS = 3000;

/** Where the bus says what happened to it: once per outage, never per message. */
export interface BusLog {
  info(message: string): void;
  warn(message: string): void;
  error(message: string, error: unknown): void;
}

const consoleBusLog: BusLog = {
  info: (message) => console.log(message),
  warn: (message) => console.warn(message),
  error: (message, error) => console.error(message, error),
};

interface RedisHubOptions {
  readonly url: string;
  readonly instanceId: string;
  readonly backlog: BusBacklog;
  readonly log?: BusLog;
  readonly channel?: string;
}

/** Reads where the bus starts from, then connects in the background: the server starts even while Redis is away. */
export async function startRedisHub(options: RedisHubOptions): Promise<RedisHub> {
  return new RedisHub(options, await options.backlog.lastAlarmSeq());
}

/** Redis's address for the log, without credentials. */
function redisAddress(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}:${parsed.port || '6379'}`;
  } catch {
    return 'Redis';
  }
}

/** Doubling from 100 ms to 3 s, with jitter so instances do not reconnect in lock-step. */
const backoff = (times: number) => Math.min(100 * 2 ** Math.min(times - 1, 10), RETRY_MAX_MS) + Math.floor(Math.random() * 100);

class RedisHub implements LiveHub {
  private readonly local: LocalHub;
  private readonly publisher: Redis;
  private readonly subscriber: Redis;
  private readonly channel: string;
  private readonly log: BusLog;
  private readonly address: string;
  /** Who sent a message: the instance's name plus a per-process part, so two instances given one name still hear each other. */
  private readonly sender: string;
  private publisherReady = false;
  private subscribed = false;
  private state: BusState = 'connecting';
  private since = Date.now();
  private lastError = '';
  /** Alarms delivered to this instance's sockets, so a catch-up or a late message never delivers one twice. */
  private readonly seen: SeqWindow;
  /** Alarms after this seq may have been missed: set at start and when the bus goes down, taken by the next recovery. */
  private behind: number | undefined;
  private recoverFrom: number | undefined;
  /** A publish was skipped or lost since the bus was last up: the others are told to catch up when it is back. */
  private dropped = false;
  private recovering = false;
  private recovery: Promise<void> = Promise.resolve();
  private readonly simRequests: SimRequests;

  constructor(
    private readonly options: RedisHubOptions,
    startSeq: number,
  ) {
    this.local = new LocalHub(options.instanceId);
    this.channel = options.channel ?? BUS_CHANNEL;
    this.log = options.log ?? consoleBusLog;
    this.address = redisAddress(options.url);
    this.sender = `${options.instanceId}/${randomBytes(4).toString('hex')}`;
    this.simRequests = new SimRequests(this.sender, (message) => {
      if (this.state !== 'up') return false;
      this.send(message);
      return true;
    });
    // Alarms stored before this instance started are not news to its sockets.
    this.seen = new SeqWindow(startSeq, HUB_SEQ_WINDOW);
    this.behind = startSeq;
    const common: RedisOptions = {
      // A command fails at once while disconnected instead of waiting in a queue: no request ever waits for Redis.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      commandTimeout: 2000,
      retryStrategy: backoff,
      // Redis refuses client names with spaces; the name only helps an operator reading CLIENT LIST.
      connectionName: `fleet-console:${options.instanceId.replace(/[^\w.:-]/g, '_')}`,
    };
    this.publisher = new Redis(options.url, common);
    // The subscriber subscribes on every ready itself, so the bus counts as up only once the subscription is back.
    this.subscriber = new Redis(options.url, { ...common, autoResubscribe: false, commandTimeout: undefined });
    this.publisher.on('ready', () => {
      this.publisherReady = true;
      this.connectionReady();
    });
    this.subscriber.on('ready', () => {
      this.subscriber.subscribe(this.channel).then(
        () => {
          this.subscribed = true;
          this.connectionReady();
        },
        // Refused (an ACL) or cut off: reconnecting retries with backoff, and a first failure counts as an outage.
        (error: unknown) => {
          this.noteError(error);
          if (this.subscriber.status === 'ready') this.subscriber.disconnect(true);
        },
      );
    });
    this.publisher.on('close', () => {
      this.publisherReady = false;
      this.connectionLost();
    });
    this.subscriber.on('close', () => {
      this.subscribed = false;
      this.connectionLost();
    });
    // Errors are expected while Redis is away; the outage is logged once, with the latest error.
    this.publisher.on('error', (error) => this.noteError(error));
    this.subscriber.on('error', (error) => this.noteError(error));
    this.subscriber.on('message', (channel, text) => {
      if (channel === this.channel) this.receive(text);
    });
  }

  // The bus first, then this instance's sockets: the other instances start their fan-out while this one does its own,
  // instead of after it (hundreds of socket writes).
  publishRows(rows: readonly PublishedRow[]): void {
    if (rows.length === 0) return;
    this.send({ kind: 'rows', rows });
    this.local.publishRows(rows);
  }

  publishAlarm(alarm: PublishedAlarm): void {
    this.send({ kind: 'alarm', alarm });
    this.deliverAlarm(alarm);
  }

  publishRaw(frame: RawFrame): void {
    this.send({ kind: 'raw', frame });
    this.local.publishRaw(frame);
  }

  async publishAccounts(change: AccountChange): Promise<void> {
    this.send({ kind: 'accounts', change });
    await this.local.publishAccounts(change);
  }

  publishSessionsEnded(ended: EndedSessions): void {
    this.local.publishSessionsEnded(ended);
    this.send({ kind: 'sessions', ended });
  }

  publishNotice(notice: Notice): void {
    this.send({ kind: 'notice', notice });
    this.local.publishNotice(notice);
  }

  onRows(listener: (rows: readonly PublishedRow[]) => void): () => void {
    return this.local.onRows(listener);
  }

  onAlarm(listener: (alarm: PublishedAlarm) => void): () => void {
    return this.local.onAlarm(listener);
  }

  onRaw(listener: (frame: RawFrame) => void): () => void {
    return this.local.onRaw(listener);
  }

  onAccounts(listener: (change: AccountChange) => Promise<void>): () => void {
    return this.local.onAccounts(listener);
  }

  onSessionsEnded(listener: (ended: EndedSessions) => void): () => void {
    return this.local.onSessionsEnded(listener);
  }

  onNotice(listener: (notice: Notice) => void): () => void {
    return this.local.onNotice(listener);
  }

  onResync(listener: () => void): () => void {
    return this.local.onResync(listener);
  }

  askSimulator(request: SimAlarmRequest, timeoutMs: number): Promise<SimAnswer | undefined> {
    return this.simRequests.ask(request, timeoutMs);
  }

  serveSimulator(serve: SimServe): () => void {
    return this.simRequests.serveWith(serve);
  }

  status(): BusStatus {
    return { kind: 'redis', state: this.state, since: this.since, instanceId: this.options.instanceId };
  }

  async close(): Promise<void> {
    this.setState('closed');
    this.simRequests.close();
    this.publisher.disconnect();
    this.subscriber.disconnect();
    // A catch-up still reading must not outlive the database it reads.
    await this.recovery;
  }

  private deliverAlarm(alarm: PublishedAlarm): void {
    if (this.seen.add(alarm.alarm.seq)) this.local.publishAlarm(alarm);
  }

  /** Fire and forget: while the publisher is away the others catch up from the database when the bus returns. */
  private send(message: BusMessage): void {
    if (!this.publisherReady) {
      this.dropped = true;
      return;
    }
    this.publisher.publish(this.channel, encodeBusMessage(this.sender, message)).catch((error: unknown) => {
      this.noteError(error);
      this.dropped = true;
      // A publish lost on a connection still counted as ready (a timeout): reconnecting makes it an outage, whose
      // recovery tells the others to catch up.
      if (this.publisher.status === 'ready') this.publisher.disconnect(true);
    });
  }

  private receive(text: string): void {
    const envelope = decodeBusMessage(text);
    if (!envelope || envelope.from === this.sender) return;
    const { message } = envelope;
    switch (message.kind) {
      case 'rows':
        return this.local.publishRows(message.rows);
      case 'alarm':
        return this.deliverAlarm(message.alarm);
      case 'raw':
        return this.local.publishRaw(message.frame);
      case 'accounts':
        this.local.publishAccounts(message.change).catch((error: unknown) => this.log.error('live bus: applying an account change failed', error));
        return;
      case 'sessions':
        return this.local.publishSessionsEnded(message.ended);
      case 'notice':
        return this.local.publishNotice(message.notice);
      case 'resync':
        return this.requestRecovery(message.afterSeq);
      case 'simRequest':
        return this.simRequests.requested(envelope.from, message.id, message.request);
      case 'simAnswer':
        return this.simRequests.answered(message.to, message.id, message.answer);
    }
  }

  private noteError(error: unknown): void {
    this.lastError = error instanceof Error ? error.message : String(error);
  }

  private connectionReady(): void {
    if (this.publisherReady && this.subscribed && (this.state === 'connecting' || this.state === 'down')) this.becomeUp();
  }

  /** Either connection closed: the first connection failed, or an established one was lost. */
  private connectionLost(): void {
    if (this.state !== 'connecting' && this.state !== 'up') return;
    this.behind = Math.min(this.behind ?? Infinity, this.seen.highest);
    this.setState('down');
    this.log.warn(
      `Live bus down: Redis at ${this.address} unreachable (${this.lastError || 'connection closed'}); ` +
        `instance ${this.options.instanceId} serves its own sockets and reconnects`,
    );
  }

  private becomeUp(): void {
    const wasDown = this.state === 'down' ? Date.now() - this.since : undefined;
    this.setState('up');
    if (wasDown !== undefined) this.log.info(`Live bus up again after ${(wasDown / 1000).toFixed(1)} s: catching up from the database`);
    const behind = this.behind;
    this.behind = undefined;
    if (behind === undefined) return;
    const afterSeq = Math.max(0, behind - CATCH_UP_OVERLAP);
    // Subscribed before reading: an alarm published from now on arrives live, an earlier one is in the database.
    this.requestRecovery(afterSeq);
    // What this instance could not publish meanwhile, the others missed even if their own link stayed up.
    if (this.dropped) {
      this.dropped = false;
      this.send({ kind: 'resync', afterSeq });
    }
  }

  private get closed(): boolean {
    return this.state === 'closed';
  }

  private setState(state: BusState): void {
    if (this.state === state) return;
    this.state = state;
    this.since = Date.now();
  }

  /** Recoveries asked for while one runs are merged into one more run from the lowest seq asked. */
  private requestRecovery(afterSeq: number): void {
    this.recoverFrom = Math.min(this.recoverFrom ?? afterSeq, afterSeq);
    if (!this.recovering) this.recovery = this.recoverAll();
  }

  private async recoverAll(): Promise<void> {
    this.recovering = true;
    try {
      while (this.recoverFrom !== undefined && !this.closed) {
        const from = this.recoverFrom;
        this.recoverFrom = undefined;
        try {
          await this.recover(from);
        } catch (error) {
          // Sockets still get what they missed on their next lastSeq resume; status rows at each truck's next change.
          this.log.error('Live bus: catching up from the database failed', error);
        }
      }
    } finally {
      this.recovering = false;
    }
  }

  /** Missed alarms (each delivered once), every truck's status, then the resync listeners (sessions, accounts). */
  private async recover(afterSeq: number): Promise<void> {
    for (let from = afterSeq; ; ) {
      const page = await this.options.backlog.alarmsAfter(from, CATCH_UP_PAGE);
      if (this.closed) return;
      for (const alarm of page) this.deliverAlarm(alarm);
      const last = page.at(-1);
      if (!last || page.length < CATCH_UP_PAGE) break;
      from = last.alarm.seq;
    }
    const rows = await this.options.backlog.statusRows();
    if (this.closed) return;
    this.local.publishRows(rows);
    this.local.resync();
  }
}
