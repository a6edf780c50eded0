// The IndexedDB writer: rows come back as they were stored, and a failed batch is not lost, so a stored lastSeq never
// runs ahead of the stored alarms.
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { LiveDb } from '../../workers/db';
import { LiveStore } from '../../workers/live-store';
import { EMPTY_FLEET, mergeRows } from '../../streams/truck-status.stream';
import { liveAlarm, statusRow, T0 } from '../helpers/live-frames';

describe('LiveStore rows', () => {
  it('hydrates a truck with the fix it was stored with, and one without a fix without one', async () => {
    const db = new LiveDb('store-fix', { indexedDB: new IDBFactory(), IDBKeyRange });
    const placed = statusRow({ truckId: 1, lat: 31.230416, lng: 121.473701, heading: 359.5 });
    const unplaced = statusRow({ truckId: 2, gpsTime: null });
    const writer = new LiveStore(db, () => T0);
    writer.writeFleet(mergeRows(EMPTY_FLEET, { values: [placed, unplaced], snapshot: true, t: T0 }));
    await writer.idle();

    const { fleet } = await new LiveStore(db, () => T0).load();
    expect(fleet.trucks.get('id:1')?.row).toStrictEqual(placed);
    expect(fleet.trucks.get('id:2')?.row).toStrictEqual(unplaced);
  });
});

describe('LiveStore after a failed write', () => {
  it('writes the failed batch with the next one, keeping the newer value of anything written twice', async () => {
    const db = new LiveDb('store-retry', { indexedDB: new IDBFactory(), IDBKeyRange });
    const store = new LiveStore(db, () => T0);
    const realTransaction = db.transaction.bind(db);
    let failNext = true;
    // The first transaction fails as a full disk would; every later one goes through.
    db.transaction = ((...args: Parameters<typeof realTransaction>) => {
      if (failNext) {
        failNext = false;
        return Promise.reject(new Error('QuotaExceededError'));
      }
      return realTransaction(...args);
    }) as typeof db.transaction;

    store.writeAlarm(liveAlarm({ seq: 7 }), T0);
    store.writeMeta({ key: 'lastSeq', value: 7 });
    await store.idle();
    expect(store.stats()).toMatchObject({ failures: 1, pendingRows: 2 });
    expect(await db.alarms.count()).toBe(0);

    store.writeAlarm(liveAlarm({ seq: 8 }), T0);
    store.writeMeta({ key: 'lastSeq', value: 8 });
    await store.idle();

    expect(store.stats().pendingRows).toBe(0);
    expect((await db.alarms.toArray()).map((a) => a.seq).sort()).toEqual([7, 8]);
    expect(await db.meta.get('lastSeq')).toMatchObject({ value: 8 });
  });
});
