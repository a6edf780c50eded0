// The alarm socket's data-changed notices in the worker: every tab hears `data.changed`, a burst of one topic once, and
// a malformed notice is counted as a bad frame and dropped while alarms go on.
import { describe, expect, it } from 'vitest';
import type { LiveAlarm } from '../../domain/wire/live-alarm';
import { SOCKET_CLOSE } from '../../domain/wire/sockets';
import { liveAlarm } from '../helpers/live-frames';
import { collect, harnesses, SESSION, waitFor, type Harness } from './harness';

const start = harnesses();
const NOTICE = { notice: 'dataChanged', topic: 'eventHandling' } as const;
const HEARD = { changes: [{ kind: 'dataChanged', topic: 'eventHandling' }], missed: false };

async function connected(harness: Harness): Promise<void> {
  await waitFor(() => harness.alarm.connections.length === 1, 'the alarm socket');
  await waitFor(() => harness.alarm.latest().received.length === 1, 'its open message');
}

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('data-changed notices in the worker', () => {
  it('publishes a notice to every tab as data.changed with its topic', async () => {
    const harness = await start();
    const [a, b] = [await harness.tab(), await harness.tab()];
    const [heardA, heardB] = [await collect(a, 'data.changed'), await collect(b, 'data.changed')];
    await a.api.connect(SESSION);
    await connected(harness);

    harness.alarm.latest().send(NOTICE);
    await waitFor(() => heardA.length === 1 && heardB.length === 1, 'the event in both tabs');

    expect([heardA, heardB]).toEqual([[HEARD], [HEARD]]);
    expect(harness.core.diagnostics().frames).toMatchObject({ noticeFrames: 1, alarmFrames: 0, badFrames: 0 });
  });

  it('publishes a burst of notices of one topic as one event', async () => {
    const harness = await start();
    const tab = await harness.tab();
    const heard = await collect(tab, 'data.changed');
    await tab.api.connect(SESSION);
    await connected(harness);

    for (let i = 0; i < 5; i += 1) harness.alarm.latest().send(NOTICE);
    await waitFor(() => harness.core.diagnostics().frames.noticeFrames === 5, 'five notices');
    await settle(200);

    expect(heard).toEqual([HEARD]);
  });

  it('counts a malformed notice as a bad frame, drops it, and still delivers the alarm after it', async () => {
    const harness = await start();
    const tab = await harness.tab();
    const heard = await collect(tab, 'data.changed');
    const alarms = await collect(tab, 'alarm.received');
    await tab.api.connect(SESSION);
    await connected(harness);

    harness.alarm.latest().send({ notice: 'dataChanged', topic: 'weather' });
    harness.alarm.latest().send(liveAlarm({ seq: 9 }));
    await waitFor(() => alarms.length === 1, 'the alarm after it');
    await settle(100);

    expect(alarms.flat().map((alarm: LiveAlarm) => alarm.seq)).toEqual([9]);
    expect(heard).toEqual([]);
    expect(harness.core.diagnostics().frames).toMatchObject({
      badFrames: 1, noticeFrames: 0, alarmFrames: 1, lastBad: { socket: 'alarm', reason: 'notNotice' },
    });
    expect(harness.core.diagnostics().links.alarm.state).toBe('open');
  });

  it('tells every tab that any topic may have changed when the alarm socket opens again, since missed notices are not replayed', async () => {
    const harness = await start();
    const tab = await harness.tab();
    const heard = await collect(tab, 'data.changed');
    await tab.api.connect(SESSION);
    await connected(harness);
    await settle(100);
    // The first open is no reconnect: nothing was missed.
    expect(heard).toEqual([]);

    harness.alarm.latest().close(SOCKET_CLOSE.overloaded);
    await waitFor(() => harness.core.diagnostics().links.alarm.state === 'waiting', 'waiting');
    harness.simulated?.increment(5_000);
    await waitFor(() => harness.alarm.connections.length === 2, 'the reconnect');
    await waitFor(() => heard.length === 1, 'a data.changed');

    expect(heard).toEqual([{ changes: [], missed: true }]);
  });
});
