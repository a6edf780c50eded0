// The column vocabulary the report definitions share: a column is named once here with its label and format, and a
// definition says only where its value comes from.
import type zh from '../../../locales/zh.json';
import { COMPARTMENTS_MAX } from '../../constants';
import type { LocaleKey } from '../../i18n';
import { PROCESS_STATES, processLabelKey } from '../../process-states';
import type { CellFormat, ComputedName, DataType, NumericSource, RecordField, ReportColumn, ReportFilter, ScoreName, ValueSource, WhenSource } from './definition';

type ColumnName = keyof (typeof zh)['report']['column'];

function labelKey(name: ColumnName): LocaleKey {
  return `report.column.${name}`;
}

/** A column whose label is `report.column.<name>` and whose key is the name, unless told otherwise. */
export function column(name: ColumnName, format: CellFormat, value: ValueSource, extra: Partial<ReportColumn> = {}): ReportColumn {
  return { key: name, labelKey: labelKey(name), format, value, ...extra };
}

export const data = (path: string, type: DataType = 'number') => ({ from: 'data', path, type }) as const;
export const item = (path: string, type: DataType = 'number') => ({ from: 'item', path, type }) as const;
export const sum = (of: NumericSource) => ({ from: 'sum', of }) as const;
export const count = { from: 'count' } as const;
export const record = (field: RecordField) => ({ from: 'record', field }) as const;
export const computed = (field: string, type: DataType = 'number') => ({ from: 'computed', field, type }) as const;
const eventKind = { from: 'event', field: 'kind' } as const;
/** How many of a group's rows are events of this kind. */
export const countOfKind = (kind: string) => ({ from: 'countWhen', value: eventKind, equals: kind }) as const;
/** 1 for a row that is an event of this kind: the numerator of a rate. */
export const isKind = (kind: string): WhenSource => ({ from: 'when', value: eventKind, equals: kind });
/** A derived score of the row's counts, and its deductions (scores.ts). */
export const scoreColumns = (score: ScoreName, name: 'healthScore' | 'driverScore'): ReportColumn[] => [
  column(name, 'score', { from: 'score', score }),
  column('reasons', 'reasons', { from: 'reasons', score }, { sortable: false }),
];
/** The source of rows a server function computes. */
export const computedRows = (name: ComputedName) => ({ type: 'computed', name }) as const;

/** Columns most reports open with. */
export const truckColumns: readonly ReportColumn[] = [
  column('signCode', 'text', { from: 'truck', field: 'signCode' }),
  column('companyName', 'text', { from: 'truck', field: 'companyName' }),
];
export const startTime = column('startTime', 'dateTime', { from: 'event', field: 'startTime' });
export const endTime = column('endTime', 'dateTime', { from: 'event', field: 'endTime' });
export const duration = column('duration', 'durationSec', { from: 'event', field: 'duration' });
/** Where a trip or run set out and ended (trip and spray events). */
export const startArea = column('startArea', 'text', data('startArea', 'text'), { sortable: false });
export const endArea = column('endArea', 'text', data('endArea', 'text'), { sortable: false });
export const area = column('area', 'text', data('area', 'text'), { sortable: false });
export const compartment = column('compartment', 'integer', data('compartment'));
export const process = column('process', 'process', data('process', 'text'));
export const month = column('month', 'month', { from: 'event', field: 'month' });
export const abnormal = column('abnormal', 'flag', data('abnormal', 'boolean'));

/** A device fault (device_fault events): which device, its number and code, and whether it recovered. */
export const deviceFaultColumns: readonly ReportColumn[] = [
  column('device', 'enum', data('device', 'text'), {
    options: {
      probe: 'report.device.probe', seal: 'report.device.seal', meter: 'report.device.meter',
      valve: 'report.device.valve', controller: 'report.device.controller',
    },
  }),
  column('deviceNo', 'text', data('deviceNo', 'text')),
  column('faultCode', 'integer', data('faultCode')),
  column('recovered', 'flag', data('recovered', 'boolean')),
];

/** The console's supply switched (power events). */
export const powerColumns: readonly ReportColumn[] = [
  column('powerAction', 'enum', data('action', 'text'), { options: { on: 'report.power.on', off: 'report.power.off' } }),
  column('powerSource', 'enum', data('source', 'text'), { options: { ignition: 'report.power.ignition', main_switch: 'report.power.main' } }),
  column('voltage', 'decimal1', data('voltage')),
];

/**
 * An offline spell (offline events): from the last fix until the console reported again. The event starts at the last
 * fix (its `lastGpsTime`), so the column reads the start: sorted by it, the query walks the time index.
 */
export const offlineColumns: readonly ReportColumn[] = [
  ...truckColumns,
  column('lastGpsTime', 'dateTime', { from: 'event', field: 'startTime' }),
  endTime,
  column('offlineMinutes', 'durationMin', data('durationMin'), { summary: 'sum' }),
  area,
];

/** A refrigerated box's door (box_door events). */
export const doorColumns: readonly ReportColumn[] = [
  column('door', 'enum', data('door', 'text'), { options: { rear: 'report.door.rear', side: 'report.door.side' } }),
  column('openSeconds', 'durationSec', data('openSec')),
];

/** A cold compartment's reading against its limits (temp_humidity events). */
export const temperatureColumns: readonly ReportColumn[] = [
  ...truckColumns, startTime, compartment,
  column('temperature', 'temperature', data('temperature')),
  column('humidity', 'decimal1', data('humidity')),
  column('minTemperature', 'temperature', data('minTemperature')),
  column('maxTemperature', 'temperature', data('maxTemperature')),
  column('maxHumidity', 'decimal1', data('maxHumidity')),
  abnormal, area,
];
export const day = column('day', 'date', { from: 'event', field: 'day' });

/** The ten process states, in the order a delivery walks them. */
const PROCESS_OPTIONS = PROCESS_STATES.map((state) => ({ value: state, labelKey: processLabelKey(state) }));

const FUEL_OPTIONS = [
  { value: 'gasoline', labelKey: 'fuel.gasoline' },
  { value: 'diesel', labelKey: 'fuel.diesel' },
  { value: 'other', labelKey: 'fuel.other' },
] as const;

/** Every compartment a truck may have, 1 to COMPARTMENTS_MAX as the console shows them. */
const COMPARTMENT_OPTIONS = Array.from({ length: COMPARTMENTS_MAX }, (_, i) => i + 1)
  .map((n) => ({ value: String(n), labelKey: `report.compartment.${n}` as LocaleKey }));

const HANDLING_OPTIONS = [
  { value: '0', labelKey: 'report.handling.unconfirmed' },
  { value: '1', labelKey: 'report.handling.normal' },
  { value: '2', labelKey: 'report.handling.abnormal' },
] as const;

/** The filters of every event and exception report: company, plate and a range (last 7 days unless told). */
export function eventFilters(...selects: ReportFilter[]): ReportFilter[] {
  return [{ type: 'company' }, { type: 'plate' }, { type: 'range', preset: 'last7Days', maxDays: 92 }, ...selects];
}

/** Analysis screens default to the last 30 days (spec params §9) and allow a year. */
export function analysisFilters(...selects: ReportFilter[]): ReportFilter[] {
  return [{ type: 'company' }, { type: 'plate' }, { type: 'range', preset: 'last30Days', maxDays: 366 }, ...selects];
}

export const processFilter: ReportFilter = { type: 'select', key: 'process', labelKey: 'report.column.process', value: data('process', 'text'), options: PROCESS_OPTIONS };
export const compartmentFilter: ReportFilter = { type: 'select', key: 'compartment', labelKey: 'report.column.compartment', value: data('compartment'), options: COMPARTMENT_OPTIONS };
export const handlingFilter: ReportFilter = { type: 'select', key: 'handlingState', labelKey: 'report.column.handlingState', value: { from: 'handling', field: 'state' }, options: HANDLING_OPTIONS };

/** Fuel select over an oil code field (`path` in the data, or in the expanded item). */
export function fuelFilter(value: NumericSource): ReportFilter {
  return { type: 'select', key: 'fuel', labelKey: 'report.column.oilCode', value: { from: 'fuelKind', of: value }, options: FUEL_OPTIONS };
}
