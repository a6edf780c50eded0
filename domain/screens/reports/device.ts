// The device-health screens read from the events the consoles report (docs/events.md): boot-ups, link drops,
// undervoltage, device faults, power, cold-box humidity and doors, heartbeat gaps and the daily upload counts; the
// heartbeat screens read the heartbeat table, the overdue heartbeats are the superMan poll's; one entry each.
import type { RoutePathOfGroup } from '../../routes';
import {
  abnormal, analysisFilters, area, column, computed, computedRows, count, countOfKind, data, day, deviceFaultColumns, doorColumns, endTime,
  eventFilters, month, offlineColumns, powerColumns, process, processFilter, record, scoreColumns, startTime, temperatureColumns, truckColumns,
} from './columns';
import type { DataCondition, ReportColumn, ReportDef } from './definition';

type DeviceReportPath = RoutePathOfGroup<'device_console' | 'device_other' | 'device_analysis'> | '/setting/base_data/upload_statistic';

const CONSOLE = '/device_monitor/console';
const OTHER = '/device_monitor/other_devices';
const ANALYSIS = '/device_monitor/device_analysis';

const newestFirst = { key: 'startTime', order: 'desc' } as const;
const voltage = column('voltage', 'decimal1', data('voltage'));
const faultRows: readonly ReportColumn[] = [...truckColumns, startTime, endTime, ...deviceFaultColumns, area];
const device = (name: string): DataCondition => ({ value: data('device', 'text'), equals: name });
const faultsOf = (name: string) => ({ from: 'countWhen', value: data('device', 'text'), equals: name }) as const;

const heartTime = column('heartTime', 'dateTime', record('heartTime'));
const gpsTime = column('gpsTime', 'dateTime', record('gpsTime'));
const heartbeatVoltage = column('voltage', 'decimal1', record('voltage'));

/** A device's health counts (docs/scores.md): heartbeat gaps, link drops, undervoltages and faults. */
const healthCounts: readonly ReportColumn[] = [
  column('heartbeatGaps', 'integer', countOfKind('heartbeat_gap'), { summary: 'sum' }),
  column('offlines', 'integer', countOfKind('offline'), { summary: 'sum' }),
  column('undervoltages', 'integer', countOfKind('undervoltage'), { summary: 'sum' }),
  column('deviceFaults', 'integer', countOfKind('device_fault'), { summary: 'sum' }),
];
const healthKinds = ['heartbeat_gap', 'offline', 'undervoltage', 'device_fault', 'upload'] as const;

export const DEVICE_REPORTS = {
  [`${CONSOLE}/bz_bootup`]: {
    path: `${CONSOLE}/bz_bootup`,
    source: { type: 'events', kinds: ['bootup'] },
    filters: eventFilters(),
    columns: [...truckColumns, startTime, voltage, area],
    sort: newestFirst,
  },
  [`${CONSOLE}/console_link`]: {
    path: `${CONSOLE}/console_link`,
    // A link drop is an offline spell: from the last fix the platform had until the console reported again.
    source: { type: 'events', kinds: ['offline'] },
    filters: eventFilters(),
    columns: offlineColumns,
    sort: { key: 'lastGpsTime', order: 'desc' },
  },
  [`${CONSOLE}/alarm_undervolitage`]: {
    path: `${CONSOLE}/alarm_undervolitage`,
    source: { type: 'events', kinds: ['undervoltage'] },
    filters: eventFilters(),
    columns: [...truckColumns, startTime, voltage, area],
    sort: newestFirst,
  },
  [`${CONSOLE}/alarm_device_err`]: {
    path: `${CONSOLE}/alarm_device_err`,
    // The console itself (the controller); the other devices have their own screens.
    source: { type: 'events', kinds: ['device_fault'], where: [device('controller')] },
    filters: eventFilters(),
    columns: faultRows,
    sort: newestFirst,
  },
  [`${CONSOLE}/complete_analysis`]: {
    path: `${CONSOLE}/complete_analysis`,
    source: { type: 'groups', kinds: ['bootup', 'undervoltage', 'device_fault', 'offline'] },
    filters: analysisFilters(),
    columns: [
      ...truckColumns,
      column('bootups', 'integer', countOfKind('bootup'), { summary: 'sum' }),
      column('undervoltages', 'integer', countOfKind('undervoltage'), { summary: 'sum' }),
      column('deviceFaults', 'integer', countOfKind('device_fault'), { summary: 'sum' }),
      column('offlines', 'integer', countOfKind('offline'), { summary: 'sum' }),
    ],
    sort: { key: 'deviceFaults', order: 'desc' },
    chart: { kind: 'bar', x: 'signCode', series: ['deviceFaults'], drillDown: { to: `${CONSOLE}/alarm_device_err`, params: { signCode: 'signCode' } } },
  },
  [`${OTHER}/abnormal_monitor`]: {
    path: `${OTHER}/abnormal_monitor`,
    // Faults of the on-board devices that have not recovered.
    source: { type: 'events', kinds: ['device_fault'], where: [{ value: data('recovered', 'boolean'), equals: false }] },
    filters: eventFilters(),
    // Still failing: no end, nothing recovered.
    columns: [...truckColumns, startTime, ...deviceFaultColumns.filter((candidate) => candidate.key !== 'recovered'), area],
    sort: newestFirst,
  },
  [`${OTHER}/abnormal_record`]: {
    path: `${OTHER}/abnormal_record`,
    source: { type: 'events', kinds: ['device_fault'] },
    filters: eventFilters(),
    columns: faultRows,
    sort: newestFirst,
  },
  [`${OTHER}/switch_cover_err`]: {
    path: `${OTHER}/switch_cover_err`,
    // The covers' electronic seals: their communication and battery faults.
    source: { type: 'events', kinds: ['device_fault'], where: [device('seal')] },
    filters: eventFilters(),
    columns: faultRows,
    sort: newestFirst,
  },
  [`${OTHER}/bz_powers`]: {
    path: `${OTHER}/bz_powers`,
    source: { type: 'events', kinds: ['power'] },
    filters: eventFilters(),
    columns: [...truckColumns, startTime, ...powerColumns, area],
    sort: newestFirst,
  },
  [`${OTHER}/humidity`]: {
    path: `${OTHER}/humidity`,
    source: { type: 'events', kinds: ['temp_humidity'] },
    filters: eventFilters(),
    columns: temperatureColumns,
    sort: newestFirst,
  },
  [`${OTHER}/humidity_err`]: {
    path: `${OTHER}/humidity_err`,
    source: { type: 'events', kinds: ['temp_humidity'], where: [{ value: data('abnormal', 'boolean'), equals: true }] },
    filters: eventFilters(),
    columns: temperatureColumns,
    sort: newestFirst,
  },
  [`${OTHER}/box_door_err`]: {
    path: `${OTHER}/box_door_err`,
    // A door opened on the road.
    source: { type: 'events', kinds: ['box_door'], where: [{ value: data('abnormal', 'boolean'), equals: true }] },
    filters: eventFilters(processFilter),
    columns: [...truckColumns, startTime, endTime, ...doorColumns, process, abnormal, area],
    sort: newestFirst,
  },
  [`${ANALYSIS}/abnormal_statistics`]: {
    path: `${ANALYSIS}/abnormal_statistics`,
    source: { type: 'groups', kinds: ['device_fault'] },
    filters: analysisFilters(),
    columns: [
      month,
      ...deviceFaultColumns.filter((candidate) => candidate.key === 'device'),
      column('deviceFaults', 'integer', count, { summary: 'sum' }),
      column('trucks', 'integer', { from: 'distinctTrucks' }),
      column('unrecovered', 'integer', { from: 'countWhen', value: data('recovered', 'boolean'), equals: 0 }, { summary: 'sum' }),
    ],
    sort: { key: 'month', order: 'desc' },
    chart: { kind: 'bar', x: 'month', series: ['deviceFaults'], splitBy: 'device' },
  },
  [`${ANALYSIS}/abnormal_analysis`]: {
    path: `${ANALYSIS}/abnormal_analysis`,
    source: { type: 'groups', kinds: ['device_fault'] },
    filters: analysisFilters(),
    columns: [
      ...truckColumns,
      column('deviceFaults', 'integer', count, { summary: 'sum' }),
      column('probeFaults', 'integer', faultsOf('probe'), { summary: 'sum' }),
      column('sealFaults', 'integer', faultsOf('seal'), { summary: 'sum' }),
      column('meterFaults', 'integer', faultsOf('meter'), { summary: 'sum' }),
      column('valveFaults', 'integer', faultsOf('valve'), { summary: 'sum' }),
      column('controllerFaults', 'integer', faultsOf('controller'), { summary: 'sum' }),
    ],
    sort: { key: 'deviceFaults', order: 'desc' },
    chart: { kind: 'bar', x: 'signCode', series: ['deviceFaults'], drillDown: { to: `${OTHER}/abnormal_record`, params: { signCode: 'signCode' } } },
    drillDown: { to: `${OTHER}/abnormal_record`, params: { signCode: 'signCode' } },
  },
  [`${ANALYSIS}/heart_beat_info`]: {
    path: `${ANALYSIS}/heart_beat_info`,
    source: { type: 'records', table: 'heartbeat' },
    filters: eventFilters(),
    columns: [...truckColumns, heartTime, gpsTime, heartbeatVoltage],
    sort: { key: 'heartTime', order: 'desc' },
  },
  [`${ANALYSIS}/over_time_heart`]: {
    path: `${ANALYSIS}/over_time_heart`,
    // The superMan poll's data: online trucks whose newest heartbeat is older than the overtime limit, now.
    source: computedRows('heartbeatOvertime'),
    filters: [{ type: 'company' }, { type: 'plate' }],
    columns: [
      column('signCode', 'text', computed('signCode', 'text')),
      column('companyName', 'text', computed('companyName', 'text')),
      column('heartTime', 'dateTime', computed('heartTime')),
      column('gpsTime', 'dateTime', computed('gpsTime')),
      column('overdueMinutes', 'durationMin', computed('overdueMinutes')),
    ],
    sort: { key: 'overdueMinutes', order: 'desc' },
    drillDown: { to: `${ANALYSIS}/heart_beat_info`, params: { signCode: 'signCode' } },
  },
  [`${ANALYSIS}/valtage_line`]: {
    path: `${ANALYSIS}/valtage_line`,
    // The console's supply voltage over time, one truck's line from its heartbeats.
    source: { type: 'records', table: 'heartbeat' },
    filters: eventFilters(),
    columns: [...truckColumns, heartTime, heartbeatVoltage],
    sort: { key: 'heartTime', order: 'desc' },
    chart: { kind: 'line', x: 'heartTime', series: ['voltage'] },
  },
  [`${ANALYSIS}/health_analysis`]: {
    path: `${ANALYSIS}/health_analysis`,
    // Each device's score per day; with a plate, its line over the range.
    source: { type: 'groups', kinds: healthKinds },
    filters: analysisFilters(),
    columns: [...truckColumns, day, ...healthCounts, ...scoreColumns('deviceHealth', 'healthScore')],
    sort: { key: 'day', order: 'desc' },
    chart: { kind: 'line', x: 'day', series: ['healthScore'] },
  },
  [`${ANALYSIS}/device_health`]: {
    path: `${ANALYSIS}/device_health`,
    // Each device's score over the range, worst first, rated per week of activity.
    source: { type: 'groups', kinds: healthKinds },
    filters: analysisFilters(),
    columns: [
      ...truckColumns,
      column('activeDays', 'integer', countOfKind('upload')),
      ...healthCounts,
      ...scoreColumns('deviceHealth', 'healthScore'),
    ],
    sort: { key: 'healthScore', order: 'asc' },
    chart: { kind: 'bar', x: 'signCode', series: ['healthScore'], drillDown: { to: `${ANALYSIS}/health_analysis`, params: { signCode: 'signCode' } } },
    drillDown: { to: `${ANALYSIS}/health_analysis`, params: { signCode: 'signCode' } },
  },
  '/setting/base_data/upload_statistic': {
    path: '/setting/base_data/upload_statistic',
    // What each device uploaded per day, from its daily upload counts.
    source: { type: 'events', kinds: ['upload'] },
    filters: eventFilters(),
    columns: [
      ...truckColumns,
      column('day', 'date', data('date', 'text')),
      column('statusReports', 'integer', data('statusReports'), { summary: 'sum' }),
      column('positions', 'integer', data('positions'), { summary: 'sum' }),
      column('heartbeats', 'integer', data('heartbeats'), { summary: 'sum' }),
      column('events', 'integer', data('events'), { summary: 'sum' }),
      column('alarms', 'integer', data('alarms'), { summary: 'sum' }),
      column('firstUpload', 'dateTime', data('firstTime')),
      column('lastUpload', 'dateTime', data('lastTime')),
    ],
    sort: { key: 'day', order: 'desc' },
  },
} as const satisfies Partial<Record<DeviceReportPath, ReportDef>>;
