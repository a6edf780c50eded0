// Durations as unit texts (§9): seconds mode in hours/minutes/seconds, minutes mode in days/hours/minutes.
import { MINUTES_PER_DAY } from '../constants';
import { translate, type Lang, type LocaleKey } from '../i18n';

type DurationMode = 'seconds' | 'minutes';

interface DurationUnit {
  readonly key: LocaleKey;
  /** How many of the mode's base unit make one of this unit. */
  readonly size: number;
}

const UNITS: Readonly<Record<DurationMode, readonly DurationUnit[]>> = {
  seconds: [
    { key: 'duration.hour', size: 3600 },
    { key: 'duration.minute', size: 60 },
    { key: 'duration.second', size: 1 },
  ],
  minutes: [
    { key: 'duration.day', size: MINUTES_PER_DAY },
    { key: 'duration.hour', size: 60 },
    { key: 'duration.minute', size: 1 },
  ],
};

/**
 * Units from the largest non-zero one down to the smallest, zeros in between kept so columns
 * line up: 3601 s → '1小时0分1秒' / '1h 0m 1s', 0 → '0秒' / '0s'. The largest unit is not
 * capped (seconds mode never shows days). Fractions are dropped; negative or non-finite values
 * render as 0, since a duration column has no meaningful negative and must not show "NaN".
 */
export function formatDuration(value: number, mode: DurationMode, lang: Lang): string {
  let rest = Number.isFinite(value) && value > 0 ? Math.floor(value) : 0;
  const parts: string[] = [];
  for (const unit of UNITS[mode]) {
    const count = Math.floor(rest / unit.size);
    rest -= count * unit.size;
    if (parts.length > 0 || count > 0 || unit.size === 1) {
      parts.push(translate(lang, unit.key, { count }));
    }
  }
  return parts.join(translate(lang, 'duration.separator'));
}
