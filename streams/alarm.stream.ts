// Live alarms: deduplicated across reconnects, the highest seq held, filtered by the chosen types, the urgent ones.
import {
  defer,
  distinctUntilChanged,
  filter,
  map,
  scan,
  withLatestFrom,
  type MonoTypeOperatorFunction,
  type Observable,
  type OperatorFunction,
} from 'rxjs';
import { URGENT_ALARM_TYPE, expandTypeIds, passesChoice, type AlarmTypeId } from '../domain/alarm-types';
import { alarmKey, type LiveAlarm } from '../domain/wire/live-alarm';

/** How many alarm keys dedup remembers: far more than a lastSeq replay resends, and bounded for a week-long session. */
const DEDUP_MEMORY = 20_000;

export { alarmKey };

export interface AlarmMemory {
  /** Keys already seen, oldest first (hydrated from IndexedDB). */
  readonly keys: readonly string[];
  readonly lastSeq: number | undefined;
}

export const NO_ALARMS: AlarmMemory = { keys: [], lastSeq: undefined };

/**
 * Lets each alarm through once. A reconnect's lastSeq replay may overlap what arrived before the drop, and a
 * legacy server resends; both are dropped here. The memory is per subscription and forgets the oldest keys.
 */
export function dedupeAlarms(seed: AlarmMemory = NO_ALARMS, memory = DEDUP_MEMORY): MonoTypeOperatorFunction<LiveAlarm> {
  return (source) =>
    defer(() => {
      const seen = new Set(seed.keys.slice(-memory));
      return source.pipe(
        filter((alarm) => {
          const key = alarmKey(alarm);
          if (seen.has(key)) return false;
          seen.add(key);
          // A Set iterates in insertion order, so its first key is the oldest.
          if (seen.size > memory) seen.delete(seen.values().next().value ?? key);
          return true;
        }),
      );
    });
}

/** The highest seq seen so far, emitted when it grows: what the alarm socket sends as lastSeq on reconnect. */
export function highestSeq(seed?: number): OperatorFunction<LiveAlarm, number> {
  return (source) =>
    source.pipe(
      scan((highest: number | undefined, alarm) =>
        alarm.seq === undefined ? highest : Math.max(highest ?? alarm.seq, alarm.seq), seed),
      filter((highest): highest is number => highest !== undefined),
      distinctUntilChanged(),
    );
}

/**
 * Whether a reconnect loses no alarm: `lossless` while the alarms carry `seq` (the server replays what came after the
 * `lastSeq` the socket reopens with), `none` while they do not (the legacy backend: alarms raised while the socket was
 * down never arrive), `unknown` before the first alarm.
 */
export type AlarmResume = 'unknown' | 'lossless' | 'none';

/** The resume the latest alarm shows, emitted when it changes: the backend answering now decides, not an earlier one. */
export function alarmResume(): OperatorFunction<LiveAlarm, AlarmResume> {
  return (source) =>
    source.pipe(
      map((alarm): AlarmResume => (alarm.seq === undefined ? 'none' : 'lossless')),
      distinctUntilChanged(),
    );
}

/**
 * Keeps the alarms of the chosen types. The server filters too; this covers alarms already in flight when the
 * choice changes, and replays, which have no server. `types$` must replay its current value (a BehaviorSubject).
 */
export function byChosenTypes(types$: Observable<readonly AlarmTypeId[]>): MonoTypeOperatorFunction<LiveAlarm> {
  return (source) =>
    source.pipe(
      withLatestFrom(types$.pipe(map(expandTypeIds))),
      filter(([alarm, expanded]) => passesChoice(expanded, alarm.type)),
      map(([alarm]) => alarm),
    );
}

/** The urgent alarm (201) opens the blinking dialog with its sound. */
export function urgentAlarms(): MonoTypeOperatorFunction<LiveAlarm> {
  return filter((alarm) => alarm.type === URGENT_ALARM_TYPE);
}
