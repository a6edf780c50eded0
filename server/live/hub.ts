// In-process fan-out of live truck rows and alarms from the simulator (or a replay) to the sockets.
// One instance per server; scaling out later swaps this for PostgreSQL/Redis pub/sub behind the same interface.
import type { LiveAlarm } from '../../src/domain/wire/live-alarm';
import type { TruckStatusRow } from '../../src/domain/wire/truck-row';

/** A status row with the company it belongs to, so each socket can filter by its user's companies. */
export interface PublishedRow {
  readonly companyCode: string;
  readonly row: TruckStatusRow & { readonly truckId: number };
}

export interface PublishedAlarm {
  readonly companyCode: string;
  readonly alarm: LiveAlarm & { readonly seq: number };
}

type Listener<T> = (value: T) => void;

/** A recorded frame replayed as it was received (npm run replay): no company is known, every listener gets it. */
export interface RawFrame {
  readonly socket: 'truck' | 'alarm';
  readonly data: unknown;
}

export class LiveHub {
  private readonly rowListeners = new Set<Listener<readonly PublishedRow[]>>();
  private readonly alarmListeners = new Set<Listener<PublishedAlarm>>();
  private readonly rawListeners = new Set<Listener<RawFrame>>();

  /** Rows that changed since the last publish; an empty batch is not sent. */
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

  onRaw(listener: Listener<RawFrame>): () => void {
    this.rawListeners.add(listener);
    return () => this.rawListeners.delete(listener);
  }

  onRows(listener: Listener<readonly PublishedRow[]>): () => void {
    this.rowListeners.add(listener);
    return () => this.rowListeners.delete(listener);
  }

  onAlarm(listener: Listener<PublishedAlarm>): () => void {
    this.alarmListeners.add(listener);
    return () => this.alarmListeners.delete(listener);
  }
}
