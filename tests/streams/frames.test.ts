// Decoding and counting frames: bad frames are counted and dropped, and the pipeline goes on; notices are told from alarms.
import { BehaviorSubject, Subject, firstValueFrom, toArray } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { countFrame, decodeFrame, NO_FRAMES, tallyFrames, type TallyEvent } from '../../streams/frames';
import { livePipeline } from '../../streams/live-pipeline';
import { ALARM_TYPE_IDS, type AlarmTypeId } from '../../domain/alarm-types';
import type { InboundFrame } from '../../streams/frames';
import { alarmFrame, junkFrame, liveAlarm, seededRandom, statusRow, truckFrame, T0 } from '../helpers/live-frames';

describe('decodeFrame', () => {
  it('reads a status frame into its rows, to be validated by the merge', () => {
    const decoded = decodeFrame(truckFrame([statusRow(), { status: 9 }], T0, true));
    expect(decoded).toEqual({ kind: 'rows', t: T0, values: [statusRow(), { status: 9 }], snapshot: true });
  });

  it('reads an alarm frame', () => {
    expect(decodeFrame(alarmFrame(liveAlarm({ seq: 7 })))).toMatchObject({ kind: 'alarm', alarm: { seq: 7, type: 2 } });
  });

  it('reads a data-changed notice on the alarm socket as its topic, not as an alarm', () => {
    expect(decodeFrame(alarmFrame({ notice: 'dataChanged', topic: 'eventHandling' }))).toEqual({ kind: 'dataChanged', t: T0, topic: 'eventHandling' });
  });

  it.each<[string, InboundFrame, string]>([
    ['text that is not JSON', { socket: 'truck', t: T0, text: '{"status":' }, 'notJson'],
    ['an empty text (a binary frame)', { socket: 'alarm', t: T0, text: '' }, 'notJson'],
    ['a status frame that is not an array', { socket: 'truck', t: T0, text: '{"rows":[]}' }, 'notRows'],
    ['an alarm of an unknown type', alarmFrame({ ...liveAlarm(), type: 999 }), 'notAlarm'],
    ['an array on the alarm socket', alarmFrame([liveAlarm()]), 'notAlarm'],
    ['a notice of an unknown topic', alarmFrame({ notice: 'dataChanged', topic: 'weather' }), 'notNotice'],
    ['a notice without a topic', alarmFrame({ notice: 'dataChanged' }), 'notNotice'],
    ['a notice of an unknown kind', alarmFrame({ notice: 'reboot', topic: 'eventHandling' }), 'notNotice'],
    ['an alarm that also names a notice', alarmFrame({ ...liveAlarm(), notice: null }), 'notNotice'],
  ])('drops %s as a bad frame', (_, frame, reason) => {
    expect(decodeFrame(frame)).toEqual({ kind: 'bad', t: T0, socket: frame.socket, reason });
  });
});

describe('tallyFrames', () => {
  it('counts frames per socket, bad frames, bad rows and the last bad one', async () => {
    const frames: TallyEvent[] = [
      decodeFrame(truckFrame([statusRow(), 'junk'])),
      { kind: 'badRows', count: 1 },
      decodeFrame(alarmFrame(liveAlarm())),
      decodeFrame(alarmFrame({ notice: 'dataChanged', topic: 'eventHandling' })),
      decodeFrame({ socket: 'alarm', t: T0 + 5, text: 'nope' }),
    ];
    const subject = new Subject<TallyEvent>();
    const all = firstValueFrom(subject.pipe(tallyFrames(), toArray()));
    frames.forEach((frame) => subject.next(frame));
    subject.complete();
    expect((await all).at(-1)).toEqual({
      truckFrames: 1, alarmFrames: 1, noticeFrames: 1, badFrames: 1, badRows: 1,
      lastBad: { t: T0 + 5, socket: 'alarm', reason: 'notJson' },
    });
  });

  it('starts from a seed', () => {
    expect(countFrame({ ...NO_FRAMES, badFrames: 4 }, decodeFrame(truckFrame([])))).toMatchObject({ badFrames: 4, truckFrames: 1 });
  });
});

describe('the pipeline under 10,000 random and malformed frames', () => {
  it('counts every one, never throws, and still delivers the valid frames that follow', () => {
    const frames$ = new Subject<InboundFrame>();
    const pipeline = livePipeline(frames$, new BehaviorSubject<readonly AlarmTypeId[]>(ALARM_TYPE_IDS));
    const stats: unknown[] = [];
    const accepted: number[] = [];
    let counts: unknown;
    const errors: unknown[] = [];
    pipeline.stats$.subscribe({ next: (s) => stats.push(s), error: (e: unknown) => errors.push(e) });
    pipeline.fleet$.subscribe({ next: (fleet) => (counts = fleet.counts), error: (e: unknown) => errors.push(e) });
    pipeline.accepted$.subscribe({ next: (alarm) => accepted.push(alarm.seq ?? -1), error: (e: unknown) => errors.push(e) });

    const random = seededRandom(20250601);
    let expectedBad = 0;
    let expectedBadRows = 0;
    for (let i = 0; i < 10_000; i += 1) {
      const junk = junkFrame(random, T0 + i);
      expectedBad += junk.bad ? 1 : 0;
      expectedBadRows += junk.badRows;
      expect(() => frames$.next(junk.frame)).not.toThrow();
    }
    frames$.next(truckFrame([statusRow({ truckId: 1, status: 2 }), statusRow({ truckId: 2, status: 0 })], T0 + 20_000, true));
    frames$.next(alarmFrame(liveAlarm({ seq: 41 })));
    frames$.next(alarmFrame(liveAlarm({ seq: 42, type: 201 })));

    expect(errors).toEqual([]);
    expect(expectedBad).toBeGreaterThan(5_000);
    expect(expectedBadRows).toBeGreaterThan(1_000);
    expect(stats.at(-1)).toMatchObject({ badFrames: expectedBad, badRows: expectedBadRows, alarmFrames: 2 });
    expect(counts).toEqual({ 0: 1, 1: 0, 2: 1, 3: 0, 4: 0 });
    expect(accepted).toEqual([41, 42]);
  });
});
