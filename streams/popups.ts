// The alarm pop-up list: at most five entries, the newest on top (spec §4).
import { scan, type OperatorFunction } from 'rxjs';
import { ALARM_POPUP_MAX } from '../domain/constants';
import type { LiveAlarm } from '../domain/wire/live-alarm';

function addPopup(list: readonly LiveAlarm[], alarm: LiveAlarm, max = ALARM_POPUP_MAX): readonly LiveAlarm[] {
  return [alarm, ...list].slice(0, max);
}

/** The list after every accepted alarm. */
export function popupList(seed: readonly LiveAlarm[] = [], max = ALARM_POPUP_MAX): OperatorFunction<LiveAlarm, readonly LiveAlarm[]> {
  return scan((list: readonly LiveAlarm[], alarm: LiveAlarm) => addPopup(list, alarm, max), seed.slice(0, max));
}
