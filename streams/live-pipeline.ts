// The whole live pipeline as one pure function: frames and chosen types in, fleet, alarms, pop-ups, notices and tallies out.
import { filter, map, merge, mergeMap, share, shareReplay, type Observable } from 'rxjs';
import type { AlarmTypeId } from '../domain/alarm-types';
import type { DataTopic } from '../domain/wire/data-notice';
import type { EntityChange } from '../domain/wire/entity-notice';
import type { AlarmStanding } from '../domain/wire/alarm-inbox';
import type { LiveAlarm } from '../domain/wire/live-alarm';
import { alarmResume, byChosenTypes, dedupeAlarms, highestSeq, urgentAlarms, type AlarmMemory, type AlarmResume } from './alarm.stream';
import { NO_FRAMES, decodeFrame, tallyFrames, type DecodedFrame, type FrameStats, type InboundFrame, type TallyEvent } from './frames';
import { popupList, type PopupInput } from './popups';
import { EMPTY_FLEET, fleetState, type FleetState, type RowsBatch } from './truck-status.stream';

/** What a pipeline starts from: the state IndexedDB held, or nothing. */
export interface PipelineSeed {
  readonly fleet?: FleetState;
  readonly alarms?: AlarmMemory;
  readonly stats?: FrameStats;
}

interface LivePipeline {
  readonly stats$: Observable<FrameStats>;
  readonly fleet$: Observable<FleetState>;
  /** Every valid alarm not seen before, whatever its type (persistence tracks the seq from these). */
  readonly unique$: Observable<LiveAlarm>;
  readonly lastSeq$: Observable<number>;
  /** Whether the alarms seen carry `seq`, so a reconnect resumes without loss. */
  readonly resume$: Observable<AlarmResume>;
  /** New alarms of the chosen types: the inbox, the pop-ups and the urgent dialog read these. */
  readonly accepted$: Observable<LiveAlarm>;
  readonly popups$: Observable<readonly LiveAlarm[]>;
  readonly urgent$: Observable<LiveAlarm>;
  /** The topics of the notices that stored data changed, one per notice. */
  readonly dataChanged$: Observable<DataTopic>;
  /** The master-data rows saved on the server (entity-changed notices), one per notice. */
  readonly entityChanged$: Observable<EntityChange>;
  /** Where alarms of the inbox stand now (alarm-state notices), one per well-formed change, in order. */
  readonly alarmState$: Observable<AlarmStanding>;
}

type RowsFrame = Extract<DecodedFrame, { kind: 'rows' }>;
type AlarmFrame = Extract<DecodedFrame, { kind: 'alarm' }>;
type NoticeFrame = Extract<DecodedFrame, { kind: 'dataChanged' }>;
type EntityFrame = Extract<DecodedFrame, { kind: 'entityChanged' }>;
type AlarmStateFrame = Extract<DecodedFrame, { kind: 'alarmState' }>;

const isRows = (frame: DecodedFrame): frame is RowsFrame => frame.kind === 'rows';
const isAlarm = (frame: DecodedFrame): frame is AlarmFrame => frame.kind === 'alarm';
const isNotice = (frame: DecodedFrame): frame is NoticeFrame => frame.kind === 'dataChanged';
const isEntityNotice = (frame: DecodedFrame): frame is EntityFrame => frame.kind === 'entityChanged';
const isAlarmState = (frame: DecodedFrame): frame is AlarmStateFrame => frame.kind === 'alarmState';
/** Acknowledged or resolved: the alarm is handled, its pop-up goes. */
const settledSeqs = (frame: AlarmStateFrame): PopupInput => ({ settled: frame.changes.filter((change) => change.state !== 'new').map((change) => change.seq) });
const toBatch = (frame: RowsFrame): RowsBatch => ({ t: frame.t, values: frame.values, snapshot: frame.snapshot });

/**
 * Wires the streams. Each output is shared, so one subscription per output costs one parse of each frame; state
 * outputs replay their latest value. Subscribe before frames flow: `frames$` is hot.
 */
export function livePipeline(
  frames$: Observable<InboundFrame>,
  types$: Observable<readonly AlarmTypeId[]>,
  seed: PipelineSeed = {},
): LivePipeline {
  const latest = <T>() => shareReplay<T>({ bufferSize: 1, refCount: false });
  const decoded$ = frames$.pipe(map(decodeFrame), share());
  const fleet$ = decoded$.pipe(filter(isRows), map(toBatch), fleetState(seed.fleet ?? EMPTY_FLEET), share());
  // Bad rows are known only once the merge has validated a frame's rows, right after the frame itself is counted.
  const badRows$ = fleet$.pipe(map((fleet): TallyEvent => ({ kind: 'badRows', count: fleet.invalidRows })));
  const stats$ = merge(decoded$, badRows$).pipe(tallyFrames(seed.stats ?? NO_FRAMES), latest<FrameStats>());
  const unique$ = decoded$.pipe(
    filter(isAlarm),
    map((frame) => frame.alarm),
    dedupeAlarms(seed.alarms),
    share(),
  );
  const lastSeq$ = unique$.pipe(highestSeq(seed.alarms?.lastSeq), latest<number>());
  const resume$ = unique$.pipe(alarmResume(), latest<AlarmResume>());
  const accepted$ = unique$.pipe(byChosenTypes(types$), share());
  const alarmStateFrames$ = decoded$.pipe(filter(isAlarmState), share());
  const popups$ = merge(accepted$, alarmStateFrames$.pipe(map(settledSeqs))).pipe(popupList(), latest<readonly LiveAlarm[]>());
  const urgent$ = accepted$.pipe(urgentAlarms(), share());
  const dataChanged$ = decoded$.pipe(filter(isNotice), map((frame) => frame.topic), share());
  const entityChanged$ = decoded$.pipe(filter(isEntityNotice), map((frame) => frame.change), share());
  const alarmState$ = alarmStateFrames$.pipe(mergeMap((frame) => frame.changes), share());
  return {
    stats$, fleet$: fleet$.pipe(latest<FleetState>()), unique$, lastSeq$, resume$, accepted$, popups$, urgent$, dataChanged$, entityChanged$,
    alarmState$,
  };
}
