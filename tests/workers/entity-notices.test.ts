// The alarm socket's entity-changed notices in the worker (mock-socket): every tab hears `data.changed` with the
// changes, a burst as one list; a malformed notice is a bad frame while alarms go on; a reopened alarm socket tells
// every tab that changes may have been missed.
import { describe, expect, it } from 'vitest';
import type { LiveAlarm } from '../../domain/wire/live-alarm';
import { SOCKET_CLOSE } from '../../domain/wire/sockets';
import type { DataChanges } from '../../workers/live-api';
import { liveAlarm } from '../helpers/live-frames';
import { collect, harnesses, SESSION, waitFor, type Harness } from './harness';

const start = harnesses();
const STATION = '/setting/base_data/station';
const notice = (key: string, company: string | null = 'C002') => ({ notice: 'entityChanged', path: STATION, key, company });

async function connected(harness: Harness): Promise<void> {
  await waitFor(() => harness.alarm.connections.length === 1, 'the alarm socket');
  await waitFor(() => harness.alarm.latest().received.length === 1, 'its open message');
}

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const keysOf = (heard: readonly DataChanges[]) => heard.flatMap((event) => event.changes.map((change) => (change.kind === 'entityChanged' ? change.key : change.kind === 'dataChanged' ? change.topic : String(change.seq))));

describe('entity-changed notices in the worker', () => {
  it('publishes a notice to every tab as data.changed with the change it names', async () => {
    const harness = await start();
    const [a, b] = [await harness.tab(), await harness.tab()];
    const [heardA, heardB] = [await collect(a, 'data.changed'), await collect(b, 'data.changed')];
    await a.api.connect(SESSION);
    await connected(harness);

    harness.alarm.latest().send(notice('12'));
    await waitFor(() => heardA.length === 1 && heardB.length === 1, 'the event in both tabs');

    const expected: DataChanges = { changes: [{ kind: 'entityChanged', path: STATION, key: '12', company: 'C002' }], missed: false };
    expect([heardA, heardB]).toEqual([[expected], [expected]]);
    expect(harness.alarm.connections).toHaveLength(1);
    expect(harness.core.diagnostics().frames).toMatchObject({ noticeFrames: 1, alarmFrames: 0, badFrames: 0 });
  });

  it('publishes a burst of notices as one list, in order, none lost', async () => {
    const harness = await start();
    const tab = await harness.tab();
    const heard = await collect(tab, 'data.changed');
    await tab.api.connect(SESSION);
    await connected(harness);

    for (let i = 1; i <= 5; i += 1) harness.alarm.latest().send(notice(String(i), i % 2 === 0 ? null : 'C002'));
    await waitFor(() => harness.core.diagnostics().frames.noticeFrames === 5, 'five notices');
    await settle(200);

    expect(heard).toHaveLength(1);
    expect(keysOf(heard)).toEqual(['1', '2', '3', '4', '5']);
  });

  it('publishes rows saved and a changed topic within one batch as one event, in order, the topic once', async () => {
    const harness = await start();
    const tab = await harness.tab();
    const heard = await collect(tab, 'data.changed');
    await tab.api.connect(SESSION);
    await connected(harness);

    const topic = { notice: 'dataChanged', topic: 'eventHandling' } as const;
    for (const frame of [notice('1'), topic, notice('2'), topic]) harness.alarm.latest().send(frame);
    await waitFor(() => harness.core.diagnostics().frames.noticeFrames === 4, 'four notices');
    await settle(200);

    expect(heard).toHaveLength(1);
    expect(keysOf(heard)).toEqual(['1', 'eventHandling', '2']);
  });

  it('counts a malformed notice as a bad frame, drops it, and still delivers the alarm after it', async () => {
    const harness = await start();
    const tab = await harness.tab();
    const heard = await collect(tab, 'data.changed');
    const alarms = await collect(tab, 'alarm.received');
    await tab.api.connect(SESSION);
    await connected(harness);

    harness.alarm.latest().send({ notice: 'entityChanged', path: STATION, key: 12, company: 'C002' });
    harness.alarm.latest().send(liveAlarm({ seq: 9 }));
    await waitFor(() => alarms.length === 1, 'the alarm after it');
    await settle(100);

    expect(alarms.flat().map((alarm: LiveAlarm) => alarm.seq)).toEqual([9]);
    expect(heard).toEqual([]);
    expect(harness.core.diagnostics().frames).toMatchObject({ badFrames: 1, noticeFrames: 0, lastBad: { socket: 'alarm', reason: 'notNotice' } });
  });

  it('tells every tab that changes may have been missed when the alarm socket opens again, not at the first open', async () => {
    const harness = await start();
    const tab = await harness.tab();
    const heard = await collect(tab, 'data.changed');
    await tab.api.connect(SESSION);
    await connected(harness);
    await settle(100);
    expect(heard).toEqual([]);

    harness.alarm.latest().close(SOCKET_CLOSE.overloaded);
    await waitFor(() => harness.core.diagnostics().links.alarm.state === 'waiting', 'waiting');
    harness.simulated?.increment(5_000);
    await waitFor(() => harness.alarm.connections.length === 2, 'the reconnect');
    await waitFor(() => heard.length === 1, 'a data.changed');

    expect(heard).toEqual([{ changes: [], missed: true }]);
  });
});
