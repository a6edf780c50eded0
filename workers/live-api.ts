// The worker's API as tabs see it through Comlink (`Comlink.wrap<LiveApi>`), and the typed map of the events it pushes.
import type { ProxyMarked } from 'comlink';
import type { LinkState } from '../machines/socket-link.machine';
import type { FuelTotals } from '../domain/fuel';
import type { StatusCounts, TruckStatusCode } from '../domain/truck-status';
import type { PollName } from '../domain/shell/polls';
import type { DataTopic } from '../domain/wire/data-notice';
import type { UserPriEntry } from '../domain/wire/entities';
import type { AlarmStanding } from '../domain/wire/alarm-inbox';
import type { EntityChange } from '../domain/wire/entity-notice';
import type { LiveAlarm } from '../domain/wire/live-alarm';
import type { HeartbeatOvertimeRow } from '../domain/wire/records';
import type { SocketName } from '../domain/wire/sockets';
import type { AlarmResume } from '../streams/alarm.stream';
import type { FrameStats } from '../streams/frames';
import type { TruckView } from '../streams/truck-status.stream';
import type { StoredRecording } from './db';
import type { StoreStats } from './live-store';
import type { StatusFillStats } from './status-fill';

/** shared: one worker for every tab. dedicated: this browser has no SharedWorker, so each tab runs its own. */
export type WorkerMode = 'shared' | 'dedicated';
/** How the worker learns that a tab closed: the tab's Web Lock is released, or its pings stop. */
export type TabLiveness = 'locks' | 'ping';
/** Where the state shown comes from: nothing yet, IndexedDB (before the sockets answer), the sockets, a replay. */
export type DataSource = 'none' | 'hydrated' | 'live' | 'replay';

/** What a tab hands over after login; the worker opens both sockets with it. */
export interface LiveSession {
  /** The session's header-id, sent as the open messages' `token`. */
  readonly token: string;
  readonly userName: string;
  readonly userPri: readonly UserPriEntry[];
  /** The chosen alarm types, a comma list (`stUserAlarm.alarmTypeIds`, every type while none is saved; empty: none). */
  readonly typeIds: string;
  /** The background checks the worker runs for this user (`pollsOf`, shell spec §6); absent: none. */
  readonly polls?: readonly PollName[];
  /** The server's idle limit as the login answered it (`LoginAnswer.sessionIdleMs`); sets the keep-alive's period. */
  readonly sessionIdleMs?: number;
}

export interface FleetStatus {
  /** The five badges' figures. */
  readonly counts: StatusCounts;
  readonly fuel: FuelTotals;
  readonly trucks: number;
  readonly updatedAt: number | undefined;
  readonly source: DataSource;
}

export interface TruckChanges {
  readonly changed: readonly TruckView[];
  readonly removed: readonly string[];
}

export interface LinkStatus {
  /** idle: no session yet, or a replay holds the pipeline. */
  readonly state: LinkState | 'idle';
  readonly opens: number;
  readonly closes: number;
  readonly heartbeats: number;
  readonly frames: number;
  readonly lastCloseCode: number | undefined;
  readonly lastFrameAt: number | undefined;
}

export type LinkStatuses = Readonly<Record<SocketName, LinkStatus>>;

export interface ReplayProgress {
  readonly recordingId: number;
  readonly state: 'running' | 'done' | 'stopped';
  readonly pushed: number;
  readonly total: number;
  readonly speed: number;
}

/** Not-approved fences are waiting (the fence poll found some). */
export interface FenceFinding {
  readonly pending: number;
  readonly checkedAt: number;
}

/** Online trucks whose heartbeat is overdue (the heartbeat poll found some), most overdue first. */
export interface HeartbeatFinding {
  readonly rows: readonly HeartbeatOvertimeRow[];
  readonly checkedAt: number;
}

/**
 * A finding as the tabs show it. `dismissed`: the user closed its card and the finding brings nothing new since
 * (workers/notice-dismissals.ts), so it is kept in the top bar's notification centre only.
 */
export type FenceNotice = FenceFinding & { readonly dismissed: boolean };
export type HeartbeatNotice = HeartbeatFinding & { readonly dismissed: boolean };

/** The notices a poll raises, one per browser; each is also the name of the poll that raises it. */
export type NoticeKind = PollName;

/** A background call of the session: one of its polls, the keep-alive, or the status fill (getTruckBarData). */
export type SessionCall = PollName | 'keepAlive' | 'statusFill';

/** A status fill (getTruckBarData) failed: the first failure of a streak; a success or a status frame ends the streak. */
interface FillFailure {
  readonly failedAt: number;
}

/**
 * A change on the server (made in any console, this one included) as an alarm-socket notice named it; `kind` is the
 * notice's name: stored data of a topic (a handling saved), or a master-data row saved.
 */
export type DataChange =
  | { readonly kind: 'dataChanged'; readonly topic: DataTopic }
  | ({ readonly kind: 'entityChanged' } & EntityChange)
  /** An alarm of the inbox changed state (acknowledged, resolved, given to someone) in some console of the company. */
  | ({ readonly kind: 'alarmState' } & AlarmStanding);

/**
 * The changes the notices of one batch named, in order, a topic once. `missed`: the alarm socket opened again, so
 * changes made while it was down are unknown: every screen that follows changes may be stale.
 */
export interface DataChanges {
  readonly changes: readonly DataChange[];
  readonly missed: boolean;
}

/** Why the session is over: the server closed a socket with 4401, or a background call got resultCode 504. */
export type SessionInvalid =
  | { readonly socket: SocketName; readonly code: number }
  | { readonly poll: SessionCall; readonly code: number };

export interface LiveEvents {
  'fleet.status': FleetStatus;
  'fleet.trucks': TruckChanges;
  /** Stream event: getTruckBarData failed, once per failure streak; every tab says so ('获取车辆状态统计数据失败'). */
  'fleet.fillFailed': FillFailure;
  /** New alarms of the chosen types, batched over 50 ms. */
  'alarm.received': readonly LiveAlarm[];
  /** At most five, newest first. */
  'alarm.popups': readonly LiveAlarm[];
  'alarm.urgent': LiveAlarm;
  /** State event: the chosen alarm types in force, as the comma list (empty: none); changes reach every tab. */
  'alarm.types': string;
  'link.state': LinkStatuses;
  /**
   * The server closed a socket with 4401, or a background call (poll, keep-alive, status fill) got 504: log in again.
   * The links, fills, polls and keep-alive have stopped for good.
   */
  'session.invalid': SessionInvalid;
  /**
   * The server closed a socket because the user's role or companies changed (4205): tabs reload their menus and
   * privileges and connect again, so the reconnecting socket asks for the companies the user has now.
   */
  'session.accessChanged': { readonly socket: SocketName };
  'replay.progress': ReplayProgress;
  /** State event: the latest fence poll's pending count, dismissed or not; null when none is pending. */
  'notice.fences': FenceNotice | null;
  /** State event: the latest heartbeat poll's overdue trucks, dismissed or not; null when there are none. */
  'notice.heartbeat': HeartbeatNotice | null;
  /**
   * Stream event: the server's notices of changed data, batched over UI_BATCH_MS: screens showing a changed topic, and
   * lists and pickers of a changed entity, fetch again with their own rights.
   */
  'data.changed': DataChanges;
}

export type LiveEventName = keyof LiveEvents;

/**
 * A listener of one event. Written in method form, which TypeScript checks bivariantly, so a listener of one event
 * passes where Comlink's `Remote` type (which drops the generic of `subscribe`) expects a listener of any event.
 */
export type LiveListener<K extends LiveEventName> = { bivarianceHack(payload: LiveEvents[K]): void }['bivarianceHack'];
export type Unsubscribe = () => void;

export interface LiveSnapshot {
  readonly status: FleetStatus;
  readonly trucks: readonly TruckView[];
  readonly popups: readonly LiveAlarm[];
  /** The latest alarms of the chosen types, newest first. */
  readonly recent: readonly LiveAlarm[];
  readonly lastSeq: number | undefined;
  readonly links: LinkStatuses;
  readonly alarmTypes: string;
}

export interface LiveDiagnostics {
  readonly mode: WorkerMode;
  readonly tabs: Readonly<Record<TabLiveness, number>>;
  readonly source: DataSource;
  readonly links: LinkStatuses;
  readonly frames: FrameStats;
  readonly trucks: number;
  readonly lastSeq: number | undefined;
  /** `none` where the alarms carry no `seq` (the legacy backend): alarms raised while the socket was down are lost. */
  readonly alarmResume: AlarmResume;
  readonly storage: StoreStats;
  readonly recording: { readonly id: number; readonly frames: number } | undefined;
  readonly replay: ReplayProgress | undefined;
  /** The status fills over HTTP (getTruckBarData) of the current links. */
  readonly fills: StatusFillStats;
}

export type { AlarmResume };

export type RecordingInfo = StoredRecording;

export interface ImportResult {
  readonly recording: RecordingInfo;
  readonly problems: readonly { readonly line: number; readonly reason: string }[];
}

interface TabHello {
  /** A Web Lock the tab holds while it lives; absent where `navigator.locks` is (plain http on a LAN address). */
  readonly lockName?: string;
}

export interface WorkerHello {
  readonly clientId: number;
  readonly mode: WorkerMode;
  readonly liveness: TabLiveness;
}

/**
 * The calls whose listener runs in the calling tab, answered with a way to stop it. `Off` is that answer as each side
 * holds it: the worker returns a proxied unsubscribe (LiveApi), a tab gets a promise of one (`TabListening` in
 * src/live/live-client.ts). Declared once for both, so the generic `subscribe` keeps its event typing on the tab side
 * (Comlink's `Remote` drops it).
 */
export interface LiveListening<Off> {
  /** State events (status, pop-ups, links) answer at once with their latest value. */
  subscribe<K extends LiveEventName>(name: K, listener: LiveListener<K>): Off;
  /**
   * Follows one status's trucks (a badge table): `listener` gets the status's trucks now, in one or more parts, then
   * every change that touches the status. Parts hold a few hundred trucks at most, so the tab reads each quickly.
   */
  watchTrucks(status: TruckStatusCode, listener: (part: TruckChanges) => void): Off;
}

/** Everything a tab may ask of the live worker. */
export interface LiveApi extends LiveListening<Unsubscribe & ProxyMarked> {
  hello(tab: TabHello): WorkerHello;
  /** Tabs without Web Locks call this every TAB_PING_MS; silent ones are dropped. */
  ping(): void;
  connect(session: LiveSession): Promise<void>;
  /** Stops both sockets for good and forgets the stored live state and the recordings (they hold this user's data). */
  logout(): Promise<void>;
  snapshot(): LiveSnapshot;
  /** The fleet's status counts now, without listening: a tab booting reads them before it has joined (early-join.ts). */
  fleetStatus(): FleetStatus | undefined;
  /** Every truck the worker holds now, without the rest of the snapshot. */
  trucks(): TruckView[];
  /**
   * Closes a notice's card in every tab, for this user across reloads, until a poll finds something it did not show
   * (more fences waiting, another overdue truck); the notification centre keeps it meanwhile.
   */
  dismissNotice(kind: NoticeKind): void;
  /**
   * This tab became visible or hidden; the worker forgets it when the tab goes away. While any tab is visible the
   * worker keeps the session alive, and a tab becoming visible after a quiet spell confirms the session at once.
   */
  setVisible(visible: boolean): void;
  /** This tab's user typed or clicked (a tab reports it at most every INPUT_REPORT_MS): it keeps the session alive too. */
  reportInput(): void;
  /**
   * A hidden tab asks before showing an urgent alarm on the desktop: true for the first tab to ask for that alarm while
   * no tab of the browser is visible, so however many tabs are hidden, one notification shows.
   */
  claimDesktopAlert(key: string): boolean;
  setAlarmTypes(typeIds: string): Promise<void>;
  startRecording(name: string): Promise<RecordingInfo>;
  stopRecording(): Promise<RecordingInfo | undefined>;
  recordings(): Promise<RecordingInfo[]>;
  exportRecording(recordingId: number): Promise<string>;
  importRecording(ndjson: string, name: string): Promise<ImportResult>;
  deleteRecording(recordingId: number): Promise<void>;
  /** Stops the sockets and plays a recording into a fresh pipeline; resolves when it ends. */
  replay(recordingId: number, options: { readonly speed: number }): Promise<ReplayProgress>;
  /** Ends a replay and goes back to the stored state and the live sockets. */
  stopReplay(): Promise<void>;
  diagnostics(): LiveDiagnostics;
}
