// The pipeline as a whole: seeded from stored state, it tracks seq over every alarm and shows only the chosen types;
// notices on the alarm socket come out as topics and touch no alarm state.
import { BehaviorSubject, Subject } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { ALARM_TYPE_IDS, type AlarmTypeId } from '../../domain/alarm-types';
import type { DataTopic } from '../../domain/wire/data-notice';
import type { LiveAlarm } from '../../domain/wire/live-alarm';
import type { InboundFrame } from '../../streams/frames';
import { alarmKey } from '../../streams/alarm.stream';
import { livePipeline } from '../../streams/live-pipeline';
import { fleetFromRows, type FleetState } from '../../streams/truck-status.stream';
import { alarmFrame, liveAlarm, statusRow, truckFrame, T0 } from '../helpers/live-frames';

function run(types: readonly AlarmTypeId[], seed = {}) {
  const frames$ = new Subject<InboundFrame>();
  const pipeline = livePipeline(frames$, new BehaviorSubject(types), seed);
  const seen: { seq: number[]; accepted: LiveAlarm[]; urgent: LiveAlarm[]; popups: (readonly LiveAlarm[])[]; fleet: FleetState[]; topics: DataTopic[] } = {
    seq: [], accepted: [], urgent: [], popups: [], fleet: [], topics: [],
  };
  pipeline.lastSeq$.subscribe((seq) => seen.seq.push(seq));
  pipeline.accepted$.subscribe((alarm) => seen.accepted.push(alarm));
  pipeline.urgent$.subscribe((alarm) => seen.urgent.push(alarm));
  pipeline.popups$.subscribe((list) => seen.popups.push(list));
  pipeline.fleet$.subscribe((fleet) => seen.fleet.push(fleet));
  pipeline.dataChanged$.subscribe((topic) => seen.topics.push(topic));
  return { frames$, seen };
}

describe('livePipeline', () => {
  it('advances lastSeq on alarms of types not chosen, but shows only the chosen ones', () => {
    const { frames$, seen } = run([201]);
    frames$.next(alarmFrame(liveAlarm({ seq: 1, type: 2 })));
    frames$.next(alarmFrame(liveAlarm({ seq: 2, type: 201 })));
    frames$.next(alarmFrame(liveAlarm({ seq: 2, type: 201 })));
    expect(seen.seq).toEqual([1, 2]);
    expect(seen.accepted.map((alarm) => alarm.seq)).toEqual([2]);
    expect(seen.urgent.map((alarm) => alarm.seq)).toEqual([2]);
    expect(seen.popups.at(-1)?.map((alarm) => alarm.seq)).toEqual([2]);
  });

  it('continues from a stored fleet and stored alarm keys', () => {
    const fleet = fleetFromRows([statusRow({ truckId: 1, status: 1 }), statusRow({ truckId: 2, status: 2 })], T0);
    const { frames$, seen } = run(ALARM_TYPE_IDS, { fleet, alarms: { keys: [alarmKey(liveAlarm({ seq: 7 }))], lastSeq: 7 } });
    frames$.next(alarmFrame(liveAlarm({ seq: 7 })));
    frames$.next(alarmFrame(liveAlarm({ seq: 8 })));
    frames$.next(truckFrame([statusRow({ truckId: 2, status: 3 })]));
    expect(seen.accepted.map((alarm) => alarm.seq)).toEqual([8]);
    expect(seen.seq).toEqual([8]);
    expect(seen.fleet.at(-1)?.counts).toEqual({ 0: 0, 1: 1, 2: 0, 3: 1, 4: 0 });
  });

  it('passes each notice on as its topic, between alarms, without counting it as one', () => {
    const { frames$, seen } = run(ALARM_TYPE_IDS);
    frames$.next(alarmFrame(liveAlarm({ seq: 1 })));
    frames$.next(alarmFrame({ notice: 'dataChanged', topic: 'eventHandling' }));
    frames$.next(alarmFrame({ notice: 'dataChanged', topic: 'nothing' }));
    frames$.next(alarmFrame({ notice: 'dataChanged', topic: 'eventHandling' }));
    frames$.next(alarmFrame(liveAlarm({ seq: 2 })));
    expect(seen.topics).toEqual(['eventHandling', 'eventHandling']);
    expect(seen.accepted.map((alarm) => alarm.seq)).toEqual([1, 2]);
    expect(seen.seq).toEqual([1, 2]);
  });
});
