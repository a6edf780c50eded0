// Small per-tab calls: the trucks alone for the badge tables, and which tabs are visible (one desktop alert per browser).
import { describe, expect, it, vi } from 'vitest';
import { clientSource } from '../../src/app/live/live-source';
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

  it('is what the console live source loads the badge tables with, not the whole snapshot', async () => {
    const harness = await start();
    const tab = await harness.tab();
    await tab.api.connect(SESSION);
    await waitFor(() => harness.truck.connections.length === 1, 'the status socket');
    harness.truck.latest().send([statusRow({ truckId: 7, status: 1 })]);
    await waitFor(() => harness.core.trucks().length === 1, 'one truck');
    const snapshot = vi.spyOn(harness.core, 'snapshot');

    const trucks = await clientSource(tab).trucks();
    expect(trucks.map((truck) => truck.row.truckId)).toEqual([7]);
    expect(snapshot).not.toHaveBeenCalled();
  });
});

describe('tab visibility', () => {
  it('knows whether any tab is visible, and forgets a tab that went away', async () => {
    const locks = new FakeLocks();
    const harness = await start({ locks });
    const [a, b] = [await harness.tab({ locks }), await harness.tab({ locks })];
    expect(await a.api.anyTabVisible()).toBe(false);

    await b.api.setVisible(true);
    expect(await a.api.anyTabVisible()).toBe(true);
    await a.api.setVisible(false);
    expect(await a.api.anyTabVisible()).toBe(true);
    await b.api.setVisible(false);
    expect(await a.api.anyTabVisible()).toBe(false);

    await b.api.setVisible(true);
    b.close();
    await waitFor(() => harness.core.diagnostics().tabs.locks === 1, 'the closed tab dropped');
    expect(await a.api.anyTabVisible()).toBe(false);
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
});
