// The report filter over a time range: typed date-time segments, a range calendar and the preset buttons.
import { useMemo } from 'react';
import {
  Button,
  CalendarCell,
  CalendarGrid,
  DateInput,
  DateRangePicker,
  DateSegment,
  Dialog,
  FieldError,
  Group,
  Heading,
  Label,
  Popover,
  RangeCalendar,
  Text,
  type RangeValue,
} from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { displayZone, offsetLabel } from '../../../domain/format/zone';
import type { RangePreset } from '../../../domain/screens/reports/definition';
import { presetRange } from '../../../domain/screens/reports/query';
import { AriaLocale } from './AriaLocale';
import { pickerToRange, rangeToPicker, type MsRange, type PickerDate, type RangeGranularity } from './date-convert';
import './filters.css';

interface DateTimeRangePickerProps {
  /** Epoch ms, shown and typed in the display zone; the picker is empty until both ends are known. */
  readonly value: { readonly startTime?: number; readonly endTime?: number };
  /** Called for every complete range, reversed ones included: the caller's query check is the one that refuses. */
  readonly onChange: (range: MsRange) => void;
  readonly presets: readonly RangePreset[];
  /** The clock the presets count from; tests pin it. */
  readonly now?: () => number;
  readonly granularity?: RangeGranularity;
}

export function DateTimeRangePicker(props: DateTimeRangePickerProps) {
  return (
    <AriaLocale>
      <DateTimeRangeField {...props} />
    </AriaLocale>
  );
}

function DateTimeRangeField({ value, onChange, presets, now = Date.now, granularity = 'second' }: DateTimeRangePickerProps) {
  const { t } = useTranslation();
  const { startTime, endTime } = value;
  const picked = useMemo(() => rangeToPicker({ startTime, endTime }, granularity), [startTime, endTime, granularity]);

  function change(range: RangeValue<PickerDate> | null) {
    if (range) onChange(pickerToRange(range));
  }

  return (
    <div className="filters__range">
      <DateRangePicker<PickerDate>
        className="filters__field"
        value={picked}
        onChange={change}
        granularity={granularity}
        hourCycle={24}
        shouldForceLeadingZeros
        // Show a reversed range as invalid while it is typed, not only when a form is submitted.
        validationBehavior="aria"
      >
        <Label className="filters__label">{t('report.filter.range')}</Label>
        <Group className="filters__control filters__dates">
          <DateInput slot="start" className="filters__date">
            {(segment) => <DateSegment segment={segment} className="filters__segment" />}
          </DateInput>
          <span aria-hidden="true" className="filters__dash">
            –
          </span>
          <DateInput slot="end" className="filters__date">
            {(segment) => <DateSegment segment={segment} className="filters__segment" />}
          </DateInput>
          <Button className="filters__button">
            <span aria-hidden="true" className="filters__calendar-icon" />
          </Button>
        </Group>
        {/* The zone the typed times are in: the fleet's unless the user chose the browser's. */}
        <Text slot="description" className="filters__zone" title={displayZone()}>
          <span className="visually-hidden">{t('report.filter.zone')} </span>
          {offsetLabel(startTime ?? now())}
        </Text>
        <FieldError className="filters__error">{t('report.error.endBeforeStart')}</FieldError>
        <Popover className="filters__popover" placement="bottom start">
          <Dialog className="filters__dialog">
            <RangeCalendar className="filters__calendar">
              <header className="filters__calendar-head">
                <Button slot="previous" className="filters__button">
                  <span aria-hidden="true">‹</span>
                </Button>
                <Heading className="filters__calendar-title" />
                <Button slot="next" className="filters__button">
                  <span aria-hidden="true">›</span>
                </Button>
              </header>
              <CalendarGrid className="filters__calendar-grid">{(date) => <CalendarCell date={date} className="filters__day" />}</CalendarGrid>
            </RangeCalendar>
          </Dialog>
        </Popover>
      </DateRangePicker>
      <div className="filters__presets" role="group" aria-label={t('report.filter.presets')}>
        {presets.map((preset) => (
          <Button key={preset} className="filters__preset" onPress={() => onChange(presetRange(preset, now()))}>
            {t(`report.preset.${preset}`)}
          </Button>
        ))}
      </div>
    </div>
  );
}
