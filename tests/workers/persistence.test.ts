// IndexedDB: a new worker shows the stored state before its sockets open; only changed rows are written; users are kept apart.
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import type { FleetStatus } from '../../workers/live-api';
import { bigFleet, liveAlarm, seededRandom, statusRow } from '../helpers/live-frames';
import { collect, harnesses, SESSION, waitFor, type Harness } from './harness';

const start = harnesses();

/** A worker that received a fleet and two alarms, wrote them, and died. */
async function previousWorker(): Promise<Harness> {
  const first = await start();
  const tab = await first.tab();
  await tab.api.connect(SESSION);
  await waitFor(() => first.truck.connections.length === 1 && first.alarm.connections.length === 1, 'sockets');
  first.truck.latest().send([statusRow({ truckId: 1, status: 2 }), statusRow({ truckId: 2, status: 0 }), statusRow({ truckId: 3, status: 3 })]);
  first.alarm.latest().send(liveAlarm({ seq: 8 }));
  first.alarm.latest().send(liveAlarm({ seq: 9, type: 201 }));
  await waitFor(() => first.core.snapshot().recent.length === 2 && first.core.snapshot().status.trucks === 3, 'live state');
  await first.core.idle();
  await first.core.close();
  return first;
}

describe('hydration', () => {
  it('publishes the stored fleet before the sockets open, then sends the stored lastSeq', async () => {
    const before = await previousWorker();
    const harness = await start({ idb: before.idb });
    const published: { status: FleetStatus; truckLink: string }[] = [];
    harness.core.hub.subscribe(0, 'fleet.status', (status) => {
      published.push({ status, truckLink: harness.core.diagnostics().links.truck.state });
    });
    const tab = await harness.tab();
    const seen = await collect(tab, 'fleet.status');
    await tab.api.connect(SESSION);
    await waitFor(() => harness.alarm.connections.length === 1 && harness.alarm.latest().received.length === 1, 'alarm open');

    const hydrated = published.find((entry) => entry.status.source === 'hydrated');
    expect(hydrated).toMatchObject({ truckLink: 'idle', status: { trucks: 3, counts: { 0: 1, 1: 0, 2: 1, 3: 1, 4: 0 } } });
    await waitFor(() => seen.some((status) => status.source === 'hydrated'), 'tab saw the stored fleet');
    expect((await tab.api.snapshot()).recent.map((alarm) => alarm.seq)).toEqual([9, 8]);
    expect(harness.alarm.latest().opens()).toEqual([expect.objectContaining({ lastSeq: 9 })]);
  });

  it('clears what another user left instead of showing it', async () => {
    const before = await previousWorker();
    const harness = await start({ idb: before.idb });
    const tab = await harness.tab();
    await tab.api.connect({ ...SESSION, userName: 'operator' });
    await waitFor(() => harness.alarm.connections.length === 1 && harness.alarm.latest().received.length === 1, 'alarm open');
    await harness.core.idle();

    expect(harness.core.snapshot().status).toMatchObject({ trucks: 0, source: 'none' });
    expect(await harness.db.trucks.count()).toBe(0);
    expect(harness.alarm.latest().opens()[0]).not.toHaveProperty('lastSeq');
  });
});

describe('writing', () => {
  it('writes a snapshot once, then only the rows that changed', async () => {
    const harness = await start();
    const tab = await harness.tab();
    await tab.api.connect(SESSION);
    await waitFor(() => harness.truck.connections.length === 1, 'truck socket');
    const fleet = bigFleet(400, seededRandom(4));
    harness.truck.latest().send(fleet);
    await waitFor(() => harness.core.snapshot().status.trucks === 400, 'snapshot');
    await harness.core.idle();
    const afterSnapshot = harness.core.diagnostics().storage.rowsWritten;

    const changed = fleet.map((row, i) => (i % 20 === 0 ? { ...row, speed: row.speed + 1 } : row));
    harness.truck.latest().send(changed);
    await waitFor(() => harness.core.snapshot().trucks.find((t) => t.key === 'id:21')?.row.speed === changed[20]?.speed, 'changes');
    await harness.core.idle();
    const afterChange = harness.core.diagnostics().storage.rowsWritten;

    expect(afterSnapshot).toBe(400);
    expect(afterChange - afterSnapshot).toBe(20);
    expect(await harness.db.trucks.count()).toBe(400);
    expect((await harness.db.trucks.get('id:21'))?.row.speed).toBe(changed[20]?.speed);
  });

  it('keeps alarms with an acknowledged flag, and the last seq and chosen types in meta', async () => {
    const harness = await start();
    const tab = await harness.tab();
    await tab.api.connect({ ...SESSION, typeIds: '2,201' });
    await waitFor(() => harness.alarm.connections.length === 1, 'alarm socket');
    harness.alarm.latest().send(liveAlarm({ seq: 4 }));
    harness.alarm.latest().send(liveAlarm({ seq: 5, type: 4 }));
    await waitFor(() => harness.core.diagnostics().lastSeq === 5, 'alarms');
    await harness.core.idle();

    expect(await harness.db.alarms.toArray()).toEqual([expect.objectContaining({ key: expect.stringMatching(/^s:4:/), seq: 4, acknowledged: 0 })]);
    expect(await harness.db.meta.toArray()).toEqual(expect.arrayContaining([
      { key: 'lastSeq', value: 5 }, { key: 'alarmTypes', value: '2,201' }, { key: 'userName', value: 'admin' },
    ]));
  });

  it('forgets the stored live state on logout and stops both sockets', async () => {
    const before = await previousWorker();
    const harness = await start({ idb: before.idb });
    const tab = await harness.tab();
    await tab.api.connect(SESSION);
    await waitFor(() => harness.truck.connections.length === 1, 'truck socket');
    await tab.api.logout();
    harness.simulated?.increment(60_000);

    expect(await harness.db.trucks.count()).toBe(0);
    expect(await harness.db.alarms.count()).toBe(0);
    expect(harness.core.snapshot().status).toMatchObject({ trucks: 0, source: 'none' });
    expect(harness.core.diagnostics().links.truck.state).toBe('idle');
    expect(harness.truck.connections).toHaveLength(1);
  });
});

describe('without a usable IndexedDB', () => {
  it('still shows live data, and counts the failed reads and writes', async () => {
    const broken = Object.assign(new IDBFactory(), {
      open(): IDBOpenDBRequest {
        throw new Error('IndexedDB is not available here');
      },
    });
    const harness = await start({ idb: broken });
    const tab = await harness.tab();
    await tab.api.connect(SESSION);
    await waitFor(() => harness.truck.connections.length === 1, 'truck socket');
    harness.truck.latest().send([statusRow({ truckId: 1, status: 3 })]);
    await waitFor(() => harness.core.snapshot().status.trucks === 1, 'live row');
    await harness.core.idle();

    expect(harness.core.snapshot().status).toMatchObject({ source: 'live', counts: { 3: 1 } });
    expect(harness.core.diagnostics().storage.failures).toBeGreaterThanOrEqual(2);
  });
});
