// The live hub: what the server publishes to live sockets (rows, alarms, raw frames, account changes, ended sessions,
// notices of changed data) as one interface with two transports: LocalHub here (one instance) and RedisHub (redis-hub.ts, across
// instances).
import type { EntityPath } from '../../domain/screens/entities/definition';
import type { AlarmStanding } from '../../domain/wire/alarm-inbox';
import type { DataTopic } from '../../domain/wire/data-notice';
import type { LiveAlarm } from '../../domain/wire/live-alarm';
import type { TruckStatusRow } from '../../domain/wire/truck-row';
import type { SimAlarmRequest, SimAnswer, SimServe } from './sim-requests';

/** A status row with the company it belongs to, so each socket can filter by its user's companies. */
export interface PublishedRow {
  readonly companyCode: string;
  readonly row: TruckStatusRow & { readonly truckId: number };
}

export interface PublishedAlarm {
  readonly companyCode: string;
  readonly alarm: LiveAlarm & { readonly seq: number };
}

/**
 * "These accounts changed": users edited (disabled, role or companies changed), roles edited (disabled, superMan),
 * companies added or removed. Plain ids, so the message crosses server instances unchanged.
 */
export interface AccountChange {
  readonly userIds?: readonly number[];
  /** A role's change reaches every user of it. */
  readonly roleIds?: readonly number[];
  /** A company's change reaches the users granted it and every superMan (who sees all companies). */
  readonly companyCodes?: readonly string[];
}

/**
 * Sessions that ended (already deleted from the database), whose sockets close with 4401 on every instance:
 * `tokenHashes` at a logout; `userId` at a password change, every session of that user but `exceptTokenHash`.
 */
export interface EndedSessions {
  readonly tokenHashes?: readonly string[];
  readonly userId?: number;
  readonly exceptTokenHash?: string;
}

/** Whether a socket's session is among the ended ones. */
export function isEnded(ended: EndedSessions, session: { readonly tokenHash: string; readonly userId: number }): boolean {
  if (ended.tokenHashes?.includes(session.tokenHash)) return true;
  return ended.userId === session.userId && session.tokenHash !== ended.exceptTokenHash;
}

/**
 * Stored data of a topic changed: the alarm sockets that see one of `companyCodes`, as an alarm of that company would
 * reach them, tell their consoles to fetch that topic's screens again.
 */
interface DataChange {
  readonly topic: DataTopic;
  readonly companyCodes: readonly string[];
}

/**
 * A master-data row was saved: the alarm sockets of users who see `companyCode` (every superMan) tell their consoles,
 * which fetch that entity's lists again. Null: a row of no company, heard by everyone who may open its screen.
 */
export interface EntityChange {
  readonly path: EntityPath;
  readonly key: string;
  readonly companyCode: string | null;
}

/** Alarms of one company changed where they stand (the inbox): heard as an alarm of that company would be. */
interface AlarmStateChange {
  readonly companyCode: string;
  readonly changes: readonly AlarmStanding[];
}

/** What each kind of notice names, by the notice's name on the alarm socket. */
interface NoticeFields {
  readonly dataChanged: DataChange;
  readonly entityChanged: EntityChange;
  readonly alarmState: AlarmStateChange;
}

export type NoticeKind = keyof NoticeFields;

/**
 * A committed change the alarm sockets tell their consoles of, so that their screens fetch again; its kind is data,
 * and who hears each kind is live/notices.ts's. `Notice<K>` is a notice of kind K.
 */
export type Notice<K extends NoticeKind = NoticeKind> = { readonly [P in K]: { readonly kind: P } & NoticeFields[P] }[K];

/** A recorded frame replayed as it was received (npm run replay): no company is known, every listener gets it. */
export interface RawFrame {
  readonly socket: 'truck' | 'alarm';
  readonly data: unknown;
}

/** connecting: not yet reached once; down: lost, reconnecting (this instance serves its own sockets meanwhile). */
export type BusState = 'connecting' | 'up' | 'down' | 'closed';

/** What diagnostics show of the bus. */
export interface BusStatus {
  readonly kind: 'local' | 'redis';
  readonly state: BusState;
  /** When the state began, ms since the epoch. */
  readonly since: number;
  /** This server instance's name (INSTANCE_ID, or host and process). */
  readonly instanceId: string;
}

type Listener<T> = (value: T) => void;

export interface LiveHub {
  /** Rows that changed since the last publish; an empty batch is not sent. */
  publishRows(rows: readonly PublishedRow[]): void;
  publishAlarm(alarm: PublishedAlarm): void;
  publishRaw(frame: RawFrame): void;
  /**
   * Resolves once this instance's listeners have applied the change (its sockets re-filtered or closed); other
   * instances apply it when they hear it. Use announceAccountChange, which also ends the sessions first.
   */
  publishAccounts(change: AccountChange): Promise<void>;
  /** Closes the ended sessions' sockets here at once and on the other instances when they hear it. */
  publishSessionsEnded(ended: EndedSessions): void;
  /** Publish after the change is committed: a console that hears it fetches at once. */
  publishNotice(notice: Notice): void;
  onRows(listener: Listener<readonly PublishedRow[]>): () => void;
  onAlarm(listener: Listener<PublishedAlarm>): () => void;
  onRaw(listener: Listener<RawFrame>): () => void;
  onAccounts(listener: (change: AccountChange) => Promise<void>): () => void;
  onSessionsEnded(listener: Listener<EndedSessions>): () => void;
  onNotice(listener: Listener<Notice>): () => void;
  /**
   * After the bus came back from an outage, once missed alarms and a status snapshot were delivered: ended sessions and
   * account changes published meanwhile may have been missed, so listeners check their sockets against the database.
   */
  onResync(listener: () => void): () => void;
  /**
   * Asks the instance running the simulator to raise an alarm (POST /sim/alarm on one that does not): its answer, or
   * undefined when no instance answers within `timeoutMs` (none simulates, or the bus is down).
   */
  askSimulator(request: SimAlarmRequest, timeoutMs: number): Promise<SimAnswer | undefined>;
  /** Answers the other instances' askSimulator while this instance simulates; the returned function stops. */
  serveSimulator(serve: SimServe): () => void;
  status(): BusStatus;
  close(): Promise<void>;
}

/** In-process fan-out: alone it is the whole bus of a single server; RedisHub delivers through one too. */
export class LocalHub implements LiveHub {
  private readonly rowListeners = new Set<Listener<readonly PublishedRow[]>>();
  private readonly alarmListeners = new Set<Listener<PublishedAlarm>>();
  private readonly rawListeners = new Set<Listener<RawFrame>>();
  private readonly accountListeners = new Set<(change: AccountChange) => Promise<void>>();
  private readonly endedListeners = new Set<Listener<EndedSessions>>();
  private readonly noticeListeners = new Set<Listener<Notice>>();
  private readonly resyncListeners = new Set<() => void>();
  private readonly started = Date.now();

  constructor(private readonly instanceId = 'local') {}

  publishRows(rows: readonly PublishedRow[]): void {
    if (rows.length === 0) return;
    for (const listener of this.rowListeners) listener(rows);
  }

  publishAlarm(alarm: PublishedAlarm): void {
    for (const listener of this.alarmListeners) listener(alarm);
  }

  publishRaw(frame: RawFrame): void {
    for (const listener of this.rawListeners) listener(frame);
  }

  async publishAccounts(change: AccountChange): Promise<void> {
    await Promise.all(Array.from(this.accountListeners, (listener) => listener(change)));
  }

  publishSessionsEnded(ended: EndedSessions): void {
    for (const listener of this.endedListeners) listener(ended);
  }

  publishNotice(notice: Notice): void {
    for (const listener of this.noticeListeners) listener(notice);
  }

  /** Tells the resync listeners that messages may have been missed (called by RedisHub after an outage). */
  resync(): void {
    for (const listener of this.resyncListeners) listener();
  }

  onRows(listener: Listener<readonly PublishedRow[]>): () => void {
    return subscribe(this.rowListeners, listener);
  }

  onAlarm(listener: Listener<PublishedAlarm>): () => void {
    return subscribe(this.alarmListeners, listener);
  }

  onRaw(listener: Listener<RawFrame>): () => void {
    return subscribe(this.rawListeners, listener);
  }

  onAccounts(listener: (change: AccountChange) => Promise<void>): () => void {
    return subscribe(this.accountListeners, listener);
  }

  onSessionsEnded(listener: Listener<EndedSessions>): () => void {
    return subscribe(this.endedListeners, listener);
  }

  onNotice(listener: Listener<Notice>): () => void {
    return subscribe(this.noticeListeners, listener);
  }

  onResync(listener: () => void): () => void {
    return subscribe(this.resyncListeners, listener);
  }

  /** Alone, there is no other instance to ask. */
  askSimulator(): Promise<SimAnswer | undefined> {
    return Promise.resolve(undefined);
  }

  serveSimulator(): () => void {
    return () => undefined;
  }

  status(): BusStatus {
    return { kind: 'local', state: 'up', since: this.started, instanceId: this.instanceId };
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}

function subscribe<T>(listeners: Set<T>, listener: T): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
