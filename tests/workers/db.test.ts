// The worker's IndexedDB schema across versions: an older console's stored state meets this one.
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import Dexie from 'dexie';
import { describe, expect, it } from 'vitest';
import { alarmKey } from '../../domain/wire/live-alarm';
import { LiveDb } from '../../workers/db';
import { liveAlarm, statusRow } from '../helpers/live-frames';

describe('LiveDb upgrade from version 1', () => {
  it('moves the alarms stored under the old seq-only keys to their new keys, and keeps everything else', async () => {
    const indexedDB = new IDBFactory();
    const old = new Dexie('live-upgrade', { indexedDB, IDBKeyRange });
    old.version(1).stores({
      trucks: 'key', alarms: 'key, receivedAt, seq, acknowledged', meta: 'key', recordings: '++id, startedAt', recordingFrames: '++id, recordingId',
    });
    await old.table('alarms').put({ key: 's:4', seq: 4, type: 2, receivedAt: 1, acknowledged: 0, alarm: liveAlarm({ seq: 4 }) });
    await old.table('trucks').put({ key: 'id:1', row: statusRow({ truckId: 1 }) });
    await old.table('meta').bulkPut([{ key: 'lastSeq', value: 4 }, { key: 'userName', value: 'admin' }]);
    old.close();

    const db = new LiveDb('live-upgrade', { indexedDB, IDBKeyRange });
    expect(await db.alarms.toArray()).toEqual([
      { key: alarmKey(liveAlarm({ seq: 4 })), seq: 4, type: 2, receivedAt: 1, acknowledged: 0, alarm: liveAlarm({ seq: 4 }) },
    ]);
    expect(await db.trucks.toArray()).toEqual([{ key: 'id:1', row: statusRow({ truckId: 1 }) }]);
    expect(await db.meta.toArray()).toEqual([{ key: 'lastSeq', value: 4 }, { key: 'userName', value: 'admin' }]);
    db.close();
  });
});
