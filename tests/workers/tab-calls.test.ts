// Small per-tab calls: the trucks alone, one status's trucks for a badge table, and which tabs are visible (one desktop alert per browser).
import { describe, expect, it, vi } from 'vitest';
import type { LiveSource } from '../../src/app/live/live-source';
import type { TruckChanges } from '../../workers/live-api';
import { FakeLocks } from '../helpers/fake-locks';
import { statusRow } from '../helpers/live-frames';
import { harnesses, SESSION, waitFor } from './harness';

const start = harnesses();

describe('the trucks call', () => {
  it('gives every truck the worker holds, the same as the snapshot has', async () => {
    const harness = await start();
    const tab = await harness.tab();
    expect(await tab.api.trucks()).toEqual([]);
    await tab.api.connect(SESSION);
    await waitFor(() => harness.truck.connections.length === 1, 'the status socket');
    harness.truck.latest().send([statusRow({ truckId: 1, status: 2 }), statusRow({ truckId: 2, status: 3 }), statusRow({ truckId: 3, status: 4 })]);
    await waitFor(() => harness.core.snapshot().trucks.length === 3, 'three trucks');

    const trucks = await tab.api.trucks();
    expect(trucks.map((truck) => truck.row.truckId).sort()).toEqual([1, 2, 3]);
    expect(trucks).toEqual(harness.core.snapshot().trucks);
  });

  it('is not what the badge tables load: they watch one status through the console live source, never the snapshot', async () => {
    const harness = await start();
    const tab = await harness.tab();
    await tab.api.connect(SESSION);
    await waitFor(() => harness.truck.connections.length === 1, 'the status socket');
    harness.truck.latest().send([statusRow({ truckId: 7, status: 1 }), statusRow({ truckId: 8, status: 2 })]);
    await waitFor(() => harness.core.trucks().length === 2, 'two trucks');
    const snapshot = vi.spyOn(harness.core, 'snapshot');
    const trucks = vi.spyOn(harness.core, 'trucks');

    const parts: TruckChanges[] = [];
    const source: LiveSource = tab;
    await source.watchTrucks(1, (part) => void parts.push(part));
    await waitFor(() => parts.length === 1, 'the table');
    expect(parts[0]?.changed.map((truck) => truck.row.truckId)).toEqual([7]);
    expect(trucks).toHaveBeenCalledTimes(1);
    expect(snapshot).not.toHaveBeenCalled();
  });
});

describe('a badge table watch', () => {
  const started = async () => {
    const harness = await start();
    const tab = await harness.tab();
    await tab.api.connect(SESSION);
    await waitFor(() => harness.truck.connections.length === 1, 'the status socket');
    return { harness, tab };
  };

  it('gives a tab its status’s trucks, then only the changes that touch that status', async () => {
    const { harness, tab } = await started();
    harness.truck.latest().send([1, 2, 3].map((truckId) => statusRow({ truckId, status: truckId === 1 ? 2 : 3 })));
    await waitFor(() => harness.core.trucks().length === 3, 'three trucks');
    const parts: TruckChanges[] = [];
    await tab.watchTrucks(3, (part) => void parts.push(part));
    await waitFor(() => parts.length === 1, 'the table');
    expect(parts[0]?.changed.map((truck) => truck.key)).toEqual(['id:2', 'id:3']);

    // Truck 1 enters the status, truck 2 leaves it; a later frame changes only a truck of another status.
    harness.truck.latest().send([statusRow({ truckId: 1, status: 3 }), statusRow({ truckId: 2, status: 4 })]);
    harness.truck.latest().send([statusRow({ truckId: 2, status: 4, speed: 30 })]);
    harness.truck.latest().send([statusRow({ truckId: 3, status: 3, speed: 40 })]);
    await waitFor(() => parts.length === 3, 'two changes');
    expect(parts.slice(1).map((part) => ({ changed: part.changed.map((truck) => truck.key), removed: part.removed }))).toEqual([
      { changed: ['id:1'], removed: ['id:2'] },
      { changed: ['id:3'], removed: [] },
    ]);
  });

  it('sends 1,200 trucks in parts of at most 250, and nothing more once unsubscribed', async () => {
    const { harness, tab } = await started();
    const listeners = harness.core.hub.listenerCount();
    harness.truck.latest().send(Array.from({ length: 1_200 }, (_, i) => statusRow({ truckId: i + 1, signCode: `京A${i}`, status: 1 })));
    await waitFor(() => harness.core.trucks().length === 1_200, 'the fleet');
    const parts: TruckChanges[] = [];
    const unsubscribe = await tab.watchTrucks(1, (part) => void parts.push(part));
    await waitFor(() => parts.length === 5, 'the table');
    expect(parts.map((part) => part.changed.length)).toEqual([250, 250, 250, 250, 200]);

    await unsubscribe();
    expect(harness.core.hub.listenerCount()).toBe(listeners);
    // A second watch sees the change; the first, served by the same publish, would have seen it no later.
    const witness: TruckChanges[] = [];
    await tab.watchTrucks(1, (part) => void witness.push(part));
    await waitFor(() => witness.length === 5, 'the second table');
    harness.truck.latest().send([statusRow({ truckId: 1, signCode: '京A0', status: 1, speed: 50 })]);
    await waitFor(() => witness.length === 6, 'the change at the second table');
    expect(parts).toHaveLength(5);
  });

  it('empties the table when the worker swaps its pipeline, as at logout', async () => {
    const { harness, tab } = await started();
    harness.truck.latest().send([statusRow({ truckId: 1, status: 3 }), statusRow({ truckId: 2, status: 3 })]);
    await waitFor(() => harness.core.trucks().length === 2, 'two trucks');
    const parts: TruckChanges[] = [];
    await tab.watchTrucks(3, (part) => void parts.push(part));
    await waitFor(() => parts.length === 1, 'the table');
    await tab.api.logout();
    await waitFor(() => parts.length === 2, 'the swap');
    expect(parts[1]).toEqual({ changed: [], removed: ['id:1', 'id:2'] });
  });

  it('refuses a status that does not exist', async () => {
    const { tab } = await started();
    await expect(tab.watchTrucks(9 as never, () => undefined)).rejects.toThrow(/no truck status 9/);
  });
});

describe('desktop alerts, one per browser', () => {
  it('go to the first hidden tab that asks for an alarm, to none while a tab is visible, and forget a closed tab', async () => {
    const locks = new FakeLocks();
    const harness = await start({ locks });
    const [a, b] = [await harness.tab({ locks }), await harness.tab({ locks })];
    expect(await a.api.claimDesktopAlert('urgent-1')).toBe(true);
    expect(await b.api.claimDesktopAlert('urgent-1')).toBe(false);
    expect(await b.api.claimDesktopAlert('urgent-2')).toBe(true);

    await b.api.setVisible(true);
    expect(await a.api.claimDesktopAlert('urgent-3')).toBe(false);
    await a.api.setVisible(false);
    expect(await a.api.claimDesktopAlert('urgent-3')).toBe(false);
    await b.api.setVisible(false);
    expect(await a.api.claimDesktopAlert('urgent-3')).toBe(true);

    await b.api.setVisible(true);
    b.close();
    await waitFor(() => harness.core.diagnostics().tabs.locks === 1, 'the closed tab dropped');
    expect(await a.api.claimDesktopAlert('urgent-4')).toBe(true);
  });
});

describe('the alarm types in force', () => {
  it('reach every tab at once, the current ones on subscribing and each change after', async () => {
    const harness = await start();
    const [a, b] = [await harness.tab(), await harness.tab()];
    await a.api.connect({ ...SESSION, typeIds: '2, 4,4' });
    const seen: string[] = [];
    await b.subscribe('alarm.types', (types) => void seen.push(types));
    await waitFor(() => seen.length === 1, 'the current types');
    expect(seen).toEqual(['2,4']);

    await a.api.setAlarmTypes('7,201');
    await waitFor(() => seen.length === 2, 'the changed types');
    expect(seen).toEqual(['2,4', '7,201']);
    expect(harness.core.snapshot().alarmTypes).toBe('7,201');
  });

  it('stay as applied when another tab of the same session connects with the list it loaded before', async () => {
    const harness = await start();
    const [a, b] = [await harness.tab(), await harness.tab()];
    await a.api.connect({ ...SESSION, typeIds: '2,4' });
    await a.api.setAlarmTypes('7');
    await b.api.connect({ ...SESSION, typeIds: '2,4' });
    expect(harness.core.snapshot().alarmTypes).toBe('7');

    await b.api.connect({ ...SESSION, token: 'another-login', typeIds: '2,4' });
    expect(harness.core.snapshot().alarmTypes).toBe('2,4');
  });
});

describe('notice dismissals', () => {
  it('refuse a notice that does not exist', async () => {
    const harness = await start();
    const tab = await harness.tab();
    await expect(tab.api.dismissNotice('alarms' as never)).rejects.toThrow(/no notice alarms/);
  });
});
