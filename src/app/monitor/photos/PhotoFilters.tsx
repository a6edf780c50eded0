// The photo screen's filters: the truck by its plate, the range (its problem, over 3 days or reversed, shown under the
// field before any call) and the trigger.
import { useTranslation } from 'react-i18next';
import { PHOTO_TRIGGERS, TRIGGER_LABEL_KEYS, isPhotoTrigger } from '../../../../domain/photos/photo-triggers';
import { DateTimeRangePicker, FilterSelect, PlateComboBox, type Plate } from '../../../ui/filters';
import type { PhotoFilters as Filters } from './photo-filters';

export interface PhotoFiltersProps {
  readonly plates: readonly Plate[];
  readonly filters: Filters;
  readonly onChange: (next: Filters) => void;
  /** The range rule's answer, already translated; undefined when the range may be searched. */
  readonly problem: string | undefined;
}

const PRESETS = ['today', 'yesterday'] as const;

export function PhotoFilters({ plates, filters, onChange, problem }: PhotoFiltersProps) {
  const { t } = useTranslation();
  const triggers = PHOTO_TRIGGERS.map((trigger) => ({ value: trigger, label: t(TRIGGER_LABEL_KEYS[trigger]) }));
  return (
    <div className="photos__filters" role="group" aria-label={t('photos.grid')}>
      <PlateComboBox plates={plates} value={filters.plate} onChange={(plate) => onChange({ ...filters, plate })} />
      <div className="photos__range">
        <DateTimeRangePicker
          value={{ startTime: filters.startTime, endTime: filters.endTime }}
          presets={PRESETS}
          onChange={(range) => onChange({ ...filters, startTime: range.startTime, endTime: range.endTime })}
        />
        {problem && <p className="photos__error" role="alert" data-testid="range-error">{problem}</p>}
      </div>
      <FilterSelect
        label={t('photos.trigger')}
        options={triggers}
        value={filters.trigger}
        onChange={(value) => onChange({ ...filters, trigger: isPhotoTrigger(value) ? value : '' })}
      />
    </div>
  );
}
