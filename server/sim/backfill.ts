// History at first start: the engine run fast over the last 30 days, so reports and playback have data at once.
import { ALARM_STATE_CODES } from '../../domain/wire/alarm-inbox';
import type { Db } from '../db/open';
import { inTransaction } from '../db/transaction';
import { takeWriteOrder } from '../db/write-order';
import type { NewAlarm } from '../store/alarms';
import { FleetEngine, type SimSink } from './engine';
import type { SimEvent } from './events';
import { loadFleet } from './fleet';
import { hashSeed } from './random';
import { insertRows, type SqlValue } from './sql';
import { POSITION_COLUMNS } from './tick-batch';
import type { ThresholdSource } from './thresholds';

const MIN = 60_000;
const DAY = 24 * 60 * MIN;
/** One engine step per two simulated minutes: fine enough for loading and unloading, coarse enough to be fast. */
const STEP_MS = 2 * MIN;
/** Rows buffered before they are written, so memory stays flat for big fleets. */
const FLUSH_AT = 50_000;
/**
 * How far back an alarm may be dated: 202 takes its trip's start, hours before it fires. Alarms newer than this behind
 * the step wait for a later flush, so seq still follows startTime across flushes.
 */
const ALARM_BACKDATE_MS = DAY;

interface BackfillOptions {
  readonly seed: number | string;
  /** The end of history; the live simulator takes over from here. */
  readonly now: number;
  readonly eventDays?: number;
  readonly positionDays?: number;
  readonly alarmRate?: number;
  /**
   * What its detection reads: the process's thresholds (server/sim/thresholds.ts), the defaults when none are in force,
   * as on a first start, which has no threshold rows yet. A test gives a database's, history included.
   */
  readonly thresholds?: ThresholdSource;
}

export interface BackfillReport {
  readonly events: number;
  readonly alarms: number;
  readonly positions: number;
  readonly heartbeats: number;
}

class BulkSink implements SimSink {
  positions: SqlValue[][] = [];
  events: SqlValue[][] = [];
  heartbeats: SqlValue[][] = [];
  alarms: NewAlarm[] = [];
  readonly counts = { events: 0, alarms: 0, positions: 0, heartbeats: 0 };

  /** Each truck's newest heartbeat before the stored span, and the trucks with one inside it. */
  private readonly beatBefore = new Map<number, SqlValue[]>();
  private readonly beatWithin = new Set<number>();

  constructor(private readonly trackFrom: number) {}

  /** Alarms kept back by the last flush: they count toward the next flush only once new rows join them. */
  private held = 0;

  get size(): number {
    return this.positions.length + this.events.length + this.heartbeats.length + this.alarms.length - this.held;
  }

  position(truckId: number, time: number, lat: number, lng: number, speed: number, heading: number, area: string): void {
    if (time >= this.trackFrom) this.positions.push([truckId, time, lat, lng, speed, heading, area]);
  }

  event(e: SimEvent): void {
    this.events.push([e.truckId, e.companyCode, e.kind, e.startTime, e.endTime, JSON.stringify(e.data)]);
  }

  heartbeat(truckId: number, heartTime: number, gpsTime: number, voltage: number): void {
    const row = [truckId, heartTime, gpsTime, voltage];
    if (heartTime < this.trackFrom) {
      this.beatBefore.set(truckId, row);
      return;
    }
    this.heartbeats.push(row);
    this.beatWithin.add(truckId);
  }

  /**
   * Keeps the newest heartbeat of each truck silent over the whole stored span (a broken module), so the overtime list
   * knows since when, as a database that had kept them all would.
   */
  keepLastSilentBeats(): void {
    for (const [truckId, row] of this.beatBefore) if (!this.beatWithin.has(truckId)) this.heartbeats.push(row);
  }

  alarm(alarm: NewAlarm): void {
    this.alarms.push(alarm);
  }

  /** Writes what is buffered; alarms only up to `settled`, the time before which no alarm can still arrive. */
  async flush(trx: Db, now: number, settled = Number.POSITIVE_INFINITY): Promise<void> {
    // Within a step alarms come per truck; time order across the fleet makes seq follow startTime, as live alarms do.
    const sorted = this.alarms.sort((a, b) => a.startTime - b.startTime);
    const cut = sorted.findIndex((a) => a.startTime >= settled);
    const ready = cut < 0 ? sorted : sorted.slice(0, cut);
    const alarms = ready.map((a): SqlValue[] => [
      a.type, a.truckId, a.signCode, a.companyCode, a.startTime, a.startTime + 1000 + (a.truckId % 7) * 1000, a.remark,
      JSON.stringify(a.properties), now - a.startTime > DAY ? ALARM_STATE_CODES.resolved : ALARM_STATE_CODES.new,
    ]);
    await insertRows(trx, 'position', POSITION_COLUMNS, this.positions);
    await insertRows(trx, 'event', ['truckId', 'companyCode', 'kind', 'startTime', 'endTime', 'data'], this.events);
    await insertRows(trx, 'heartbeat', ['truckId', 'heartTime', 'gpsTime', 'voltage'], this.heartbeats);
    await insertRows(
      trx, 'alarm',
      ['type', 'truckId', 'signCode', 'companyCode', 'startTime', 'insertTime', 'remark', 'properties', 'state'],
      alarms,
    );
    this.counts.positions += this.positions.length;
    this.counts.events += this.events.length;
    this.counts.heartbeats += this.heartbeats.length;
    this.counts.alarms += alarms.length;
    this.positions = [];
    this.events = [];
    this.heartbeats = [];
    this.alarms = cut < 0 ? [] : sorted.slice(cut);
    this.held = this.alarms.length;
  }
}

/**
 * Runs the fleet from `now − eventDays` to `now` and stores events and alarms for the whole span (alarms straight
 * into the table, unpublished; those older than a day resolved, so the inbox opens on the last day's), positions and heartbeats for the last
 * `positionDays` (and the newest heartbeat of a truck silent over all of them), and leaves each truck's live row where
 * history ends. One transaction: all of it or nothing.
 */
export async function backfill(db: Db, options: BackfillOptions): Promise<BackfillReport> {
  const eventDays = options.eventDays ?? 30;
  const positionDays = options.positionDays ?? 3;
  const start = options.now - eventDays * DAY;
  const fleet = await loadFleet(db);
  const engine = new FleetEngine(
    fleet,
    { seed: hashSeed(options.seed, 'backfill'), alarmRate: options.alarmRate ?? 1, positionEveryMs: 3 * MIN, thresholds: options.thresholds },
    start,
  );
  const sink = new BulkSink(options.now - positionDays * DAY);
  await inTransaction(db, async (trx) => {
    await takeWriteOrder(trx, 'event');
    for (let from = start; from < options.now; ) {
      const to = Math.min(from + STEP_MS, options.now);
      engine.step(from, to, sink);
      if (sink.size >= FLUSH_AT) await sink.flush(trx, options.now, to - ALARM_BACKDATE_MS);
      from = to;
    }
    sink.keepLastSilentBeats();
    await sink.flush(trx, options.now);
    engine.takeChanged();
    await trx.deleteFrom('truckLive').execute();
    await insertRows(
      trx, 'truckLive',
      ['truckId', 'status', 'alarm', 'gpsTime', 'statusTime', 'speed', 'area', 'lat', 'lng', 'heading', 'inventory', 'updatedAt'],
      engine.trucks.map((t) => {
        const s = t.shown;
        return [t.spec.id, t.status, t.alarmText, t.gpsTime, t.statusTime, s.speed, s.area, s.lat, s.lng, s.heading, JSON.stringify(s.tanks), options.now];
      }),
    );
  });
  return { ...sink.counts };
}
