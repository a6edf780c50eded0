// The live worker's core, independent of the worker global: session, links and status fills, polls and keep-alive,
// pipeline runs, persistence, record, replay.
import { BehaviorSubject } from 'rxjs';
import type { SocketFactory } from '../machines/socket-link.machine';
import type { TruckView } from '../streams/truck-status.stream';
import { ALARM_TYPE_IDS, formatTypeIds, parseTypeIds, type AlarmTypeId } from '../domain/alarm-types';
import { SOCKET_CLOSE, STATUS_FREQUENCY, type SocketName } from '../domain/wire/sockets';
import type { LiveDb } from './db';
import { EventHub } from './event-hub';
import type { LiveDiagnostics, LiveSession, LiveSnapshot, NoticeKind, ReplayProgress, SessionInvalid, WorkerMode } from './live-api';
import { realClock, type LiveClock } from './live-clock';
import { LiveStore, type Hydrated } from './live-store';
import { IDLE_LINKS, startLinkPair, type LinkPair } from './link-pair';
import { alarmOpen, parseLiveSession, truckOpen } from './open-messages';
import { PipelineRun } from './pipeline-run';
import type { FetchLike } from './session-request';
import { Recorder } from './recorder';
import { SessionPolls } from './session-polls';
import { NO_FILLS, StatusFill } from './status-fill';
import { RecordingStore } from './recording';
import { playRecording } from './replay';
import { TabRegistry, type LockManagerLike } from './tab-registry';

interface LiveCoreDeps {
  readonly db: LiveDb;
  /** ws(s)://host of both sockets. */
  readonly socketBase: string;
  readonly socketFactory: SocketFactory;
  readonly mode: WorkerMode;
  readonly clock?: LiveClock;
  readonly random?: () => number;
  readonly locks?: LockManagerLike;
  /** The status socket's `frequency` (spec: 30); the fixture recorder asks for 1 to finish in seconds. */
  readonly statusFrequency?: number;
  /** HTTP for the session's polls and keep-alive; without it (and `apiBase`) the worker calls nothing. */
  readonly fetch?: FetchLike;
  /** The shared client's base path as an absolute URL (the worker has no page to resolve a relative one against). */
  readonly apiBase?: string;
  /** The host root of the full-URL calls (getTruckBarData) as an absolute URL; by default the API base's origin. */
  readonly hostBase?: string;
}

export class LiveCore {
  readonly hub = new EventHub();
  readonly tabs: TabRegistry;
  readonly mode: WorkerMode;
  private readonly clock: LiveClock;
  private readonly store: LiveStore;
  readonly recordings: RecordingStore;
  /** Taps the live links' frames while a recording runs. */
  readonly recorder: Recorder;
  /** Every type until a session says otherwise: a replay with no session shows every alarm it holds. */
  private readonly types$ = new BehaviorSubject<readonly AlarmTypeId[]>(ALARM_TYPE_IDS);
  private readonly goneHandlers = new Map<number, () => void>();
  private session: LiveSession | undefined;
  private links: LinkPair | undefined;
  /** The status counts over HTTP while the status socket has not answered; runs with the links. */
  private fill: StatusFill | undefined;
  private readonly hostBase: string | undefined;
  private readonly polls: SessionPolls;
  private run: PipelineRun;
  private hydratedFor: string | undefined;
  /** Read at start, so the first tab's connect finds IndexedDB's state ready. */
  private prefetched: Promise<Hydrated> | undefined;
  private replayProgress: ReplayProgress | undefined;
  private replayToken: object | undefined;
  /** connect, logout and the replay switches run one at a time (tabs call them concurrently). */
  private queue: Promise<unknown> = Promise.resolve();
  private lastClientId = 0;

  constructor(private readonly deps: LiveCoreDeps) {
    this.mode = deps.mode;
    this.clock = deps.clock ?? realClock();
    const now = () => this.clock.now();
    this.store = new LiveStore(deps.db, now);
    this.recordings = new RecordingStore(deps.db);
    this.recorder = new Recorder(this.recordings, now);
    this.tabs = new TabRegistry({ clock: this.clock, locks: deps.locks, onGone: (id) => this.dropClient(id) });
    this.hostBase = deps.hostBase ?? (deps.apiBase === undefined ? undefined : new URL(deps.apiBase).origin);
    this.polls = new SessionPolls({
      hub: this.hub, clock: this.clock, fetch: deps.fetch, apiBase: deps.apiBase, hostBase: this.hostBase,
      inUse: (since) => this.tabs.inUse(since),
      onSessionGone: (poll, code) => this.sessionGone({ poll, code }),
      dismissals: {
        load: () => this.store.readMeta('noticeDismissals'),
        save: (value) => this.store.writeMeta({ key: 'noticeDismissals', value }),
      },
    });
    this.prefetched = this.store.load();
    this.prefetched.catch(() => undefined);
    this.run = this.newRun('live');
    this.hub.publish('link.state', IDLE_LINKS);
  }

  /** A tab connected; `onGone` closes its port once the tab is found dead. */
  addClient(onGone: () => void): number {
    this.lastClientId += 1;
    this.goneHandlers.set(this.lastClientId, onGone);
    this.tabs.add(this.lastClientId);
    return this.lastClientId;
  }

  connect(input: LiveSession): Promise<void> {
    return this.serial(async () => {
      const session = parseLiveSession(input);
      if (!session) throw new Error('connect needs { token, userName, userPri, typeIds }');
      const sameSession = this.session?.token === session.token;
      const sameSocket = sameSession && this.links?.alive() === true;
      // Another tab of this session may hold a list loaded before a later setAlarmTypes: the types in force stay.
      const typeIds = this.chooseTypes(sameSession && this.session ? this.session.typeIds : session.typeIds);
      this.session = { ...session, typeIds };
      this.polls.start(session);
      if (this.replayToken || sameSocket) return;
      this.links?.stop();
      await this.hydrate(session.userName);
      this.startLinks(session);
    });
  }

  logout(): Promise<void> {
    return this.serial(async () => {
      this.stopLinks();
      this.polls.stop();
      this.session = undefined;
      this.hydratedFor = undefined;
      // A replay in progress ends with the session, or the next login would find the links held off by it.
      this.replayToken = undefined;
      this.replayProgress = undefined;
      await this.recorder.stop();
      await Promise.all([this.store.clear(), this.recordings.clear()]);
      this.replaceRun(this.newRun('live'));
    });
  }

  async setAlarmTypes(typeIds: string): Promise<void> {
    const normalised = this.chooseTypes(typeIds);
    if (this.session) this.session = { ...this.session, typeIds: normalised };
    this.links?.resend('alarm');
  }

  snapshot(): LiveSnapshot {
    const { run } = this;
    return {
      status: run.status(), trucks: run.trucks(), popups: run.popups, recent: run.recent, lastSeq: run.lastSeq,
      links: this.links?.statuses() ?? IDLE_LINKS, alarmTypes: formatTypeIds(this.types$.value),
    };
  }

  trucks(): TruckView[] {
    return this.run.trucks();
  }

  /** A tab said whether it is visible; one that became visible may be someone back at the console after a quiet spell. */
  setVisible(clientId: number, visible: boolean): void {
    this.tabs.setVisible(clientId, visible);
    if (!visible) return;
    this.polls.present();
    this.fill?.present();
  }

  /** A tab's user typed or clicked: someone is at the console. */
  noteInput(clientId: number): void {
    this.tabs.noteInput(clientId);
    this.polls.present();
    this.fill?.present();
  }

  /** One notice per browser: clearing it clears it in every tab. */
  dismissNotice(kind: NoticeKind): void {
    this.polls.dismiss(kind);
  }

  diagnostics(): LiveDiagnostics {
    const { run } = this;
    return {
      mode: this.mode, tabs: this.tabs.counts(), source: run.source, links: this.links?.statuses() ?? IDLE_LINKS,
      frames: run.stats, trucks: run.fleet.trucks.size, lastSeq: run.lastSeq, alarmResume: run.alarmResume, storage: this.store.stats(),
      recording: this.recorder.status(), replay: this.replayProgress, fills: this.fill?.stats() ?? NO_FILLS,
    };
  }

  /** Plays a recording into a fresh pipeline that persists nothing; the live links wait until stopReplay. */
  async replay(recordingId: number, speed: number): Promise<ReplayProgress> {
    const frames = await this.recordings.frames(recordingId);
    const token = {};
    const playing = () => this.replayToken === token;
    const run = await this.serial(async () => {
      this.replayToken = token;
      this.stopLinks();
      this.replaceRun(new PipelineRun({ ...this.runOptions(), seed: {}, source: 'replay', flowing: 'replay' }));
      return this.run;
    });
    return playRecording({
      recordingId, frames, speed, clock: this.clock, playing,
      push: (frame) => run.push(frame),
      report: (progress) => {
        if (playing()) this.replayProgress = progress;
        this.hub.publish('replay.progress', progress);
      },
    });
  }

  stopReplay(): Promise<void> {
    return this.serial(async () => {
      if (!this.replayToken) return;
      this.replayToken = undefined;
      this.replayProgress = undefined;
      this.hydratedFor = undefined;
      if (this.session) {
        await this.hydrate(this.session.userName);
        this.startLinks(this.session);
      } else this.replaceRun(this.newRun('live'));
    });
  }

  /** Resolves once every queued IndexedDB write is done (tests, benchmark, a tab about to export). */
  idle(): Promise<void> {
    return this.store.idle();
  }

  /** Ends this worker's links and pipeline, keeping what is stored (a worker that dies, in tests). */
  async close(): Promise<void> {
    this.stopLinks();
    this.polls.stop();
    this.replayToken = undefined;
    this.run.stop();
    await this.recorder.stop();
    await this.store.idle();
  }

  private stopLinks(): void {
    this.links?.stop();
    this.links = undefined;
    this.fill?.stop();
    this.fill = undefined;
    this.hub.publish('link.state', IDLE_LINKS);
  }

  private dropClient(clientId: number): void {
    this.hub.dropClient(clientId);
    this.goneHandlers.get(clientId)?.();
    this.goneHandlers.delete(clientId);
  }

  private serial<T>(job: () => Promise<T>): Promise<T> {
    const next = this.queue.then(job);
    this.queue = next.catch(() => undefined);
    return next;
  }

  private chooseTypes(typeIds: string): string {
    const ids = parseTypeIds(typeIds);
    this.types$.next(ids);
    const normalised = formatTypeIds(ids);
    this.store.writeMeta({ key: 'alarmTypes', value: normalised });
    this.hub.publish('alarm.types', normalised);
    return normalised;
  }

  private runOptions() {
    return { types$: this.types$, hub: this.hub, now: () => this.clock.now() };
  }

  private newRun(flowing: 'live' | 'replay'): PipelineRun {
    return new PipelineRun({ ...this.runOptions(), seed: {}, source: 'none', flowing, store: this.store });
  }

  /**
   * Swaps the pipeline (hydrate, replay, logout). Open truck tables follow `fleet.trucks`, so they are told the swap as
   * a change: the new pipeline's trucks, and the old ones it lacks as removed.
   */
  private replaceRun(run: PipelineRun): void {
    const before = this.run.trucks();
    this.run.stop();
    this.run = run;
    const after = run.trucks();
    const kept = new Set(after.map((truck) => truck.key));
    const removed = before.filter((truck) => !kept.has(truck.key)).map((truck) => truck.key);
    if (after.length > 0 || removed.length > 0) this.hub.publish('fleet.trucks', { changed: after, removed });
  }

  /** Shows what IndexedDB held for this user before the sockets answer; another user's data is cleared instead. */
  private async hydrate(userName: string): Promise<void> {
    if (this.hydratedFor === userName) return;
    const stored = await (this.prefetched ?? this.store.load());
    this.prefetched = undefined;
    const mine = stored.meta.userName === undefined || stored.meta.userName === userName;
    if (!mine) await Promise.all([this.store.clear(), this.recordings.clear()]);
    const seed = mine ? { fleet: stored.fleet, alarms: stored.memory, recent: stored.recent } : {};
    const source = mine && stored.fleet.trucks.size > 0 ? 'hydrated' : 'none';
    this.replaceRun(new PipelineRun({ ...this.runOptions(), seed, source, flowing: 'live', store: this.store }));
    this.hydratedFor = userName;
    this.store.writeMeta({ key: 'userName', value: userName });
  }

  private startLinks(session: LiveSession): void {
    const frequency = this.deps.statusFrequency ?? STATUS_FREQUENCY;
    this.links = startLinkPair({
      base: this.deps.socketBase,
      socketFactory: this.deps.socketFactory,
      clock: this.clock,
      ...(this.deps.random ? { random: this.deps.random } : {}),
      openMessage: (socket) =>
        // The session in force at each open: a tab that reloaded its privileges (accessChanged) connected it meanwhile.
        JSON.stringify(socket === 'truck' ? truckOpen(this.session ?? session, frequency) : alarmOpen(this.session ?? session, this.run.lastSeq)),
      onFrame: (frame) => {
        if (frame.socket === 'truck') this.fill?.socketFrame();
        this.recorder.add(frame);
        this.run.push(frame);
      },
      onStatus: (links) => this.hub.publish('link.state', links),
      onFinalClose: (socket, code) => this.onFinalClose(socket, code),
      onClose: (socket, code) => {
        if (socket === 'truck') this.fill?.socketDown();
        if (code === SOCKET_CLOSE.accessChanged) this.hub.publish('session.accessChanged', { socket });
      },
      // Notices are not replayed: whatever changed while the alarm socket was down, screens fetch again.
      onReopen: (socket) => {
        if (socket === 'alarm') this.hub.publish('data.changed', { changes: [], missed: true });
      },
    });
    this.fill?.stop();
    this.fill = this.startFill(session);
  }

  /** Status counts over HTTP while the status socket is silent (spec §7 getTruckBarData); none without HTTP. */
  private startFill(session: LiveSession): StatusFill | undefined {
    const { fetch, apiBase } = this.deps;
    if (!fetch || apiBase === undefined || this.hostBase === undefined) return undefined;
    return new StatusFill({
      clock: this.clock, fetch, apiBase, hostBase: this.hostBase, token: session.token,
      userPri: () => (this.session ?? session).userPri,
      inUse: (since) => this.tabs.inUse(since),
      // A full snapshot, as the status socket's first frame is: trucks the answer lacks are gone.
      onRows: (text) => this.run.push({ socket: 'truck', t: this.clock.now(), text, snapshot: true }),
      onFailed: (failedAt) => this.hub.publish('fleet.fillFailed', { failedAt }),
      onSessionGone: (code) => this.sessionGone({ poll: 'statusFill', code }),
    });
  }

  private onFinalClose(socket: SocketName, code: number): void {
    if (code === SOCKET_CLOSE.sessionExpired) this.sessionGone({ socket, code });
    else {
      // Refused for good (4403): the status counts still come over HTTP while the console is watched.
      if (socket === 'truck') this.fill?.socketDown();
      this.links?.stop();
    }
  }

  /**
   * The server refused the session (a socket's 4401, a poll's or the keep-alive's 504): links, polls and keep-alive stop
   * for good, every tab hears.
   */
  private sessionGone(invalid: SessionInvalid): void {
    // Stopped, not dropped: diagnostics keep showing how each link ended.
    this.links?.stop();
    this.fill?.stop();
    this.polls.stop();
    this.hub.publish('session.invalid', invalid);
  }
}
