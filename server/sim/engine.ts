// The fleet engine: steps every truck through time and hands what happened (rows, positions, events, alarms) to a sink.
import { alarmTypeLabelKey, isAlarmTypeId } from '../../domain/alarm-types';
import type { EventData, EventKind } from '../../domain/events';
import { translate } from '../../domain/i18n';
import type { NewAlarm } from '../store/alarms';
import { genericAlarm, overlongWorkAlarm } from './alarm-props';
import { areaAt, cellOf, roundCoord } from './city';
import { deviceFaults } from './devices';
import type { SimEvent } from './events';
import type { Fleet } from './fleet';
import { brokenAt } from './heartbeat-module';
import { roadIncidents } from './incidents';
import type { SimContext } from './moves';
import { stepPhase } from './phases';
import { perHour } from './random';
import { periodic } from './periodic';
import { bindThresholds, thresholdsFor, type ThresholdSource } from './thresholds';
import { createTruckSim } from './truck-start';
import { DRIVING, report, rowKey, statusOf, type TruckSim } from './truck-sim';

const MIN = 60_000;
const DAY = 24 * 60 * MIN;
/** How long the status stays "alarm" (3) after an alarm. */
const ALARM_STATUS_MS = 5 * MIN;

/** Where the engine's output goes: the live simulator's tick writer, or the backfill's bulk writer. */
export interface SimSink {
  position(truckId: number, time: number, lat: number, lng: number, speed: number, heading: number, area: string): void;
  event(event: SimEvent): void;
  heartbeat(truckId: number, heartTime: number, gpsTime: number, voltage: number): void;
  alarm(alarm: NewAlarm): void;
}

interface EngineOptions {
  readonly seed: number | string;
  /** Scales every random alarm rate; below 1 it also thins alarms that follow from the state. */
  readonly alarmRate?: number;
  /** Sim time between stored positions of a moving truck. */
  readonly positionEveryMs?: number;
  /** The thresholds its detection reads; the process's (server/sim/thresholds.ts) unless given. */
  readonly thresholds?: ThresholdSource;
}

/** Offline spells per hour: parked trucks are switched off now and then, moving ones lose the network in tunnels. */
const OFFLINE_PER_HOUR = { parked: 0.02, driving: 0.01, other: 0.005 } as const;

export class FleetEngine implements SimContext {
  private fleetTrucks: TruckSim[];
  private readonly index: Map<number, TruckSim>;
  readonly alarmRate: number;
  private readonly positionEveryMs: number;
  private sink: SimSink | null = null;
  /** The end of the latest step: an alarm dated back to its event's start still shows on the row from now. */
  private clock: number;
  /** Offline spells whose alarm (7) was raised, by the spell's start: one alarm per spell. */
  private readonly offlineAlarmed = new WeakMap<TruckSim, number>();
  /** Offline spells already under way when the engine started, by their start. */
  private readonly offlineAtStart = new WeakMap<TruckSim, number>();

  constructor(readonly fleet: Fleet, options: EngineOptions, private readonly startedAt: number) {
    this.alarmRate = options.alarmRate ?? 1;
    this.positionEveryMs = options.positionEveryMs ?? MIN;
    this.clock = startedAt;
    this.fleetTrucks = fleet.trucks.map((spec) => createTruckSim(spec, fleet.live.get(spec.id), options.seed, startedAt));
    this.index = new Map(this.fleetTrucks.map((t) => [t.spec.id, t]));
    if (options.thresholds) bindThresholds(this, options.thresholds);
    for (const t of this.fleetTrucks) if (!t.online) this.offlineAtStart.set(t, t.offlineSince);
  }

  get trucks(): readonly TruckSim[] {
    return this.fleetTrucks;
  }

  truck(id: number): TruckSim | undefined {
    return this.index.get(id);
  }

  /** Stops simulating trucks deleted from the master data since the fleet was loaded. */
  retire(ids: ReadonlySet<number>): void {
    if (ids.size === 0) return;
    this.fleetTrucks = this.fleetTrucks.filter((t) => !ids.has(t.spec.id));
    for (const id of ids) this.index.delete(id);
  }

  /** Advances every truck from `from` to `to`, in truck-id order so a seed replays exactly. */
  step(from: number, to: number, sink: SimSink): void {
    this.sink = sink;
    this.clock = to;
    try {
      for (const t of this.trucks) this.stepTruck(t, from, to);
    } finally {
      this.sink = null;
    }
  }

  /** Runs `fn` with a sink outside a step (raiseAlarm). */
  withSink<T>(sink: SimSink, fn: () => T): T {
    this.sink = sink;
    try {
      return fn();
    } finally {
      this.sink = null;
    }
  }

  /** Trucks whose status row changed since the last call, with their dirty marks cleared. */
  takeChanged(): TruckSim[] {
    const changed: TruckSim[] = [];
    for (const t of this.trucks) {
      if (!t.rowDirty) continue;
      t.rowDirty = false;
      const key = rowKey(t);
      if (key === t.lastRowKey) continue;
      t.lastRowKey = key;
      changed.push(t);
    }
    return changed;
  }

  emit<K extends EventKind>(t: TruckSim, kind: K, start: number, end: number | null, data: EventData[K]): void {
    if (!this.sink) return;
    this.sink.event({ truckId: t.spec.id, companyCode: t.spec.companyCode, kind, startTime: start, endTime: end, data });
    if (kind !== 'upload') t.uploads.events += 1;
  }

  raise(t: TruckSim, alarm: NewAlarm, conditional: boolean): void {
    if (conditional && this.alarmRate < 1 && !t.rng.chance(this.alarmRate)) return;
    if (isAlarmTypeId(alarm.type)) t.alarmText = translate('zh', alarmTypeLabelKey(alarm.type));
    t.alarmUntil = Math.max(t.alarmUntil, Math.max(alarm.startTime, this.clock) + ALARM_STATUS_MS);
    t.rowDirty = true;
    if (!this.sink) return;
    this.sink.alarm(alarm);
    t.uploads.alarms += 1;
  }

  comeOnline(t: TruckSim, now: number): void {
    if (t.online) return;
    // A spell that reached its timeout in its last step raised its alarm, whichever step brings the truck back.
    this.offlineAlarm(t, now);
    this.emit(t, 'offline', t.offlineSince, now, {
      durationMin: Math.round((now - t.offlineSince) / MIN), area: t.area, lat: roundCoord(t.lat), lng: roundCoord(t.lng), lastGpsTime: t.gpsTime ?? t.offlineSince,
    });
    t.online = true;
    t.nextReport = now;
    t.nextHeartbeat = now;
  }

  /** Air temperature: 18 °C on average, warmest mid-afternoon China time. */
  ambient(time: number): number {
    const hour = ((time + 8 * 60 * MIN) % DAY) / (60 * MIN);
    return 18 + 7 * Math.sin((2 * Math.PI * (hour - 9)) / 24);
  }

  private goOffline(t: TruckSim, now: number): void {
    t.online = false;
    // The silence that follows is a link drop, not a heartbeat gap.
    t.beat.lastBeat = null;
    t.offlineSince = t.gpsTime ?? now;
    const minutes = t.phase === 'parked' ? t.rng.int(30, 8 * 60) : t.rng.int(3, 30);
    t.offlineUntil = now + minutes * MIN;
    this.offlineAlarm(t, now);
  }

  /**
   * The offline alarm (7): raised once the spell has lasted the company's offline timeout in force when it began (at
   * once on 0, the default; the alarm_off_line list applies the same), dated from the last fix, as the offline row is.
   */
  offlineAlarm(t: TruckSim, now: number): void {
    if (t.online || this.offlineAlarmed.get(t) === t.offlineSince) return;
    const timeout = thresholdsFor(this).timeoutsAt(t.spec.companyCode, t.offlineSince).offlineTimeoutMin;
    const due = t.offlineSince + timeout * MIN;
    // A spell under way when the engine started that had reached its timeout by then had its alarm from the run before;
    // one still short of it raises it here, as any spell does.
    if (this.offlineAtStart.get(t) === t.offlineSince && due <= this.startedAt) {
      this.offlineAlarmed.set(t, t.offlineSince);
      return;
    }
    if (now < due) return;
    this.offlineAlarmed.set(t, t.offlineSince);
    const properties = { lastGpsTime: t.gpsTime ?? now, offlineMinutes: Math.round((now - t.offlineSince) / MIN), timeoutMin: timeout };
    this.raise(t, genericAlarm(t, 7, t.offlineSince, properties), true);
  }

  private stepTruck(t: TruckSim, from: number, to: number): void {
    const dt = to - from;
    const wasAt = t.cell;
    stepPhase(this, t, from, to);
    const cell = cellOf(t);
    if (cell !== wasAt) {
      t.cell = cell;
      t.area = areaAt(t);
    }
    roadIncidents(this, t, from, to);
    deviceFaults(this, t, from, to);

    if (t.online) {
      const rate = t.phase === 'parked' ? OFFLINE_PER_HOUR.parked : DRIVING.has(t.phase) ? OFFLINE_PER_HOUR.driving : OFFLINE_PER_HOUR.other;
      // A broken heartbeat module's truck stays online through its window: that is what the overtime list is for.
      if (t.rng.chance(perHour(rate, dt)) && !brokenAt(t.spec.heartbeatFault, to)) this.goOffline(t, to);
    } else {
      this.offlineAlarm(t, to);
      if (to >= t.offlineUntil) this.comeOnline(t, to);
    }
    if (t.phase !== 'parked' && !t.workAlarmed && to - t.shiftStart >= thresholdsFor(this).limits(t.spec.companyCode).overlongWorkMin * MIN) {
      t.workAlarmed = true;
      this.raise(t, overlongWorkAlarm(t, to, (to - t.shiftStart) / MIN), true);
    }
    if (this.sink) periodic(this, this.sink, t, to, this.positionEveryMs, this.startedAt);

    if (t.alarmText !== '' && to >= t.alarmUntil) {
      t.alarmText = '';
      t.rowDirty = true;
    }
    const status = statusOf(t, to);
    if (status !== t.status) {
      t.status = status;
      t.statusTime = to;
      t.rowDirty = true;
      if (t.online) report(t, to);
    }
  }
}
