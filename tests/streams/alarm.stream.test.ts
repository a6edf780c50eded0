// Live alarms: deduplication by seq or by type + truck + start, the highest seq, the chosen types, urgent alarms.
import { BehaviorSubject, Subject, from, lastValueFrom, toArray, type Observable } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { ALARM_TYPE_IDS, type AlarmTypeId } from '../../domain/alarm-types';
import type { LiveAlarm } from '../../domain/wire/live-alarm';
import { alarmKey, alarmResume, byChosenTypes, dedupeAlarms, highestSeq, urgentAlarms } from '../../streams/alarm.stream';
import { popupList } from '../../streams/popups';
import { legacyAlarm, liveAlarm, T0 } from '../helpers/live-frames';

const all = <T>(source: Observable<T>) => lastValueFrom(source.pipe(toArray()));
const seqs = (alarms: readonly LiveAlarm[]) => alarms.map((alarm) => alarm.seq);

describe('dedupeAlarms', () => {
  it('lets each seq through once when a reconnect replay overlaps what came before', async () => {
    const stream = [1, 2, 3, 2, 3, 4, 5].map((seq) => liveAlarm({ seq }));
    expect(seqs(await all(from(stream).pipe(dedupeAlarms())))).toEqual([1, 2, 3, 4, 5]);
  });

  it('tells alarms without seq apart by type, truck and start time', async () => {
    const first = legacyAlarm({ truckId: 1 });
    const otherTruck = legacyAlarm({ truckId: 2 });
    const later = legacyAlarm({ truckId: 1, startTime: T0 + 1 });
    const result = await all(from([first, otherTruck, first, later, otherTruck]).pipe(dedupeAlarms()));
    expect(result.map(alarmKey)).toEqual([`t:2:1:${T0}`, `t:2:2:${T0}`, `t:2:1:${T0 + 1}`]);
  });

  it('lets through an alarm reusing a seq already seen for another alarm (a recreated server database)', async () => {
    const before = liveAlarm({ seq: 4, truckId: 1, startTime: T0 });
    const afterReset = liveAlarm({ seq: 4, truckId: 2, startTime: T0 + 60_000 });
    const result = await all(from([before, afterReset, afterReset]).pipe(dedupeAlarms()));
    expect(result).toEqual([before, afterReset]);
  });

  it('drops alarms already held in IndexedDB', async () => {
    const stream = [3, 4].map((seq) => liveAlarm({ seq }));
    const result = await all(from(stream).pipe(dedupeAlarms({ keys: [alarmKey(liveAlarm({ seq: 3 }))], lastSeq: 3 })));
    expect(seqs(result)).toEqual([4]);
  });

  it('forgets the oldest keys beyond its memory', async () => {
    const stream = [1, 2, 3, 1].map((seq) => liveAlarm({ seq }));
    expect(seqs(await all(from(stream).pipe(dedupeAlarms(undefined, 2))))).toEqual([1, 2, 3, 1]);
  });
});

describe('highestSeq', () => {
  it('emits the seq each time it grows, ignoring alarms without one', async () => {
    const stream = [liveAlarm({ seq: 5 }), legacyAlarm(), liveAlarm({ seq: 3 }), liveAlarm({ seq: 8 })];
    expect(await all(from(stream).pipe(highestSeq(4)))).toEqual([5, 8]);
  });
});

describe('alarmResume', () => {
  it('says lossless while alarms carry seq and none while they do not, once per change', async () => {
    const stream = [liveAlarm({ seq: 1 }), liveAlarm({ seq: 2 }), legacyAlarm(), legacyAlarm({ truckId: 2 }), liveAlarm({ seq: 3 })];
    expect(await all(from(stream).pipe(alarmResume()))).toEqual(['lossless', 'none', 'lossless']);
  });
});

describe('byChosenTypes', () => {
  it('keeps the chosen types, none when none is chosen, and follows a new choice', () => {
    const types$ = new BehaviorSubject<readonly AlarmTypeId[]>([]);
    const alarms$ = new Subject<LiveAlarm>();
    const kept: number[] = [];
    alarms$.pipe(byChosenTypes(types$)).subscribe((alarm) => kept.push(alarm.type));
    alarms$.next(liveAlarm({ type: 2 }));
    types$.next([201, 4]);
    alarms$.next(liveAlarm({ type: 2 }));
    alarms$.next(liveAlarm({ type: 4 }));
    types$.next(ALARM_TYPE_IDS);
    alarms$.next(liveAlarm({ type: 2 }));
    expect(kept).toEqual([4, 2]);
  });
});

describe('urgentAlarms', () => {
  it('passes only type 201', async () => {
    const types = [2, 201, 44, 201] as const;
    const stream = types.map((type, seq) => liveAlarm({ type, seq }));
    expect(seqs(await all(from(stream).pipe(urgentAlarms())))).toEqual([1, 3]);
  });
});

describe('popupList', () => {
  it('keeps at most five pop-ups, newest first', async () => {
    const stream = [1, 2, 3, 4, 5, 6, 7].map((seq) => liveAlarm({ seq }));
    const lists = await all(from(stream).pipe(popupList()));
    expect(lists.map(seqs)).toEqual([[1], [2, 1], [3, 2, 1], [4, 3, 2, 1], [5, 4, 3, 2, 1], [6, 5, 4, 3, 2], [7, 6, 5, 4, 3]]);
  });
});
