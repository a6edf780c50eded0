// The worker's IndexedDB schema (Dexie): last known trucks, the last day's alarms, meta, and recordings of raw frames.
import { Dexie, type EntityTable, type Table } from 'dexie';
import { alarmKey, type LiveAlarm } from '../domain/wire/live-alarm';
import type { SocketName } from '../domain/wire/sockets';
import type { TruckStatusRow } from '../domain/wire/truck-row';
import type { NoticeDismissals } from './notice-dismissals';

const LIVE_DB_NAME = 'fleet-live';

/** One truck's last row as the socket sent it; `key` is the pipeline's merge key. */
export interface StoredTruck {
  readonly key: string;
  readonly row: TruckStatusRow;
}

export interface StoredAlarm {
  /** The dedup key (`alarmKey`: seq with type, truck and start time, or those three alone). */
  readonly key: string;
  readonly seq?: number;
  readonly type: number;
  /** When this console received it; the table keeps the last 24 h of these. */
  readonly receivedAt: number;
  /** 0 or 1 (IndexedDB cannot index booleans): 1 once the inbox says someone acknowledged or resolved it. */
  readonly acknowledged: 0 | 1;
  readonly alarm: LiveAlarm;
}

export interface MetaValues {
  /** The highest alarm seq received: sent as lastSeq when the alarm socket reopens. */
  readonly lastSeq: number;
  /** Receive time of the last status frame. */
  readonly snapshotAt: number;
  /** The chosen alarm types, as the comma list the server stores. */
  readonly alarmTypes: string;
  /** Whose data this is: another user's login clears it instead of showing it. */
  readonly userName: string;
  /** The poll notices the user closed, and what they showed then (workers/notice-dismissals.ts). */
  readonly noticeDismissals: NoticeDismissals;
}

export type MetaKey = keyof MetaValues;
export type StoredMeta = { [K in MetaKey]: { readonly key: K; readonly value: MetaValues[K] } }[MetaKey];

export interface StoredRecording {
  readonly id: number;
  readonly name: string;
  readonly startedAt: number;
  /** Null while recording. */
  readonly endedAt: number | null;
  readonly frames: number;
  readonly origin: 'live' | 'import';
}

export interface StoredFrame {
  readonly id: number;
  readonly recordingId: number;
  /** Receive time, epoch ms (imports keep the file's times). */
  readonly t: number;
  readonly socket: SocketName;
  readonly text: string;
}

interface LiveDbOptions {
  /** fake-indexeddb in node (tests, benchmark); the browser's own otherwise. */
  readonly indexedDB?: IDBFactory;
  readonly IDBKeyRange?: typeof IDBKeyRange;
}

export class LiveDb extends Dexie {
  // Dexie creates the tables from the schema below; the declarations only type them.
  declare trucks: EntityTable<StoredTruck, 'key'>;
  declare alarms: EntityTable<StoredAlarm, 'key'>;
  declare meta: Table<StoredMeta, MetaKey>;
  declare recordings: EntityTable<StoredRecording, 'id'>;
  declare recordingFrames: EntityTable<StoredFrame, 'id'>;

  constructor(name: string = LIVE_DB_NAME, options: LiveDbOptions = {}) {
    super(name, {
      ...(options.indexedDB ? { indexedDB: options.indexedDB } : {}),
      ...(options.IDBKeyRange ? { IDBKeyRange: options.IDBKeyRange } : {}),
      // A cache of what the server holds: losing the last write in a crash costs nothing, so Chromium may skip the flush.
      chromeTransactionDurability: 'relaxed',
      // The worker never uses liveQuery, so Dexie's optimistic read cache would only cost memory and time.
      cache: 'disabled',
    });
    this.version(1).stores({
      trucks: 'key',
      alarms: 'key, receivedAt, seq, acknowledged',
      meta: 'key',
      recordings: '++id, startedAt',
      recordingFrames: '++id, recordingId',
    });
    // Version 2 keys alarms by seq with type, truck and start time (a recreated server database reuses seqs): the
    // stored rows move to their new keys, so nothing received is lost and lastSeq still holds.
    this.version(2)
      .stores({})
      .upgrade(async (tx) => {
        const alarms = tx.table<StoredAlarm, string>('alarms');
        const rows = await alarms.toArray();
        await alarms.clear();
        await alarms.bulkPut(rows.map((row) => ({ ...row, key: alarmKey(row.alarm) })));
      });
  }
}
