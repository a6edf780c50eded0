// The alarm socket's alarm-state notices (the inbox) in the worker (mock-socket, fake-indexeddb): every tab hears each
// change as data.changed, the alarms kept in IndexedDB are marked handled, a handled alarm's pop-up goes from every tab,
// and a malformed notice changes nothing.
import { describe, expect, it } from 'vitest';
import type { AlarmStanding } from '../../domain/wire/alarm-inbox';
import type { LiveAlarm } from '../../domain/wire/live-alarm';
import type { DataChanges } from '../../workers/live-api';
import { liveAlarm, T0 } from '../helpers/live-frames';
import { collect, harnesses, SESSION, waitFor, type Harness } from './harness';

const start = harnesses();

async function connected(harness: Harness): Promise<void> {
  await waitFor(() => harness.alarm.connections.length === 1, 'the alarm socket');
  await waitFor(() => harness.alarm.latest().received.length === 1, 'its open message');
}

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const standing = (seq: number, state: AlarmStanding['state'], by: string | null = 'operator'): AlarmStanding => ({
  seq, state, by, at: by === null ? null : T0 + 60_000, assignee: null, note: state === 'resolved' ? '已处理' : '',
});
const notice = (...changes: readonly unknown[]) => ({ notice: 'alarmState', changes });
const seqsOf = (popups: readonly LiveAlarm[] | undefined) => (popups ?? []).map((alarm) => alarm.seq);

/** A connected worker that received alarms 1, 2 and 3 (newest pop-up first: 3, 2, 1), all written to IndexedDB. */
async function withAlarms() {
  const harness = await start();
  const tab = await harness.tab();
  const heard = await collect(tab, 'data.changed');
  const popups = await collect(tab, 'alarm.popups');
  await tab.api.connect(SESSION);
  await connected(harness);
  for (const seq of [1, 2, 3]) harness.alarm.latest().send(liveAlarm({ seq, startTime: T0 + seq }));
  await waitFor(() => seqsOf(popups.at(-1)).length === 3, 'three pop-ups');
  await harness.core.idle();
  return { harness, tab, heard, popups };
}

const flags = async (harness: Harness) =>
  Object.fromEntries((await harness.db.alarms.toArray()).map((row) => [row.seq, row.acknowledged]));

describe('alarm-state notices in the worker', () => {
  it('publishes each change to every tab as a data.changed change of kind alarmState, in order', async () => {
    const { harness, heard } = await withAlarms();
    const other = await harness.tab();
    const heardOther = await collect(other, 'data.changed');

    harness.alarm.latest().send(notice(standing(2, 'acknowledged'), standing(1, 'resolved')));
    await waitFor(() => heard.length === 1 && heardOther.length === 1, 'the event in both tabs');

    const expected: DataChanges = {
      changes: [{ kind: 'alarmState', ...standing(2, 'acknowledged') }, { kind: 'alarmState', ...standing(1, 'resolved') }],
      missed: false,
    };
    expect([heard, heardOther]).toEqual([[expected], [expected]]);
    expect(harness.core.diagnostics().frames).toMatchObject({ noticeFrames: 1, alarmFrames: 3, badFrames: 0 });
  });

  it('marks the kept alarms acknowledged or resolved as handled, and leaves a new one (only assigned) unhandled', async () => {
    const { harness } = await withAlarms();
    expect(await flags(harness)).toEqual({ 1: 0, 2: 0, 3: 0 });

    harness.alarm.latest().send(notice(standing(1, 'acknowledged'), standing(2, 'resolved'), { ...standing(3, 'new', null), assignee: 'operator' }));
    await waitFor(() => harness.core.diagnostics().frames.noticeFrames === 1, 'the notice');
    await harness.core.idle();

    expect(await flags(harness)).toEqual({ 1: 1, 2: 1, 3: 0 });
  });

  it('marks an alarm handled when its notice comes right after it, before the alarm was written', async () => {
    const { harness } = await withAlarms();
    harness.alarm.latest().send(liveAlarm({ seq: 4, startTime: T0 + 4 }));
    harness.alarm.latest().send(notice(standing(4, 'acknowledged')));
    await waitFor(() => harness.core.diagnostics().frames.noticeFrames === 1, 'the notice');
    await harness.core.idle();

    expect(await flags(harness)).toEqual({ 1: 0, 2: 0, 3: 0, 4: 1 });
  });

  it('takes the pop-up of an alarm handled in some console away in every tab, and keeps the others in order', async () => {
    const { harness, popups } = await withAlarms();
    const other = await harness.tab();
    const popupsOther = await collect(other, 'alarm.popups');

    harness.alarm.latest().send(notice(standing(2, 'acknowledged')));
    await waitFor(() => seqsOf(popups.at(-1)).length === 2 && seqsOf(popupsOther.at(-1)).length === 2, 'the pop-up gone in both tabs');
    expect([seqsOf(popups.at(-1)), seqsOf(popupsOther.at(-1))]).toEqual([[3, 1], [3, 1]]);
    expect(seqsOf(harness.core.snapshot().popups)).toEqual([3, 1]);

    // Given to someone but still new: its pop-up stays, and no tab is sent the same list again.
    const lists = popups.length;
    harness.alarm.latest().send(notice({ ...standing(3, 'new', 'manager'), assignee: 'operator' }));
    await waitFor(() => harness.core.diagnostics().frames.noticeFrames === 2, 'the second notice');
    await settle(150);
    expect(popups).toHaveLength(lists);
    expect(seqsOf(harness.core.snapshot().popups)).toEqual([3, 1]);
  });

  it.each([
    ['a change with an unknown state', notice({ ...standing(1, 'acknowledged'), state: 'done' })],
    ['a change without a seq', notice({ state: 'acknowledged', by: 'operator', at: T0, assignee: null, note: '' })],
    ['changes that are no list', { notice: 'alarmState', changes: standing(1, 'acknowledged') }],
    ['no change at all', notice()],
  ])('changes nothing on a malformed notice (%s): no event, no flag, no pop-up gone; alarms go on', async (_name, frame) => {
    const { harness, heard, popups } = await withAlarms();

    harness.alarm.latest().send(frame);
    harness.alarm.latest().send(liveAlarm({ seq: 9, startTime: T0 + 9 }));
    await waitFor(() => seqsOf(popups.at(-1))[0] === 9, 'the alarm after it');
    await harness.core.idle();
    await settle(150);

    expect(heard).toEqual([]);
    expect(seqsOf(popups.at(-1))).toEqual([9, 3, 2, 1]);
    expect(await flags(harness)).toEqual({ 1: 0, 2: 0, 3: 0, 9: 0 });
    expect(harness.core.diagnostics().frames).toMatchObject({ badFrames: 1, noticeFrames: 0, lastBad: { socket: 'alarm', reason: 'notNotice' } });
  });
});
