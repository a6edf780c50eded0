// The alarm pop-up list: at most five entries, the newest on top (spec §4); an alarm handled in any console leaves it.
import { distinctUntilChanged, scan, type OperatorFunction } from 'rxjs';
import { ALARM_POPUP_MAX } from '../domain/constants';
import type { LiveAlarm } from '../domain/wire/live-alarm';

/** Alarms (by seq) acknowledged or resolved in some console of the company (the inbox's alarmState notice). */
interface SettledAlarms {
  readonly settled: readonly number[];
}

export type PopupInput = LiveAlarm | SettledAlarms;

const isSettled = (input: PopupInput): input is SettledAlarms => 'settled' in input;

function nextList(list: readonly LiveAlarm[], input: PopupInput, max: number): readonly LiveAlarm[] {
  if (!isSettled(input)) return [input, ...list].slice(0, max);
  const settled = new Set(input.settled);
  const kept = list.filter((alarm) => alarm.seq === undefined || !settled.has(alarm.seq));
  // The same list when nothing went, so a notice about other alarms redraws no tab.
  return kept.length === list.length ? list : kept;
}

/** The list after every accepted alarm and every settlement that took one away. */
export function popupList(seed: readonly LiveAlarm[] = [], max = ALARM_POPUP_MAX): OperatorFunction<PopupInput, readonly LiveAlarm[]> {
  return (source) =>
    source.pipe(
      scan((list: readonly LiveAlarm[], input: PopupInput) => nextList(list, input, max), seed.slice(0, max)),
      distinctUntilChanged(),
    );
}
