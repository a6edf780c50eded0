// Persistence of live state: hydration from IndexedDB, and coalesced writes of only what changed.
import type { AlarmStanding } from '../domain/wire/alarm-inbox';
import { parseLiveAlarm, type LiveAlarm } from '../domain/wire/live-alarm';
import { parseTruckStatusRow, type TruckStatusRow } from '../domain/wire/truck-row';
import { NO_ALARMS, alarmKey, type AlarmMemory } from '../streams/alarm.stream';
import { EMPTY_FLEET, fleetFromRows, type FleetState } from '../streams/truck-status.stream';
import type { LiveDb, MetaKey, MetaValues, StoredAlarm, StoredMeta, StoredTruck } from './db';
import { parseNoticeDismissals } from './notice-dismissals';

/** The alarms table keeps the last day, each marked once someone handled it (the inbox's alarm-state notices). */
const ALARM_KEEP_MS = 24 * 3_600_000;
/** Alarms a snapshot carries for a new tab, newest first. */
export const RECENT_ALARMS = 100;
const PRUNE_EVERY_MS = 60_000;

export interface Hydrated {
  readonly fleet: FleetState;
  readonly memory: AlarmMemory;
  /** Newest first, at most RECENT_ALARMS. */
  readonly recent: readonly LiveAlarm[];
  readonly meta: Partial<MetaValues>;
}

export interface StoreStats {
  readonly flushes: number;
  readonly rowsWritten: number;
  readonly pendingRows: number;
  readonly lastFlushMs: number | undefined;
  readonly failures: number;
}

function readMeta(entries: readonly StoredMeta[]): Partial<MetaValues> {
  const meta: { -readonly [K in MetaKey]?: MetaValues[K] } = {};
  for (const entry of entries) {
    if (entry.key === 'lastSeq' && Number.isSafeInteger(entry.value)) meta.lastSeq = entry.value;
    if (entry.key === 'snapshotAt' && Number.isFinite(entry.value)) meta.snapshotAt = entry.value;
    if (entry.key === 'alarmTypes' && typeof entry.value === 'string') meta.alarmTypes = entry.value;
    if (entry.key === 'userName' && typeof entry.value === 'string') meta.userName = entry.value;
    if (entry.key === 'noticeDismissals') {
      const dismissals = parseNoticeDismissals(entry.value);
      if (dismissals) meta.noticeDismissals = dismissals;
    }
  }
  return meta;
}

export class LiveStore {
  private trucks = new Map<string, StoredTruck | null>();
  private alarms = new Map<string, StoredAlarm>();
  private meta = new Map<MetaKey, StoredMeta>();
  /** Alarm seq → acknowledged flag, applied after the queued alarms are written (the alarm may be in the same batch). */
  private standings = new Map<number, 0 | 1>();
  private flushing: Promise<void> | undefined;
  private lastPrune = 0;
  private counters: { -readonly [K in Exclude<keyof StoreStats, 'pendingRows'>]: StoreStats[K] } = {
    flushes: 0,
    rowsWritten: 0,
    lastFlushMs: undefined,
    failures: 0,
  };

  constructor(
    private readonly db: LiveDb,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Reads what the last session left, validating every row as the sockets' frames are (the schema may be older).
   * Where IndexedDB is unusable (some private modes) the console starts empty rather than not at all.
   */
  async load(): Promise<Hydrated> {
    try {
      return await this.read();
    } catch {
      this.counters.failures += 1;
      return { fleet: EMPTY_FLEET, memory: NO_ALARMS, recent: [], meta: {} };
    }
  }

  private async read(): Promise<Hydrated> {
    const since = this.now() - ALARM_KEEP_MS;
    const [trucks, alarms, metaEntries] = await Promise.all([
      this.db.trucks.toArray(),
      this.db.alarms.where('receivedAt').aboveOrEqual(since).sortBy('receivedAt'),
      this.db.meta.toArray(),
    ]);
    const meta = readMeta(metaEntries);
    const rows = trucks.map((stored) => parseTruckStatusRow(stored.row)).filter((row): row is TruckStatusRow => row !== undefined);
    const valid = alarms.map((stored) => parseLiveAlarm(stored.alarm)).filter((alarm): alarm is LiveAlarm => alarm !== undefined);
    return {
      fleet: fleetFromRows(rows, meta.snapshotAt),
      memory: { keys: valid.map(alarmKey), lastSeq: meta.lastSeq },
      recent: valid.slice(-RECENT_ALARMS).reverse(),
      meta,
    };
  }

  /** Queues the trucks a batch changed or removed; an unchanged fleet writes nothing. */
  writeFleet(fleet: FleetState): void {
    for (const truck of fleet.changed) this.trucks.set(truck.key, { key: truck.key, row: truck.row });
    for (const key of fleet.removed) this.trucks.set(key, null);
    if (fleet.updatedAt !== undefined) this.meta.set('snapshotAt', { key: 'snapshotAt', value: fleet.updatedAt });
    this.schedule();
  }

  writeAlarm(alarm: LiveAlarm, receivedAt: number): void {
    const key = alarmKey(alarm);
    const stored = { key, type: alarm.type, receivedAt, acknowledged: 0, alarm } as const;
    this.alarms.set(key, alarm.seq === undefined ? stored : { ...stored, seq: alarm.seq });
    this.schedule();
  }

  /** Marks the kept alarm of this seq handled (acknowledged or resolved) or not; an alarm never received is left alone. */
  writeStanding(standing: AlarmStanding): void {
    this.standings.set(standing.seq, standing.state === 'new' ? 0 : 1);
    this.schedule();
  }

  /** One meta value as stored (a write still queued wins), validated as at load; undefined where IndexedDB fails. */
  async readMeta<K extends MetaKey>(key: K): Promise<Partial<MetaValues>[K]> {
    const queued = this.meta.get(key);
    try {
      const entry = queued ?? (await this.db.meta.get(key));
      return entry ? readMeta([entry])[key] : undefined;
    } catch {
      this.counters.failures += 1;
      return undefined;
    }
  }

  writeMeta(entry: StoredMeta): void {
    this.meta.set(entry.key, entry);
    this.schedule();
  }

  /** Forgets the live tables (logout, or another user's login); recordings stay. */
  async clear(): Promise<void> {
    await this.idle();
    this.trucks.clear();
    this.alarms.clear();
    this.meta.clear();
    this.standings.clear();
    try {
      await this.db.transaction('rw', [this.db.trucks, this.db.alarms, this.db.meta], async () => {
        await Promise.all([this.db.trucks.clear(), this.db.alarms.clear(), this.db.meta.clear()]);
      });
    } catch {
      this.counters.failures += 1;
    }
  }

  /** Resolves once everything queued so far is written. */
  async idle(): Promise<void> {
    while (this.flushing) await this.flushing;
  }

  stats(): StoreStats {
    return { ...this.counters, pendingRows: this.trucks.size + this.alarms.size + this.meta.size + this.standings.size };
  }

  /**
   * One flush at a time. What arrives while a flush runs waits in the maps, where a truck that changes twice is
   * written once: when IndexedDB is slower than the sockets, batches grow instead of queueing up.
   */
  private schedule(): void {
    this.flushing ??= this.drain().finally(() => {
      this.flushing = undefined;
    });
  }

  private async drain(): Promise<void> {
    while (this.trucks.size + this.alarms.size + this.meta.size + this.standings.size > 0) {
      const trucks = this.trucks;
      const alarms = [...this.alarms.values()];
      const meta = [...this.meta.values()];
      const standings = this.standings;
      this.trucks = new Map();
      this.alarms = new Map();
      this.meta = new Map();
      this.standings = new Map();
      const started = performance.now();
      try {
        await this.write(trucks, alarms, meta, standings);
        this.counters.flushes += 1;
        this.counters.rowsWritten += trucks.size + alarms.length;
        this.counters.lastFlushMs = performance.now() - started;
      } catch {
        // A full or broken store must not stop the live view. The batch goes back under anything newer, so a later
        // lastSeq is never stored without the alarms before it; the next change tries again.
        this.counters.failures += 1;
        this.requeue(trucks, alarms, meta, standings);
        return;
      }
    }
  }

  private requeue(
    trucks: ReadonlyMap<string, StoredTruck | null>, alarms: readonly StoredAlarm[], meta: readonly StoredMeta[], standings: ReadonlyMap<number, 0 | 1>,
  ): void {
    for (const [key, truck] of trucks) if (!this.trucks.has(key)) this.trucks.set(key, truck);
    for (const [seq, flag] of standings) if (!this.standings.has(seq)) this.standings.set(seq, flag);
    for (const alarm of alarms) if (!this.alarms.has(alarm.key)) this.alarms.set(alarm.key, alarm);
    for (const entry of meta) if (!this.meta.has(entry.key)) this.meta.set(entry.key, entry);
  }

  private async write(trucks: ReadonlyMap<string, StoredTruck | null>, alarms: StoredAlarm[], meta: StoredMeta[], standings: ReadonlyMap<number, 0 | 1>) {
    const puts = [...trucks.values()].filter((truck): truck is StoredTruck => truck !== null);
    const deletes = [...trucks].filter(([, truck]) => truck === null).map(([key]) => key);
    const now = this.now();
    const prune = alarms.length > 0 && now - this.lastPrune > PRUNE_EVERY_MS;
    await this.db.transaction('rw', [this.db.trucks, this.db.alarms, this.db.meta], async () => {
      if (puts.length > 0) await this.db.trucks.bulkPut(puts);
      if (deletes.length > 0) await this.db.trucks.bulkDelete(deletes);
      if (alarms.length > 0) await this.db.alarms.bulkPut(alarms);
      if (meta.length > 0) await this.db.meta.bulkPut(meta);
      for (const flag of [0, 1] as const) {
        const seqs = [...standings].filter(([, value]) => value === flag).map(([seq]) => seq);
        if (seqs.length > 0) await this.db.alarms.where('seq').anyOf(seqs).modify({ acknowledged: flag });
      }
      if (prune) await this.db.alarms.where('receivedAt').below(now - ALARM_KEEP_MS).delete();
    });
    if (prune) this.lastPrune = now;
  }
}
