// One run of the live pipeline: its input, its latest state, and its outputs wired to the tabs and (when live) to IndexedDB.
import { Subject, Subscription, auditTime, buffer, map, merge, type Observable } from 'rxjs';
import type { AlarmTypeId } from '../domain/alarm-types';
import type { LiveAlarm } from '../domain/wire/live-alarm';
import type { AlarmResume } from '../streams/alarm.stream';
import { NO_FRAMES, type FrameStats, type InboundFrame } from '../streams/frames';
import { livePipeline, type PipelineSeed } from '../streams/live-pipeline';
import { EMPTY_FLEET, type FleetState, type TruckView } from '../streams/truck-status.stream';
import type { EventHub } from './event-hub';
import type { DataChange, DataSource, FleetStatus } from './live-api';
import { RECENT_ALARMS, type LiveStore } from './live-store';

/**
 * Alarms, pop-up lists and each topic's notices cross to the tabs at most this often: a reconnect's replay of hundreds
 * is a few messages, and a burst of changes is one fetch per screen.
 */
const UI_BATCH_MS = 50;

interface PipelineRunOptions {
  readonly seed: PipelineSeed & { readonly recent?: readonly LiveAlarm[] };
  readonly types$: Observable<readonly AlarmTypeId[]>;
  readonly hub: EventHub;
  /** The source before the first frame: `hydrated` when the seed came from IndexedDB. */
  readonly source: DataSource;
  /** The source once frames flow: `live` or `replay`. */
  readonly flowing: DataSource;
  /** Live runs persist; replays leave IndexedDB alone. */
  readonly store?: LiveStore;
  readonly now: () => number;
}

/** A topic says only that something of it changed: once a batch is enough. */
function onceEachTopic(changes: readonly DataChange[]): DataChange[] {
  const topics = new Set<string>();
  return changes.filter((change) => {
    if (change.kind !== 'dataChanged') return true;
    if (topics.has(change.topic)) return false;
    topics.add(change.topic);
    return true;
  });
}

export class PipelineRun {
  private readonly frames = new Subject<InboundFrame>();
  private readonly subscription = new Subscription();
  fleet: FleetState;
  popups: readonly LiveAlarm[] = [];
  recent: readonly LiveAlarm[];
  stats: FrameStats;
  lastSeq: number | undefined;
  alarmResume: AlarmResume = 'unknown';
  source: DataSource;

  constructor(private readonly options: PipelineRunOptions) {
    const { seed, hub, store } = options;
    this.fleet = seed.fleet ?? EMPTY_FLEET;
    this.recent = seed.recent ?? [];
    this.stats = seed.stats ?? NO_FRAMES;
    this.lastSeq = seed.alarms?.lastSeq;
    this.source = options.source;
    const pipeline = livePipeline(this.frames, options.types$, seed);
    const add = (teardown: Subscription) => this.subscription.add(teardown);

    add(pipeline.stats$.subscribe((stats) => (this.stats = stats)));
    add(pipeline.fleet$.subscribe((fleet) => {
      this.fleet = fleet;
      this.source = options.flowing;
      hub.publish('fleet.status', this.status());
      if (fleet.changed.length > 0 || fleet.removed.length > 0) {
        hub.publish('fleet.trucks', { changed: fleet.changed, removed: fleet.removed });
        store?.writeFleet(fleet);
      }
    }));
    add(pipeline.lastSeq$.subscribe((seq) => {
      this.lastSeq = seq;
      store?.writeMeta({ key: 'lastSeq', value: seq });
    }));
    add(pipeline.resume$.subscribe((resume) => (this.alarmResume = resume)));
    add(pipeline.accepted$.subscribe((alarm) => {
      this.recent = [alarm, ...this.recent].slice(0, RECENT_ALARMS);
      store?.writeAlarm(alarm, options.now());
    }));
    const accepted$ = pipeline.accepted$;
    add(accepted$.pipe(buffer(accepted$.pipe(auditTime(UI_BATCH_MS)))).subscribe((batch) => {
      if (batch.length > 0) hub.publish('alarm.received', batch);
    }));
    add(pipeline.popups$.subscribe((popups) => (this.popups = popups)));
    add(pipeline.popups$.pipe(auditTime(UI_BATCH_MS)).subscribe((popups) => hub.publish('alarm.popups', popups)));
    // The urgent dialog must not wait for a batch.
    add(pipeline.urgent$.subscribe((alarm) => hub.publish('alarm.urgent', alarm)));
    // A burst of saves (an import, a status toggled on many rows) crosses to the tabs as one list per batch.
    const changes$ = merge(
      pipeline.dataChanged$.pipe(map((topic): DataChange => ({ kind: 'dataChanged', topic }))),
      pipeline.entityChanged$.pipe(map((change): DataChange => ({ kind: 'entityChanged', ...change }))),
      pipeline.alarmState$.pipe(map((standing): DataChange => ({ kind: 'alarmState', ...standing }))),
    );
    // The alarms this console keeps remember whether someone handled them (a live run only; a replay is no news).
    add(pipeline.alarmState$.subscribe((standing) => store?.writeStanding(standing)));
    add(changes$.pipe(buffer(changes$.pipe(auditTime(UI_BATCH_MS)))).subscribe((changes) => {
      if (changes.length > 0) hub.publish('data.changed', { changes: onceEachTopic(changes), missed: false });
    }));

    hub.publish('fleet.status', this.status());
    hub.publish('alarm.popups', this.popups);
  }

  push(frame: InboundFrame): void {
    this.frames.next(frame);
  }

  status(): FleetStatus {
    const { counts, fuel, trucks, updatedAt } = this.fleet;
    return { counts, fuel, trucks: trucks.size, updatedAt, source: this.source };
  }

  trucks(): TruckView[] {
    return [...this.fleet.trucks.values()];
  }

  stop(): void {
    this.subscription.unsubscribe();
    this.frames.complete();
  }
}
