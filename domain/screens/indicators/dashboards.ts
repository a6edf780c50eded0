// The two indicator dashboards: safe_target counts alarms by the alarm-setting tree's groups and by type,
// with a daily trend per group and the trucks with the most active-safety alarms; device_target counts the device
// events the device reports read (link drops, undervoltage, faults, heartbeat gaps), their trend and the worst trucks.
import { ADAS_ALARM_TYPE, ALARM_TYPES, type AlarmGroup, type AlarmTypeId } from '../../alarm-types';
import type { IndicatorDef, IndicatorPath, IndicatorSource } from './definition';

/** The types of a group, the ADAS events and the device's twins included (alarm-types.ts's placement). */
function typesOf(group: AlarmGroup): AlarmTypeId[] {
  return ALARM_TYPES.filter((type) => type.group === group).map((type) => type.id);
}

const alarmsOf = (group: AlarmGroup): IndicatorSource => ({ from: 'alarms', types: typesOf(group) });
const eventsOf = (...kinds: Extract<IndicatorSource, { from: 'events' }>['kinds']): IndicatorSource => ({ from: 'events', kinds });
const ADAS_TYPES = ALARM_TYPES.filter((type) => type.id === ADAS_ALARM_TYPE || type.parent === ADAS_ALARM_TYPE).map((type) => type.id);

const DRIVING = '/driving_monitor/exception_report';
const CONSOLE = '/device_monitor/console';
const ANALYSIS = '/device_monitor/device_analysis';

export const SAFE_TARGET: IndicatorDef = {
  path: '/monitor/safe_target',
  figures: [
    { key: 'vehicleAlarms', labelKey: 'indicators.figure.vehicleAlarms', chart: 'number', source: alarmsOf('vehicle'), drillDown: `${DRIVING}/alarm_over_speed` },
    { key: 'driverAlarms', labelKey: 'indicators.figure.driverAlarms', chart: 'number', source: alarmsOf('driver'), drillDown: '/active_safety/data_analysis/adas_can_collect' },
    { key: 'cargoAlarms', labelKey: 'indicators.figure.cargoAlarms', chart: 'number', source: alarmsOf('cargo'), drillDown: '/cargo_monitor/data_analysis/adnormal_proportion' },
    {
      key: 'alarmTrend',
      labelKey: 'indicators.figure.alarmTrend',
      chart: 'trend',
      series: [
        { key: 'vehicle', labelKey: 'indicators.figure.vehicleAlarms', source: alarmsOf('vehicle') },
        { key: 'driver', labelKey: 'indicators.figure.driverAlarms', source: alarmsOf('driver') },
        { key: 'cargo', labelKey: 'indicators.figure.cargoAlarms', source: alarmsOf('cargo') },
      ],
      drillDown: '/cargo_monitor/data_analysis/adnormal_month_summary',
    },
    {
      key: 'alarmTypes',
      labelKey: 'indicators.figure.alarmTypes',
      chart: 'byType',
      source: { from: 'alarms', types: ALARM_TYPES.map((type) => type.id) },
      drillDown: '/active_safety/data_analysis/adas_can_collect',
    },
    {
      key: 'topAlarmTrucks',
      labelKey: 'indicators.figure.topAlarmTrucks',
      chart: 'top',
      source: { from: 'alarms', types: ADAS_TYPES },
      limit: 10,
      drillDown: '/active_safety/data_analysis/alm_adas_can_truck_stat',
    },
  ],
};

export const DEVICE_TARGET: IndicatorDef = {
  path: '/monitor/device_target',
  figures: [
    { key: 'offlines', labelKey: 'indicators.figure.offlines', chart: 'number', source: eventsOf('offline'), drillDown: `${CONSOLE}/console_link` },
    { key: 'undervoltages', labelKey: 'indicators.figure.undervoltages', chart: 'number', source: eventsOf('undervoltage'), drillDown: `${CONSOLE}/alarm_undervolitage` },
    { key: 'deviceFaults', labelKey: 'indicators.figure.deviceFaults', chart: 'number', source: eventsOf('device_fault'), drillDown: '/device_monitor/other_devices/abnormal_record' },
    { key: 'heartbeatGaps', labelKey: 'indicators.figure.heartbeatGaps', chart: 'number', source: eventsOf('heartbeat_gap'), drillDown: `${ANALYSIS}/health_analysis` },
    {
      key: 'deviceTrend',
      labelKey: 'indicators.figure.deviceTrend',
      chart: 'trend',
      series: [
        { key: 'offline', labelKey: 'indicators.figure.offlines', source: eventsOf('offline') },
        { key: 'undervoltage', labelKey: 'indicators.figure.undervoltages', source: eventsOf('undervoltage') },
        { key: 'deviceFault', labelKey: 'indicators.figure.deviceFaults', source: eventsOf('device_fault') },
      ],
      drillDown: `${CONSOLE}/complete_analysis`,
    },
    {
      key: 'topDeviceTrucks',
      labelKey: 'indicators.figure.topDeviceTrucks',
      chart: 'top',
      source: eventsOf('offline', 'undervoltage', 'device_fault', 'heartbeat_gap'),
      limit: 10,
      drillDown: `${ANALYSIS}/health_analysis`,
    },
  ],
};

export const INDICATORS: Readonly<Record<IndicatorPath, IndicatorDef>> = {
  '/monitor/safe_target': SAFE_TARGET,
  '/monitor/device_target': DEVICE_TARGET,
};

export function indicatorFor(path: string): IndicatorDef | undefined {
  return Object.values(INDICATORS).find((def) => def.path === path);
}
