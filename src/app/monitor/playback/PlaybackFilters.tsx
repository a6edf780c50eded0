// The playback's filters: the truck by its plate and the range, with the range's problem (over 3 days, reversed)
// shown under the field in the user's language before any call is made. Memoised: the screen renders at every frame
// while it plays, and the plate choice holds the whole fleet (10,000 plates took tens of milliseconds a frame).
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { LocaleKey } from '../../../../domain/i18n';
import { DateTimeRangePicker, PlateComboBox, type Plate } from '../../../ui/filters';
import type { PlaybackFilters as Filters } from './playback-filters';

interface PlaybackFiltersProps {
  readonly plates: readonly Plate[];
  readonly filters: Filters;
  readonly onChange: (next: Filters) => void;
  /** The range rule's answer (track-range.ts), undefined when the range may be played. */
  readonly problem: LocaleKey | undefined;
}

const PRESETS = ['today', 'yesterday'] as const;

export const PlaybackFilters = memo(function PlaybackFilters({ plates, filters, onChange, problem }: PlaybackFiltersProps) {
  const { t } = useTranslation();
  return (
    <div className="playback__filters" role="group" aria-label={t('playback.range')}>
      <PlateComboBox plates={plates} value={filters.plate} onChange={(plate) => onChange({ ...filters, plate })} />
      <div className="playback__range">
        <DateTimeRangePicker
          value={{ startTime: filters.startTime, endTime: filters.endTime }}
          presets={PRESETS}
          onChange={(range) => onChange({ ...filters, startTime: range.startTime, endTime: range.endTime })}
        />
        {problem && <p className="playback__error" role="alert" data-testid="range-error">{t(problem)}</p>}
      </div>
    </div>
  );
});
