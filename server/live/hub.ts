// In-process fan-out of live truck rows, alarms and account changes to the sockets.
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

/**
 * "These accounts changed": users edited (disabled, role or companies changed), roles edited (disabled, superMan),
 * companies added or removed. Plain ids, so the message crosses server instances unchanged once the hub moves to pub/sub.
 */
export interface AccountChange {
  readonly userIds?: readonly number[];
  /** A role's change reaches every user of it. */
  readonly roleIds?: readonly number[];
  /** A company's change reaches the users granted it and every superMan (who sees all companies). */
  readonly companyCodes?: readonly string[];
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
  private readonly accountListeners = new Set<(change: AccountChange) => Promise<void>>();

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

  /**
   * Resolves once this instance's listeners have applied the change (its sockets re-filtered or closed); other
   * instances apply it when they hear it. Use announceAccountChange, which also ends the sessions first.
   */
  async publishAccounts(change: AccountChange): Promise<void> {
    await Promise.all(Array.from(this.accountListeners, (listener) => listener(change)));
  }

  onAccounts(listener: (change: AccountChange) => Promise<void>): () => void {
    this.accountListeners.add(listener);
    return () => this.accountListeners.delete(listener);
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
