// The 38 cargo screens (event reports, exception reports, data analysis), one entry each. Event fields are those of
// domain/events.ts; what each kind means is in docs/events.md.
import { alarmTypeLabelKey } from '../../alarm-types';
import { LOSS_HISTOGRAM_BUCKETS } from '../../constants';
import type { RoutePathOfGroup } from '../../routes';
import {
  abnormal, analysisFilters, area, column, compartment, compartmentFilter, count, data, day, deviceFaultColumns, doorColumns, duration,
  endArea, endTime, eventFilters, fuelFilter, handlingFilter, item, month, powerColumns, process, processFilter, startArea, startTime, sum,
  temperatureColumns, truckColumns,
} from './columns';
import { alarmTab } from './alarm-tab';
import type { ReportColumn, ReportDef } from './definition';

export type CargoReportPath = RoutePathOfGroup<'cargo_event' | 'cargo_exception' | 'cargo_analysis'>;

const EVENT = '/cargo_monitor/event_report';
const EXCEPTION = '/cargo_monitor/exception_report';
const ANALYSIS = '/cargo_monitor/data_analysis';

const newestFirst = { key: 'startTime', order: 'desc' } as const;

const oilCode = column('oilCode', 'fuelCode', data('oilCode'));
const stationName = column('stationName', 'text', data('stationName', 'text'));
const depotName = column('depotName', 'text', data('depotName', 'text'));
const taskCode = column('taskCode', 'text', data('taskCode', 'text'));

const coverColumns: readonly ReportColumn[] = [
  ...truckColumns, compartment, process, startTime, endTime, duration, abnormal, area,
];
const handlingColumns: readonly ReportColumn[] = [
  column('handlingState', 'handling', { from: 'handling', field: 'state' }),
  column('handlingDescription', 'text', { from: 'handling', field: 'description' }, { sortable: false }),
  column('handler', 'text', { from: 'handling', field: 'handler' }),
  column('handledAt', 'dateTime', { from: 'handling', field: 'handledAt' }),
];

const emptyColumns: readonly ReportColumn[] = [
  ...truckColumns, startTime, stationName, compartment,
  column('residualVt', 'volume', data('residualVt')),
  column('residualLevel', 'millimetre', data('residualLevelMm')),
  column('empty', 'flag', data('empty', 'boolean')),
  area,
];

const taskColumns: readonly ReportColumn[] = [
  ...truckColumns, startTime, endTime, taskCode, depotName,
  column('tankSequence', 'integer', data('tankSequence')),
  column('plannedOilCode', 'fuelCode', data('oilCode')),
  column('mass', 'integer', data('mass'), { summary: 'sum' }),
  column('actualOilCode', 'fuelCode', data('actualOilCode')),
  column('actualMass', 'integer', data('actualMass'), { summary: 'sum' }),
  column('volume', 'volume', data('volume'), { summary: 'sum' }),
  column('v20', 'volume', data('v20'), { summary: 'sum' }),
  column('temperature', 'temperature', data('temperature')),
  column('density', 'decimal2', data('density')),
];


const pressureColumns: readonly ReportColumn[] = [
  ...truckColumns, startTime, compartment,
  column('pressure', 'pressure', data('pressureKpa')),
  column('pressureLimit', 'pressure', data('limitKpa')),
  abnormal, process, area,
];

const tankColumns: readonly ReportColumn[] = [
  ...truckColumns, startTime, process,
  column('compartment', 'integer', item('compartment')),
  column('oilCode', 'fuelCode', item('oilCode')),
  column('originalLevel', 'millimetre', item('rawLevelMm')),
  column('level', 'millimetre', item('levelMm')),
  column('vt', 'volume', item('vt')),
  column('v20', 'volume', item('v20')),
  column('temperature', 'temperature', item('temperature')),
  column('density', 'decimal2', item('density')),
  column('tilt', 'decimal1', item('tiltDeg')),
  column('waterLevel', 'millimetre', item('waterMm')),
];

/** One trip's balance per compartment and product: loaded at the depot − delivered − loss. */
const lossThreshold = data('highLossRateThreshold');

/**
 * Fuel balance per trip and compartment: loaded at the depot − delivered at the station − loss on the way; what is
 * left is fuel still on board (or unaccounted for), and the loss rate is set against the trip's threshold.
 */
const balanceColumns: readonly ReportColumn[] = [
  ...truckColumns, startTime, endTime, taskCode, depotName, stationName,
  column('compartment', 'integer', item('compartment')),
  column('oilCode', 'fuelCode', item('oilCode')),
  column('loaded', 'volume', item('loaded'), { summary: 'sum' }),
  column('arrived', 'volume', item('arrived'), { summary: 'sum' }),
  column('delivered', 'volume', item('delivered'), { summary: 'sum' }),
  column('loss', 'loss', item('loss'), { summary: 'sum' }),
  column('balance', 'loss', { from: 'difference', of: item('loaded'), minus: [item('delivered'), item('loss')] }, { summary: 'sum' }),
  column('lossRate', 'lossRate', item('lossRate')),
  column('lossThreshold', 'lossRate', lossThreshold, { sortable: false }),
  column('overThreshold', 'flag', { from: 'exceeds', value: item('lossRate'), limit: lossThreshold }),
];

/** A whole trip's volumes, all compartments together. */
const tripVolumes = {
  loaded: data('loadVolume'),
  arrived: data('unloadVolume'),
  delivered: data('deliveredVolume'),
  loss: data('loss'),
} as const;
const tripBalance = { from: 'difference', of: tripVolumes.loaded, minus: [tripVolumes.delivered, tripVolumes.loss] } as const;

const tripLoss = { from: 'item', path: 'loss', type: 'number' } as const;

export const CARGO_REPORTS = {
  [`${EVENT}/switch_cover_flow`]: {
    path: `${EVENT}/switch_cover_flow`,
    source: { type: 'events', kinds: ['switch_cover'] },
    filters: eventFilters(compartmentFilter, processFilter),
    columns: coverColumns,
    sort: newestFirst,
  },
  [`${EVENT}/switchCover`]: {
    path: `${EVENT}/switchCover`,
    source: { type: 'events', kinds: ['switch_cover'] },
    filters: eventFilters(handlingFilter, processFilter),
    columns: [...coverColumns, ...handlingColumns],
    sort: newestFirst,
    handling: true,
  },
  [`${EVENT}/emergency_shut_off_valve`]: {
    path: `${EVENT}/emergency_shut_off_valve`,
    source: { type: 'events', kinds: ['emergency_valve'] },
    filters: eventFilters(processFilter),
    columns: [
      ...truckColumns, startTime, compartment,
      column('valveAction', 'enum', data('action', 'text'), { options: { close: 'report.valve.close', open: 'report.valve.open' } }),
      process, area,
    ],
    sort: newestFirst,
  },
  [`${EVENT}/empty`]: {
    path: `${EVENT}/empty`,
    source: { type: 'events', kinds: ['empty_check'] },
    filters: eventFilters(compartmentFilter),
    columns: emptyColumns,
    sort: newestFirst,
  },
  [`${EVENT}/switchcover_his`]: {
    path: `${EVENT}/switchcover_his`,
    source: { type: 'groups', kinds: ['switch_cover'] },
    filters: eventFilters(),
    columns: [
      ...truckColumns, day,
      column('openings', 'integer', count, { summary: 'sum' }),
      column('abnormalOpenings', 'integer', sum(data('abnormal', 'boolean')), { summary: 'sum' }),
      column('openSeconds', 'durationSec', sum({ from: 'event', field: 'duration' }), { summary: 'sum' }),
    ],
    sort: { key: 'day', order: 'desc' },
    drillDown: { to: `${EVENT}/switch_cover_flow`, params: { signCode: 'signCode', day: 'day' } },
  },
  [`${EVENT}/flow_change`]: {
    path: `${EVENT}/flow_change`,
    source: { type: 'events', kinds: ['flow_change'] },
    filters: eventFilters(processFilter, fuelFilter(data('oilCode'))),
    columns: [
      ...truckColumns, startTime, endTime, column('meterNo', 'text', data('meterNo', 'text')), compartment, oilCode,
      column('startTotal', 'decimal1', data('startTotaliser')),
      column('endTotal', 'decimal1', data('endTotaliser')),
      column('volume', 'volume', data('volume'), { summary: 'sum' }),
      process, area,
    ],
    sort: newestFirst,
  },
  [`${EVENT}/real_tank_inventory`]: {
    path: `${EVENT}/real_tank_inventory`,
    source: { type: 'live' },
    filters: [{ type: 'company' }, { type: 'plate' }],
    columns: [
      ...truckColumns,
      column('statusTime', 'dateTime', { from: 'live', field: 'statusTime' }),
      column('compartment', 'integer', { from: 'itemKey' }),
      column('oilCode', 'fuelCode', item('oilCode')),
      column('level', 'millimetre', item('levelMm')),
      column('vt', 'volume', item('vt'), { summary: 'sum' }),
      column('v20', 'volume', item('v20'), { summary: 'sum' }),
      column('temperature', 'temperature', item('temperature')),
      column('area', 'text', { from: 'live', field: 'area' }, { sortable: false }),
    ],
    sort: { key: 'signCode', order: 'asc' },
  },
  [`${EVENT}/tank_inventory`]: {
    path: `${EVENT}/tank_inventory`,
    source: { type: 'events', kinds: ['level'], expand: 'tanks' },
    filters: eventFilters(fuelFilter(item('oilCode')), processFilter),
    columns: tankColumns,
    sort: newestFirst,
  },
  [`${EVENT}/meter_status`]: {
    path: `${EVENT}/meter_status`,
    source: { type: 'events', kinds: ['meter_status'] },
    filters: eventFilters(),
    columns: [
      ...truckColumns, startTime, column('meterNo', 'text', data('meterNo', 'text')),
      column('meterState', 'enum', data('state', 'text'), {
        options: { normal: 'report.meterState.normal', fault: 'report.meterState.fault', offline: 'report.meterState.offline' },
      }),
      column('totalVolume', 'decimal1', data('totaliser')), area,
    ],
    sort: newestFirst,
  },
  [`${EVENT}/meter_unload`]: {
    path: `${EVENT}/meter_unload`,
    source: { type: 'events', kinds: ['unload'], where: [{ value: data('meterVolume'), present: true }] },
    filters: eventFilters(fuelFilter(data('oilCode'))),
    columns: [
      ...truckColumns, startTime, endTime, taskCode, stationName, compartment, oilCode,
      column('meterNo', 'text', data('meterNo', 'text')),
      column('meterVolume', 'volume', data('meterVolume'), { summary: 'sum' }),
      area,
    ],
    sort: newestFirst,
  },
  [`${EVENT}/atg_unload`]: {
    path: `${EVENT}/atg_unload`,
    source: { type: 'events', kinds: ['unload'] },
    filters: eventFilters(fuelFilter(data('oilCode'))),
    columns: [
      ...truckColumns, startTime, endTime, taskCode, stationName, compartment, oilCode,
      column('before', 'volume', data('before')),
      column('after', 'volume', data('after')),
      column('volume', 'volume', data('volume'), { summary: 'sum' }),
      column('v20', 'volume', data('v20'), { summary: 'sum' }),
      column('temperature', 'temperature', data('temperature')),
      area,
    ],
    sort: newestFirst,
  },
  [`${EVENT}/switch_electricity`]: {
    path: `${EVENT}/switch_electricity`,
    source: { type: 'events', kinds: ['power'] },
    filters: eventFilters(),
    columns: [
      ...truckColumns, startTime,
      ...powerColumns, area,
    ],
    sort: newestFirst,
  },
  [`${EVENT}/useing_open`]: {
    path: `${EVENT}/useing_open`,
    source: { type: 'events', kinds: ['lock_open'] },
    filters: eventFilters(processFilter),
    columns: [
      ...truckColumns, startTime, compartment,
      column('openMethod', 'enum', data('method', 'text'), {
        options: { card: 'report.openMethod.card', password: 'report.openMethod.password', remote: 'report.openMethod.remote', key: 'report.openMethod.key' },
      }),
      column('operator', 'text', data('operator', 'text')),
      column('authorized', 'flag', data('authorized', 'boolean')),
      process, area,
    ],
    sort: newestFirst,
  },
  [`${EVENT}/box_door`]: {
    path: `${EVENT}/box_door`,
    source: { type: 'events', kinds: ['box_door'] },
    filters: eventFilters(processFilter),
    columns: [
      ...truckColumns, startTime, endTime,
      ...doorColumns,
      process, abnormal, area,
    ],
    sort: newestFirst,
  },
  [`${EVENT}/level_trend`]: {
    path: `${EVENT}/level_trend`,
    source: { type: 'events', kinds: ['level'], expand: 'tanks' },
    filters: eventFilters(processFilter),
    columns: [
      ...truckColumns, startTime, process,
      column('compartment', 'integer', item('compartment')),
      column('oilCode', 'fuelCode', item('oilCode')),
      column('level', 'millimetre', item('levelMm')),
      column('vt', 'volume', item('vt')),
      column('temperature', 'temperature', item('temperature')),
    ],
    sort: { key: 'startTime', order: 'asc' },
    chart: { kind: 'line', x: 'startTime', series: ['vt'], splitBy: 'compartment' },
  },
  [`${EVENT}/switch_variety`]: {
    path: `${EVENT}/switch_variety`,
    source: { type: 'events', kinds: ['product_change'] },
    filters: eventFilters(compartmentFilter, processFilter),
    columns: [
      ...truckColumns, startTime, compartment,
      column('fromOilCode', 'fuelCode', data('fromOilCode')),
      column('toOilCode', 'fuelCode', data('toOilCode')),
      process, area,
    ],
    sort: newestFirst,
  },
  [`${EVENT}/temp_humidity`]: {
    path: `${EVENT}/temp_humidity`,
    source: { type: 'events', kinds: ['temp_humidity'] },
    filters: eventFilters(compartmentFilter),
    columns: temperatureColumns,
    sort: newestFirst,
    chart: { kind: 'line', x: 'startTime', series: ['temperature', 'humidity'], splitBy: 'compartment' },
  },
  [`${EVENT}/real_temp_humidity`]: {
    path: `${EVENT}/real_temp_humidity`,
    source: { type: 'live', where: [{ value: item('humidity'), present: true }] },
    filters: [{ type: 'company' }, { type: 'plate' }],
    columns: [
      ...truckColumns,
      column('statusTime', 'dateTime', { from: 'live', field: 'statusTime' }),
      column('compartment', 'integer', { from: 'itemKey' }),
      column('temperature', 'temperature', item('temperature')),
      column('humidity', 'decimal1', item('humidity')),
      column('area', 'text', { from: 'live', field: 'area' }, { sortable: false }),
    ],
    sort: { key: 'signCode', order: 'asc' },
  },
  [`${EVENT}/bz_pressure`]: {
    path: `${EVENT}/bz_pressure`,
    source: { type: 'events', kinds: ['pressure'] },
    filters: eventFilters(compartmentFilter, processFilter),
    columns: pressureColumns,
    sort: newestFirst,
  },
  [`${EVENT}/bp_task`]: {
    path: `${EVENT}/bp_task`,
    source: { type: 'events', kinds: ['load'] },
    filters: eventFilters(fuelFilter(data('oilCode'))),
    columns: taskColumns,
    sort: newestFirst,
  },
  [`${EVENT}/bp_modify_record`]: {
    path: `${EVENT}/bp_modify_record`,
    source: { type: 'events', kinds: ['task_modify'] },
    filters: eventFilters(),
    columns: [
      ...truckColumns, startTime, taskCode,
      column('tankSequence', 'integer', data('tankSequence')),
      column('modifiedField', 'enum', data('field', 'text'), {
        options: { oilCode: 'report.column.oilCode', mass: 'report.column.mass', station: 'report.column.stationName' },
      }),
      column('oldValue', 'text', data('oldValue', 'text')),
      column('newValue', 'text', data('newValue', 'text')),
      column('operator', 'text', data('operator', 'text')),
      column('reason', 'text', data('reason', 'text'), { sortable: false }),
    ],
    sort: newestFirst,
  },

  [`${EXCEPTION}/alarm_switch_cover`]: {
    path: `${EXCEPTION}/alarm_switch_cover`,
    source: { type: 'events', kinds: ['switch_cover'], where: [{ value: data('abnormal', 'boolean'), equals: true }] },
    filters: eventFilters(handlingFilter, processFilter),
    columns: [...coverColumns, ...handlingColumns],
    sort: newestFirst,
    handling: true,
  },
  [`${EXCEPTION}/alarm_pipe_water`]: {
    path: `${EXCEPTION}/alarm_pipe_water`,
    source: { type: 'events', kinds: ['pipe_water'] },
    filters: eventFilters(compartmentFilter, processFilter),
    columns: [
      ...truckColumns, startTime, compartment,
      column('waterLevel', 'millimetre', data('waterMm')),
      column('waterVolume', 'volume', data('waterVolume')),
      process, area,
    ],
    sort: newestFirst,
  },
  [`${EXCEPTION}/alarm_not_empty`]: {
    path: `${EXCEPTION}/alarm_not_empty`,
    source: { type: 'events', kinds: ['empty_check'], where: [{ value: data('empty', 'boolean'), equals: false }] },
    filters: eventFilters(compartmentFilter),
    columns: emptyColumns,
    sort: newestFirst,
  },
  [`${EXCEPTION}/alarm_break_seal`]: {
    path: `${EXCEPTION}/alarm_break_seal`,
    source: { type: 'events', kinds: ['seal_break'] },
    filters: eventFilters(processFilter),
    columns: [...truckColumns, startTime, compartment, process, area],
    sort: newestFirst,
  },
  [`${EXCEPTION}/bz_abnormal_oil_loading`]: {
    path: `${EXCEPTION}/bz_abnormal_oil_loading`,
    tab: { key: 'abnormalLoads', labelKey: 'report.tab.abnormalLoads' },
    source: { type: 'events', kinds: ['load'], where: [{ value: data('abnormal', 'boolean'), equals: true }] },
    filters: eventFilters(),
    columns: taskColumns.map((c) => (c.format === 'fuelCode' ? { ...c, format: 'fuelCodeWater' } : c)),
    sort: newestFirst,
    // Loadings begun without the task code entered (204): its pop-up opens this tab.
    tabs: [alarmTab(`${EXCEPTION}/bz_abnormal_oil_loading`, { key: 'noTaskCode', labelKey: alarmTypeLabelKey(204) }, [204], [depotName, area])],
  },
  [`${EXCEPTION}/alm_high_loss`]: {
    path: `${EXCEPTION}/alm_high_loss`,
    source: { type: 'events', kinds: ['trip'], where: [{ value: data('abnormal', 'boolean'), equals: true }] },
    filters: eventFilters(),
    columns: [
      ...truckColumns, startTime, endTime, taskCode, depotName, stationName,
      column('loaded', 'volume', tripVolumes.loaded, { summary: 'sum' }),
      column('arrived', 'volume', tripVolumes.arrived, { summary: 'sum' }),
      column('delivered', 'volume', tripVolumes.delivered, { summary: 'sum' }),
      column('loss', 'loss', tripVolumes.loss, { summary: 'sum' }),
      column('balance', 'loss', tripBalance, { summary: 'sum' }),
      column('lossRate', 'lossRate', data('lossRate')),
      column('lossThreshold', 'lossRate', lossThreshold, { sortable: false }),
      // Where the trip set out and ended, as alarm 202 carries them (shell spec §3).
      startArea, endArea,
    ],
    sort: newestFirst,
  },
  [`${EXCEPTION}/alarm_temp_hum`]: {
    path: `${EXCEPTION}/alarm_temp_hum`,
    source: { type: 'events', kinds: ['temp_humidity'], where: [{ value: data('abnormal', 'boolean'), equals: true }] },
    filters: eventFilters(compartmentFilter),
    columns: temperatureColumns,
    sort: newestFirst,
  },
  [`${EXCEPTION}/device_alarm`]: {
    path: `${EXCEPTION}/device_alarm`,
    source: { type: 'events', kinds: ['device_fault'] },
    filters: eventFilters(),
    columns: [
      ...truckColumns, startTime, endTime,
      ...deviceFaultColumns,
      area,
    ],
    sort: newestFirst,
  },
  [`${EXCEPTION}/alarm_high_pressure`]: {
    path: `${EXCEPTION}/alarm_high_pressure`,
    source: { type: 'events', kinds: ['pressure'], where: [{ value: data('abnormal', 'boolean'), equals: true }] },
    filters: eventFilters(compartmentFilter, processFilter),
    columns: pressureColumns,
    sort: newestFirst,
  },

  [`${ANALYSIS}/oil_loss`]: {
    path: `${ANALYSIS}/oil_loss`,
    source: { type: 'events', kinds: ['trip'], expand: 'compartments' },
    filters: analysisFilters(fuelFilter(item('oilCode')), {
      type: 'select', key: 'lossBucket', labelKey: 'report.column.lossBucket', value: { from: 'bucket', of: tripLoss },
      options: LOSS_HISTOGRAM_BUCKETS.map((bucket) => ({ value: String(bucket.index), label: bucket.label })),
    }),
    columns: balanceColumns,
    sort: newestFirst,
  },
  [`${ANALYSIS}/truck_loss`]: {
    path: `${ANALYSIS}/truck_loss`,
    source: { type: 'groups', kinds: ['trip'] },
    // Spec §9: "year selection for truck loss": a year's months, this year's by default.
    filters: [{ type: 'company' }, { type: 'plate' }, { type: 'year' }],
    columns: [
      ...truckColumns, month,
      column('trips', 'integer', count, { summary: 'sum' }),
      column('loaded', 'volume', sum(tripVolumes.loaded), { summary: 'sum' }),
      column('arrived', 'volume', sum(tripVolumes.arrived), { summary: 'sum' }),
      column('delivered', 'volume', sum(tripVolumes.delivered), { summary: 'sum' }),
      column('loss', 'loss', sum(tripVolumes.loss), { summary: 'sum' }),
      column('balance', 'loss', sum(tripBalance), { summary: 'sum' }),
      column('lossRate', 'lossRate', { from: 'ratio', numerator: tripVolumes.loss, denominator: tripVolumes.loaded }),
      column('lossThreshold', 'lossRate', { from: 'max', of: lossThreshold }),
    ],
    sort: { key: 'month', order: 'desc' },
    drillDown: { to: `${ANALYSIS}/oil_loss`, params: { signCode: 'signCode', month: 'month' } },
  },
  [`${ANALYSIS}/loss_month_rank`]: {
    path: `${ANALYSIS}/loss_month_rank`,
    source: { type: 'groups', kinds: ['trip'] },
    filters: [{ type: 'company' }, { type: 'range', preset: 'thisMonth', maxDays: 31 }],
    columns: [
      ...truckColumns,
      column('trips', 'integer', count),
      column('loss', 'loss', sum(data('loss')), { summary: 'sum' }),
      column('lossRate', 'lossRate', { from: 'ratio', numerator: data('loss'), denominator: data('loadVolume') }),
    ],
    sort: { key: 'loss', order: 'desc' },
    chart: { kind: 'bar', x: 'signCode', series: ['loss'], drillDown: { to: `${ANALYSIS}/truck_loss`, params: { signCode: 'signCode' } } },
  },
  [`${ANALYSIS}/level_change`]: {
    path: `${ANALYSIS}/level_change`,
    source: { type: 'groups', kinds: ['trip'], expand: 'compartments' },
    filters: analysisFilters(fuelFilter(item('oilCode'))),
    columns: [
      column('lossBucket', 'lossBucket', { from: 'bucket', of: tripLoss }),
      column('compartments', 'integer', count, { summary: 'sum' }),
      column('loss', 'loss', sum(tripLoss), { summary: 'sum' }),
    ],
    sort: { key: 'lossBucket', order: 'asc' },
    chart: { kind: 'histogram', x: 'lossBucket', series: ['compartments'], drillDown: { to: `${ANALYSIS}/oil_loss`, params: { lossBucket: 'lossBucket' } } },
  },
  [`${ANALYSIS}/adnormal_month_summary`]: {
    path: `${ANALYSIS}/adnormal_month_summary`,
    source: { type: 'alarmGroups', alarmTypes: [1, 3, 202, 204, 205] },
    filters: [{ type: 'company' }, { type: 'plate' }, { type: 'range', preset: 'thisYear', maxDays: 366 }],
    columns: [
      month,
      column('alarmType', 'alarmType', { from: 'alarmType' }),
      column('alarms', 'integer', count, { summary: 'sum' }),
      column('trucks', 'integer', { from: 'distinctTrucks' }),
    ],
    sort: { key: 'month', order: 'desc' },
    chart: { kind: 'bar', x: 'month', series: ['alarms'], splitBy: 'alarmType' },
    // A row (a month of one type) opens that type's alarm screen over the month.
    drillDown: { to: { alarmScreenOf: 'alarmType' }, params: { month: 'month' } },
  },
  [`${ANALYSIS}/adnormal_proportion`]: {
    path: `${ANALYSIS}/adnormal_proportion`,
    source: { type: 'alarmGroups', alarmTypes: [1, 3, 202, 204, 205] },
    filters: analysisFilters(),
    columns: [
      column('alarmType', 'alarmType', { from: 'alarmType' }),
      column('alarms', 'integer', count, { summary: 'sum' }),
      column('share', 'percent', { from: 'share' }),
    ],
    sort: { key: 'alarms', order: 'desc' },
    chart: { kind: 'bar', x: 'alarmType', series: ['share'], drillDown: { to: { alarmScreenOf: 'alarmType' }, params: {} } },
    drillDown: { to: { alarmScreenOf: 'alarmType' }, params: {} },
  },
  [`${ANALYSIS}/switch_cover_analysis`]: {
    path: `${ANALYSIS}/switch_cover_analysis`,
    source: { type: 'groups', kinds: ['switch_cover'] },
    filters: analysisFilters(),
    columns: [
      ...truckColumns,
      column('openings', 'integer', count, { summary: 'sum' }),
      column('abnormalOpenings', 'integer', sum(data('abnormal', 'boolean')), { summary: 'sum' }),
      column('openSeconds', 'durationSec', sum({ from: 'event', field: 'duration' }), { summary: 'sum' }),
    ],
    sort: { key: 'abnormalOpenings', order: 'desc' },
    chart: { kind: 'bar', x: 'signCode', series: ['openings', 'abnormalOpenings'], drillDown: { to: `${EVENT}/switchCover`, params: { signCode: 'signCode' } } },
  },
  [`${ANALYSIS}/bp_task_exceptions`]: {
    path: `${ANALYSIS}/bp_task_exceptions`,
    source: { type: 'groups', kinds: ['load'], where: [{ value: data('abnormal', 'boolean'), equals: true }] },
    filters: analysisFilters(),
    columns: [
      ...truckColumns, month,
      column('abnormalLoads', 'integer', count, { summary: 'sum' }),
      column('mass', 'integer', sum(data('mass')), { summary: 'sum' }),
      column('actualMass', 'integer', sum(data('actualMass')), { summary: 'sum' }),
    ],
    sort: { key: 'abnormalLoads', order: 'desc' },
    drillDown: { to: `${EXCEPTION}/bz_abnormal_oil_loading`, params: { signCode: 'signCode', month: 'month' } },
  },
} as const satisfies Record<CargoReportPath, ReportDef>;
