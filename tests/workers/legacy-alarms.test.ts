// Alarms from a backend that sends no `seq` (the spec's alarm, the legacy backend): the worker keys each by type, truck
// and start time, so an alarm sent again (after a reconnect, or to a restarted worker) is kept once; and its diagnostics
// say that such a backend gives no lossless resume.
import { describe, expect, it } from 'vitest';
import { RECONNECT_JITTER_MS } from '../../machines/socket-link.machine';
import type { LiveAlarm } from '../../domain/wire/live-alarm';
import { SOCKET_CLOSE, SOCKET_RECONNECT_MS } from '../../domain/wire/sockets';
import { legacyAlarm, liveAlarm, T0 } from '../helpers/live-frames';
import { collect, harnesses, SESSION, waitFor, type Harness } from './harness';

const start = harnesses();
const MINUTE = 60_000;
/** Three alarms of one truck and type: the first and second differ by start time only; the third is another truck's. */
const FIRST = legacyAlarm({ type: 2, truckId: 1, startTime: T0 });
const SECOND = legacyAlarm({ type: 2, truckId: 1, startTime: T0 + MINUTE });
const OTHER_TRUCK = legacyAlarm({ type: 2, truckId: 2, startTime: T0 });

const identities = (alarms: readonly LiveAlarm[]) => alarms.map((alarm) => `${alarm.type}:${alarm.truckId}:${alarm.startTime}`);

/** Drops the alarm socket and waits until it has reopened and sent its open message again. */
async function reconnectAlarms(harness: Harness): Promise<void> {
  const before = harness.alarm.connections.length;
  harness.alarm.latest().close(SOCKET_CLOSE.maintenance);
  await waitFor(() => harness.core.diagnostics().links.alarm.state === 'waiting', 'the alarm socket down');
  harness.simulated?.increment(SOCKET_RECONNECT_MS + RECONNECT_JITTER_MS);
  await waitFor(() => harness.alarm.connections.length === before + 1 && harness.alarm.latest().received.length === 1, 'reopened');
}

describe('alarms without seq', () => {
  it('keeps one of each alarm across a reconnect that sends them again, and tells apart start times of one truck and type', async () => {
    const harness = await start();
    const tab = await harness.tab();
    const received = await collect(tab, 'alarm.received');
    await tab.api.connect(SESSION);
    await waitFor(() => harness.alarm.connections.length === 1, 'the alarm socket');
    for (const alarm of [FIRST, SECOND, FIRST]) harness.alarm.latest().send(alarm);
    await waitFor(() => harness.core.diagnostics().frames.alarmFrames === 3, 'three frames');

    await reconnectAlarms(harness);
    // Nothing tells the legacy backend what the console already holds: it may send alarms again after the reconnect.
    for (const alarm of [SECOND, FIRST, OTHER_TRUCK, SECOND]) harness.alarm.latest().send(alarm);
    await waitFor(() => harness.core.diagnostics().frames.alarmFrames === 7, 'seven frames');
    await waitFor(() => received.flat().length === 3, 'three alarms in the tab');

    expect(identities(received.flat())).toEqual([`2:1:${T0}`, `2:1:${T0 + MINUTE}`, `2:2:${T0}`]);
    expect(identities((await tab.api.snapshot()).recent)).toEqual([`2:2:${T0}`, `2:1:${T0 + MINUTE}`, `2:1:${T0}`]);
    expect(harness.alarm.latest().opens()[0]).not.toHaveProperty('lastSeq');
  });

  it('keeps an alarm a restarted worker already stored once when the backend sends it again', async () => {
    const first = await start();
    const before = await first.tab();
    await before.api.connect(SESSION);
    await waitFor(() => first.alarm.connections.length === 1, 'the alarm socket');
    first.alarm.latest().send(FIRST);
    await waitFor(() => first.core.snapshot().recent.length === 1, 'the first alarm');
    await first.core.idle();
    await first.core.close();

    const harness = await start({ idb: first.idb });
    const tab = await harness.tab();
    const received = await collect(tab, 'alarm.received');
    await tab.api.connect(SESSION);
    await waitFor(() => harness.alarm.connections.length === 1, 'the alarm socket');
    for (const alarm of [FIRST, SECOND]) harness.alarm.latest().send(alarm);
    await waitFor(() => received.flat().length === 1 && harness.core.diagnostics().frames.alarmFrames === 2, 'the new alarm');

    expect(identities(received.flat())).toEqual([`2:1:${T0 + MINUTE}`]);
    expect(identities((await tab.api.snapshot()).recent)).toEqual([`2:1:${T0 + MINUTE}`, `2:1:${T0}`]);
  });

  it('says in diagnostics that a reconnect may lose alarms while they carry no seq, and not while they do', async () => {
    const harness = await start();
    const tab = await harness.tab();
    await tab.api.connect(SESSION);
    await waitFor(() => harness.alarm.connections.length === 1, 'the alarm socket');
    expect(harness.core.diagnostics().alarmResume).toBe('unknown');
    harness.alarm.latest().send(FIRST);
    await waitFor(() => harness.core.diagnostics().frames.alarmFrames === 1, 'the legacy alarm');
    expect(harness.core.diagnostics().alarmResume).toBe('none');

    // A backend that does send seq (ours, after an upgrade) is seen as soon as its alarms come.
    await reconnectAlarms(harness);
    harness.alarm.latest().send(liveAlarm({ seq: 7, truckId: 3 }));
    await waitFor(() => harness.core.diagnostics().lastSeq === 7, 'the alarm with seq');
    expect(harness.core.diagnostics().alarmResume).toBe('lossless');
  });
});
