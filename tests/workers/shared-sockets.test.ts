// The worker owns one socket pair for all tabs: open messages, shared events, lastSeq on reconnect, final closes.
import { EVERY_TYPE_LIST } from '../../domain/alarm-types';
import { describe, expect, it } from 'vitest';
import { SOCKET_CLOSE } from '../../domain/wire/sockets';
import type { LiveAlarm } from '../../domain/wire/live-alarm';
import { legacyAlarm, legacyRow, liveAlarm, statusRow } from '../helpers/live-frames';
import { collect, harnesses, SESSION, waitFor } from './harness';

const start = harnesses();

const seqs = (batches: readonly (readonly LiveAlarm[])[]) => batches.flat().map((alarm) => alarm.seq);

describe('the live worker with two tabs', () => {
  it('opens one socket pair with the spec open messages plus token, and both tabs receive every event', async () => {
    const harness = await start();
    const [a, b] = [await harness.tab(), await harness.tab()];
    const statusA = await collect(a, 'fleet.status');
    const statusB = await collect(b, 'fleet.status');
    const alarmsA = await collect(a, 'alarm.received');
    const alarmsB = await collect(b, 'alarm.received');
    await a.api.connect(SESSION);
    await b.api.connect(SESSION);
    await waitFor(() => harness.truck.connections.length === 1 && harness.alarm.connections.length === 1, 'sockets');
    await waitFor(() => harness.alarm.latest().received.length === 1, 'open messages');

    harness.truck.latest().send([statusRow({ truckId: 1, status: 2 }), statusRow({ truckId: 2, status: 3 })]);
    harness.alarm.latest().send(liveAlarm({ seq: 1 }));
    await waitFor(() => alarmsA.length > 0 && alarmsB.length > 0, 'alarms in both tabs');

    expect(harness.truck.connections).toHaveLength(1);
    expect(harness.alarm.connections).toHaveLength(1);
    expect(harness.truck.latest().opens()).toEqual([{ frequency: 30, msgType: 0, userPri: [], token: 'token-1' }]);
    expect(harness.alarm.latest().opens()).toEqual([{ typeIds: EVERY_TYPE_LIST, msgType: 1, userPri: [], userName: 'admin', token: 'token-1' }]);
    for (const status of [statusA, statusB]) {
      expect(status.at(-1)).toMatchObject({ counts: { 0: 0, 1: 0, 2: 1, 3: 1, 4: 0 }, trucks: 2, source: 'live' });
    }
    expect(seqs(alarmsA)).toEqual([1]);
    expect(seqs(alarmsB)).toEqual([1]);
  });

  it('gives a tab that joins later the current state at once', async () => {
    const harness = await start();
    const first = await harness.tab();
    await first.api.connect(SESSION);
    await waitFor(() => harness.truck.connections.length === 1, 'truck socket');
    harness.truck.latest().send([statusRow({ truckId: 5, status: 4 })]);
    await waitFor(() => harness.core.snapshot().status.trucks === 1, 'first frame');

    const late = await harness.tab();
    const status = await collect(late, 'fleet.status');
    const snapshot = await late.api.snapshot();

    expect(status).toEqual([expect.objectContaining({ counts: { 0: 0, 1: 0, 2: 0, 3: 0, 4: 1 } })]);
    expect(snapshot.trucks.map((truck) => [truck.key, truck.state])).toEqual([['id:5', 'parking']]);
  });
});

describe('reconnecting', () => {
  it('resends the last seq it holds, and no alarm is duplicated or lost', async () => {
    const harness = await start();
    const tab = await harness.tab();
    const alarms = await collect(tab, 'alarm.received');
    await tab.api.connect(SESSION);
    await waitFor(() => harness.alarm.connections.length === 1, 'alarm socket');
    for (const seq of [1, 2, 3]) harness.alarm.latest().send(liveAlarm({ seq }));
    await waitFor(() => seqs(alarms).length === 3, 'first alarms');
    harness.alarm.latest().close(SOCKET_CLOSE.overloaded);
    await waitFor(() => harness.core.diagnostics().links.alarm.state === 'waiting', 'waiting');

    harness.simulated?.increment(4_999);
    expect(harness.alarm.connections).toHaveLength(1);
    harness.simulated?.increment(1);
    await waitFor(() => harness.alarm.connections.length === 2, 'reconnect');
    await waitFor(() => harness.alarm.latest().received.length === 1, 'open message');
    // The server replays from lastSeq; an overlapping resend of 3 must not show twice.
    for (const seq of [3, 4, 5]) harness.alarm.latest().send(liveAlarm({ seq }));
    await waitFor(() => seqs(alarms).length >= 5, 'replayed alarms');
    await harness.core.idle();

    expect(harness.alarm.latest().opens()).toEqual([expect.objectContaining({ lastSeq: 3, token: 'token-1' })]);
    expect(seqs(alarms)).toEqual([1, 2, 3, 4, 5]);
    expect(harness.core.diagnostics().lastSeq).toBe(5);
  });

  it('stops both sockets for good on 4401 and tells every tab the session is invalid', async () => {
    const harness = await start();
    const tab = await harness.tab();
    const invalid = await collect(tab, 'session.invalid');
    await tab.api.connect(SESSION);
    await waitFor(() => harness.truck.connections.length === 1 && harness.alarm.connections.length === 1, 'sockets');
    harness.truck.latest().close(SOCKET_CLOSE.sessionExpired, 'expired');
    await waitFor(() => invalid.length === 1, 'session.invalid');
    await waitFor(() => harness.core.diagnostics().links.alarm.state === 'stopped', 'alarm link stopped');

    harness.simulated?.increment(60_000);
    expect(invalid).toEqual([{ socket: 'truck', code: 4401 }]);
    expect(harness.core.diagnostics().links.truck.state).toBe('rejected');
    expect(harness.truck.connections).toHaveLength(1);
    expect(harness.alarm.connections).toHaveLength(1);
  });

  it('reconnects with a new pair after a new login following an invalid session', async () => {
    const harness = await start();
    const tab = await harness.tab();
    await tab.api.connect(SESSION);
    await waitFor(() => harness.truck.connections.length === 1, 'truck socket');
    harness.truck.latest().close(SOCKET_CLOSE.sessionExpired);
    await waitFor(() => harness.core.diagnostics().links.truck.state === 'rejected', 'rejected');
    await tab.api.connect({ ...SESSION, token: 'token-2' });
    await waitFor(() => harness.truck.connections.length === 2, 'new truck socket');
    await waitFor(() => harness.truck.latest().received.length === 1, 'open message');
    expect(harness.truck.latest().opens()).toEqual([expect.objectContaining({ token: 'token-2' })]);
  });
});

describe('choosing alarm types', () => {
  it('resends the alarm open message with the new types and filters alarms already in flight', async () => {
    const harness = await start();
    const tab = await harness.tab();
    const alarms = await collect(tab, 'alarm.received');
    const urgent = await collect(tab, 'alarm.urgent');
    await tab.api.connect(SESSION);
    await waitFor(() => harness.alarm.connections.length === 1, 'alarm socket');
    await tab.api.setAlarmTypes('201, 999,4');
    await waitFor(() => harness.alarm.latest().received.length === 2, 'second open message');
    harness.alarm.latest().send(liveAlarm({ seq: 1, type: 2 }));
    harness.alarm.latest().send(liveAlarm({ seq: 2, type: 201 }));
    await waitFor(() => urgent.length === 1 && alarms.length === 1, 'urgent alarm');

    expect(harness.alarm.latest().opens().at(-1)).toMatchObject({ typeIds: '201,4' });
    expect(seqs(alarms)).toEqual([2]);
    expect(urgent.map((alarm) => alarm.seq)).toEqual([2]);
    expect((await tab.api.snapshot()).alarmTypes).toBe('201,4');
  });
});

describe('a server that ignores our extensions', () => {
  it('merges rows by plate, deduplicates alarms by type, truck and start time, and never sends lastSeq', async () => {
    const harness = await start();
    const tab = await harness.tab();
    const alarms = await collect(tab, 'alarm.received');
    await tab.api.connect(SESSION);
    await waitFor(() => harness.truck.connections.length === 1 && harness.alarm.connections.length === 1, 'sockets');
    harness.truck.latest().send([legacyRow({ signCode: '京A1', status: 1 }), legacyRow({ signCode: '京A2', status: 2 })]);
    harness.truck.latest().send([legacyRow({ signCode: '京A1', status: 3 }), legacyRow({ signCode: '京A2', status: 2 })]);
    harness.alarm.latest().send(legacyAlarm({ truckId: 1 }));
    harness.alarm.latest().send(legacyAlarm({ truckId: 1 }));
    harness.alarm.latest().send(legacyAlarm({ truckId: 2 }));
    await waitFor(() => alarms.flat().length === 2 && harness.core.diagnostics().frames.alarmFrames === 3, 'alarms');
    harness.alarm.latest().close(SOCKET_CLOSE.maintenance);
    await waitFor(() => harness.core.diagnostics().links.alarm.state === 'waiting', 'waiting');
    harness.simulated?.increment(7_500);
    await waitFor(() => harness.alarm.connections.length === 2 && harness.alarm.latest().received.length === 1, 'reopen');

    expect(harness.core.snapshot().trucks.map((truck) => [truck.key, truck.row.status])).toEqual([['plate:京A1', 3], ['plate:京A2', 2]]);
    expect(alarms.flat().map((alarm) => alarm.truckId)).toEqual([1, 2]);
    expect(harness.alarm.latest().opens()[0]).not.toHaveProperty('lastSeq');
  });
});
