// The entity-changed notice in the pipeline: read from the alarm socket as the change it names (only its fields), told
// from alarms and from data-changed notices, counted as a notice; a malformed one is a bad frame.
import { BehaviorSubject, Subject } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { countFrame, decodeFrame, NO_FRAMES, type InboundFrame } from '../../streams/frames';
import { livePipeline } from '../../streams/live-pipeline';
import { ALARM_TYPE_IDS, type AlarmTypeId } from '../../domain/alarm-types';
import type { EntityChange } from '../../domain/wire/entity-notice';
import { alarmFrame, liveAlarm, T0 } from '../helpers/live-frames';

const STATION = '/setting/base_data/station';
const NOTICE = { notice: 'entityChanged', path: STATION, key: '12', company: 'C002' } as const;

describe('decodeFrame of an entity-changed notice', () => {
  it('reads the change it names, keeping only path, key and company', () => {
    expect(decodeFrame(alarmFrame({ ...NOTICE, row: { name: 'not carried' } }))).toEqual({
      kind: 'entityChanged', t: T0, change: { path: STATION, key: '12', company: 'C002' },
    });
    expect(decodeFrame(alarmFrame({ ...NOTICE, company: null }))).toMatchObject({ change: { company: null } });
  });

  it.each<[string, unknown]>([
    ['without a key', { notice: 'entityChanged', path: STATION, company: 'C002' }],
    ['with a numeric key', { ...NOTICE, key: 12 }],
    ['with a path that is no route', { ...NOTICE, path: 'station' }],
    ['without a company field', { notice: 'entityChanged', path: STATION, key: '12' }],
    ['with a huge path', { ...NOTICE, path: `/${'x'.repeat(500)}` }],
  ])('drops one %s as a bad notice', (_, value) => {
    expect(decodeFrame(alarmFrame(value))).toEqual({ kind: 'bad', t: T0, socket: 'alarm', reason: 'notNotice' });
  });

  it('counts it among the notices, not the alarms', () => {
    const decoded = decodeFrame(alarmFrame(NOTICE));
    expect(countFrame(NO_FRAMES, decoded)).toEqual({ ...NO_FRAMES, noticeFrames: 1 });
  });
});

describe('the pipeline', () => {
  it('streams each change on entityChanged$, and alarms and data notices on their own outputs', () => {
    const frames = new Subject<InboundFrame>();
    const pipeline = livePipeline(frames, new BehaviorSubject<readonly AlarmTypeId[]>(ALARM_TYPE_IDS));
    const changes: EntityChange[] = [];
    const alarms: number[] = [];
    const topics: string[] = [];
    pipeline.entityChanged$.subscribe((change) => changes.push(change));
    pipeline.unique$.subscribe((alarm) => alarms.push(alarm.seq ?? -1));
    pipeline.dataChanged$.subscribe((topic) => topics.push(topic));

    frames.next(alarmFrame(NOTICE));
    frames.next(alarmFrame(liveAlarm({ seq: 3 })));
    frames.next(alarmFrame({ notice: 'dataChanged', topic: 'eventHandling' }));
    frames.next(alarmFrame({ ...NOTICE, key: '13', company: 'C003' }));

    expect(changes).toEqual([
      { path: STATION, key: '12', company: 'C002' },
      { path: STATION, key: '13', company: 'C003' },
    ]);
    expect(alarms).toEqual([3]);
    expect(topics).toEqual(['eventHandling']);
  });
});
