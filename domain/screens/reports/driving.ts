// The driving screens (event reports, exception reports, data analysis) and the active-safety screens, one entry each.
// Event fields are those of docs/events.md; alarm columns read the alarm's properties, which the simulator fills as the
// device would (area, position, speed and the type's own fields).
import { ADAS_ALARM_TYPE, alarmTypeLabelKey } from '../../alarm-types';
import { SPEED_QUERY_MAX_MONTHS } from '../../constants';
import type { RoutePathOfGroup } from '../../routes';
import {
  analysisFilters, area, column, computed, computedRows, count, countOfKind, data, endTime, eventFilters, isKind, month, offlineColumns, record,
  scoreColumns, startTime, truckColumns,
} from './columns';
import { alarmTab } from './alarm-tab';
import type { ReportColumn, ReportDef, ReportFilter } from './definition';
import { DRIVER_EVENT_CATEGORIES, OVERSPEED_KMH } from './driver-events';

type DrivingReportPath = RoutePathOfGroup<'driving_event' | 'driving_exception' | 'driving_analysis' | 'active_safety'>;

const EVENT = '/driving_monitor/event_report';
const EXCEPTION = '/driving_monitor/exception_report';
const ANALYSIS = '/driving_monitor/data_analysis';
const SAFETY = '/active_safety';

const newestFirst = { key: 'startTime', order: 'desc' } as const;
const MINUTES_PER_DAY = 1440;

const parkSource = column('parkSource', 'enum', data('inPark', 'boolean'), {
  options: { 1: 'report.parkSource.park', 0: 'report.parkSource.roadside' },
});
const parkSourceFilter: ReportFilter = {
  type: 'select', key: 'parkSource', labelKey: 'report.column.parkSource', value: data('inPark', 'boolean'),
  options: [{ value: '1', labelKey: 'report.parkSource.park' }, { value: '0', labelKey: 'report.parkSource.roadside' }],
};
const stopMinutes = column('stopMinutes', 'durationMin', data('durationMin'));
const speed = column('speed', 'speed', data('speed'));
const alarmType = column('alarmType', 'alarmType', { from: 'alarmType' });
const offlineMinutes = data('durationMin');
/** The timeout each listed stop or spell was judged by: in force for its company when it began (timeout-alarms.ts). */
const parkingTimeout = column('parkingTimeout', 'durationMin', { from: 'timeout', alarm: 4 });
const offlineTimeout = column('offlineTimeout', 'durationMin', { from: 'timeout', alarm: 7 });

/** ADAS and driver-monitoring alarms: 8 and its events 9–22 and 28–37. */
const ADAS_TYPES = [ADAS_ALARM_TYPE, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37] as const;

/** GPS history's select: every fix, or those over the platform's speed limit (then the spec's overspeed empty text). */
const speedingFilter: ReportFilter = {
  type: 'select', key: 'speeding', labelKey: 'report.filter.speeding', value: { from: 'over', value: record('speed'), limit: OVERSPEED_KMH },
  options: [
    { value: '1', labelKey: 'report.speeding.over', emptyKey: 'error.noOverspeed' },
    { value: '0', labelKey: 'report.speeding.within' },
  ],
};

const km = column('km', 'decimal1', { from: 'sum', of: data('km') }, { summary: 'sum' });
/** Events of a kind per 100 km driven (the mileage events' km) over the group. */
const per100Km = (kind: string) => ({ from: 'ratio', numerator: isKind(kind), denominator: data('km'), scale: 100 }) as const;
/** Roadside stops and offline spells that raised their alarm (4, 7) under the timeouts in force when they began. */
const parkingTimeouts = column('parkingTimeouts', 'integer', { from: 'sum', of: { from: 'raises', alarm: 4 } }, { summary: 'sum' });
const offlineAlarms = column('offlines', 'integer', { from: 'sum', of: { from: 'raises', alarm: 7 } }, { summary: 'sum' });

const driverColumns: readonly ReportColumn[] = [
  column('driverName', 'text', computed('driverName', 'text')),
  column('driverCode', 'text', computed('driverCode', 'text')),
  column('companyName', 'text', computed('companyName', 'text')),
];
const driverCodeFilter: ReportFilter = { type: 'text', key: 'driverCode', labelKey: 'report.column.driverCode', value: computed('driverCode', 'text'), maxLength: 20 };

const parkingColumns: readonly ReportColumn[] = [
  ...truckColumns, startTime, endTime, stopMinutes, parkSource, column('parkName', 'text', data('parkName', 'text')), area,
];

const FENCE_SHAPES = { polygon: 'report.fenceShape.polygon', rectangle: 'report.fenceShape.rectangle', circle: 'report.fenceShape.circle' } as const;
const DRIVER_EVENTS_DRILL = { to: `${ANALYSIS}/exception_rate`, tab: 'driverEvents', params: { driverCode: 'driverCode', month: 'month' } } as const;

export const DRIVING_REPORTS = {
  [`${EVENT}/parking_source`]: {
    path: `${EVENT}/parking_source`,
    source: { type: 'events', kinds: ['parking'] },
    filters: eventFilters(parkSourceFilter),
    columns: parkingColumns,
    sort: newestFirst,
  },
  [`${EVENT}/sign_dura`]: {
    path: `${EVENT}/sign_dura`,
    tab: { key: 'shifts', labelKey: 'report.tab.shifts' },
    source: { type: 'events', kinds: ['sign'] },
    filters: eventFilters(),
    columns: [
      ...truckColumns,
      column('driverName', 'text', data('driverName', 'text')),
      column('driverCode', 'text', data('driverCode', 'text')),
      startTime, endTime,
      column('workMinutes', 'durationMin', data('workMin'), { summary: 'sum' }),
      column('km', 'decimal1', data('km'), { summary: 'sum' }),
    ],
    sort: newestFirst,
    // The overlong-working-hours alarms (203), raised while a shift is still under way: its pop-up opens this tab.
    tabs: [alarmTab(`${EVENT}/sign_dura`, { key: 'overlongWork', labelKey: alarmTypeLabelKey(203) }, [203], [
      column('driverName', 'text', data('driver.name', 'text')),
      column('workingDuration', 'durationMin', data('driverWorkingDuration')),
    ])],
  },
  [`${EXCEPTION}/alarm_parking`]: {
    path: `${EXCEPTION}/alarm_parking`,
    // Alarm 4: a stop at the roadside, outside every car park, as long as the parking timeout in force when it began.
    source: { type: 'events', kinds: ['parking'], where: [{ raises: 4 }] },
    filters: eventFilters(),
    columns: [...truckColumns, startTime, endTime, stopMinutes, parkingTimeout, area],
    sort: newestFirst,
  },
  [`${EXCEPTION}/alarm_over_speed`]: {
    path: `${EXCEPTION}/alarm_over_speed`,
    tab: { key: 'overspeedSpells', labelKey: 'report.tab.overspeedSpells' },
    source: { type: 'events', kinds: ['overspeed'] },
    filters: eventFilters(),
    columns: [
      ...truckColumns, startTime, endTime,
      column('maxSpeed', 'speed', data('maxSpeed')),
      column('speedLimit', 'speed', data('limit')),
      column('overspeedSeconds', 'durationSec', data('durationSec')),
      area,
    ],
    sort: newestFirst,
    emptyKey: 'error.noOverspeed',
    // The device's own speed alarms: its overspeed (45, above its own limit, inside a spell of the first tab) and an
    // abnormal speed it reported (206). Their pop-ups open this tab on the alarm itself.
    tabs: [alarmTab(`${EXCEPTION}/alarm_over_speed`, { key: 'speedAlarms', labelKey: 'report.tab.speedAlarms' }, [45, 206], [
      alarmType, speed, column('speedLimit', 'speed', data('limit')),
      column('previousSpeed', 'speed', data('previousSpeed')), column('reportedSpeed', 'speed', data('reportedSpeed')), area,
    ])],
  },
  [`${EXCEPTION}/alarm_off_line`]: {
    path: `${EXCEPTION}/alarm_off_line`,
    // Alarm 7: an offline spell as long as the offline timeout in force when it began.
    source: { type: 'events', kinds: ['offline'], where: [{ raises: 7 }] },
    filters: eventFilters(),
    columns: offlineColumns.flatMap((candidate) => (candidate.key === 'offlineMinutes' ? [candidate, offlineTimeout] : [candidate])),
    sort: { key: 'lastGpsTime', order: 'desc' },
  },
  [`${EXCEPTION}/off_line_analysis`]: {
    path: `${EXCEPTION}/off_line_analysis`,
    // The spells alarm_off_line lists (its drill-down), in the spec's bands, each with its upper bound: up to 24 h, 24
    // to 48 h, over 48 h.
    source: { type: 'groups', kinds: ['offline'], where: [{ raises: 7 }] },
    filters: analysisFilters(),
    columns: [
      ...truckColumns,
      column('offlines', 'integer', count, { summary: 'sum' }),
      column('offlineUpTo24h', 'integer', { from: 'countWhen', value: offlineMinutes, atMost: MINUTES_PER_DAY }, { summary: 'sum' }),
      column('offline24To48h', 'integer', { from: 'countWhen', value: offlineMinutes, above: MINUTES_PER_DAY, atMost: 2 * MINUTES_PER_DAY }, { summary: 'sum' }),
      column('offlineOver48h', 'integer', { from: 'countWhen', value: offlineMinutes, above: 2 * MINUTES_PER_DAY }, { summary: 'sum' }),
      column('offlineMinutes', 'durationMin', { from: 'sum', of: offlineMinutes }, { summary: 'sum' }),
    ],
    sort: { key: 'offlines', order: 'desc' },
    chart: { kind: 'bar', x: 'signCode', series: ['offlines'], drillDown: { to: `${EXCEPTION}/alarm_off_line`, params: { signCode: 'signCode' } } },
    drillDown: { to: `${EXCEPTION}/alarm_off_line`, params: { signCode: 'signCode' } },
  },
  [`${EXCEPTION}/alarm_curve_speeding`]: {
    path: `${EXCEPTION}/alarm_curve_speeding`,
    source: { type: 'alarms', alarmTypes: [6] },
    filters: eventFilters(),
    columns: [...truckColumns, startTime, speed, column('speedLimit', 'speed', data('limit')), column('curveRadius', 'integer', data('radius')), area],
    sort: newestFirst,
  },
  [`${EXCEPTION}/alarm_emergency`]: {
    path: `${EXCEPTION}/alarm_emergency`,
    source: { type: 'alarms', alarmTypes: [5] },
    filters: eventFilters(),
    columns: [
      ...truckColumns, startTime,
      column('harshKind', 'enum', data('kind', 'text'), { options: { brake: 'report.harsh.brake', accelerate: 'report.harsh.accelerate' } }),
      column('gForce', 'decimal2', data('g')),
      speed, area,
    ],
    sort: newestFirst,
  },
  [`${EXCEPTION}/alarm_urgent`]: {
    path: `${EXCEPTION}/alarm_urgent`,
    // The platform's urgent alarm (201) and the device's own (44): the urgent dialog's rows land here.
    source: { type: 'alarms', alarmTypes: [201, 44] },
    filters: eventFilters(),
    columns: [...truckColumns, startTime, alarmType, speed, area],
    sort: newestFirst,
  },
  [`${EXCEPTION}/gps_info_his`]: {
    path: `${EXCEPTION}/gps_info_his`,
    // Speed info: the stored fixes of the trucks, a query at most three calendar months (params spec §5).
    source: { type: 'records', table: 'position' },
    filters: [{ type: 'company' }, { type: 'plate' }, { type: 'range', preset: 'last7Days', maxMonths: SPEED_QUERY_MAX_MONTHS }, speedingFilter],
    columns: [
      ...truckColumns,
      column('gpsTime', 'dateTime', record('time')),
      column('speed', 'speed', record('speed')),
      column('heading', 'heading', record('heading')),
      column('lng', 'coordinate', record('lng'), { sortable: false }),
      column('lat', 'coordinate', record('lat'), { sortable: false }),
      column('area', 'text', record('area'), { sortable: false }),
    ],
    sort: { key: 'gpsTime', order: 'desc' },
  },
  [`${ANALYSIS}/fency_mileage`]: {
    path: `${ANALYSIS}/fency_mileage`,
    // Kilometres driven inside each fence, from the stored fixes and the fences' shapes (server/reports/fence-mileage.ts).
    tab: { key: 'fences', labelKey: 'report.tab.fences' },
    source: computedRows('fenceTotals'),
    filters: analysisFilters(),
    columns: [
      column('fenceName', 'text', computed('fenceName', 'text')),
      column('fenceShape', 'enum', computed('fenceShape', 'text'), { options: FENCE_SHAPES }),
      column('companyName', 'text', computed('companyName', 'text')),
      column('trucks', 'integer', computed('trucks')),
      column('entries', 'integer', computed('entries'), { summary: 'sum' }),
      column('km', 'decimal2', computed('km'), { summary: 'sum' }),
      column('insideMinutes', 'durationMin', computed('insideMinutes'), { summary: 'sum' }),
    ],
    sort: { key: 'km', order: 'desc' },
    chart: { kind: 'bar', x: 'fenceName', series: ['km'], drillDown: { to: `${ANALYSIS}/fency_mileage`, tab: 'trucks', params: { fenceName: 'fenceName' } } },
    drillDown: { to: `${ANALYSIS}/fency_mileage`, tab: 'trucks', params: { fenceName: 'fenceName' } },
    tabs: [
      {
        path: `${ANALYSIS}/fency_mileage`,
        tab: { key: 'trucks', labelKey: 'report.tab.fenceTrucks' },
        source: computedRows('fenceMileage'),
        filters: analysisFilters({ type: 'text', key: 'fenceName', labelKey: 'report.column.fenceName', value: computed('fenceName', 'text'), maxLength: 100 }),
        columns: [
          column('signCode', 'text', computed('signCode', 'text')),
          column('companyName', 'text', computed('companyName', 'text')),
          column('fenceName', 'text', computed('fenceName', 'text')),
          column('fenceShape', 'enum', computed('fenceShape', 'text'), { options: FENCE_SHAPES }),
          column('entries', 'integer', computed('entries'), { summary: 'sum' }),
          column('km', 'decimal2', computed('km'), { summary: 'sum' }),
          column('insideMinutes', 'durationMin', computed('insideMinutes'), { summary: 'sum' }),
        ],
        sort: { key: 'km', order: 'desc' },
      },
    ],
  },
  [`${ANALYSIS}/truck_daily_mile`]: {
    path: `${ANALYSIS}/truck_daily_mile`,
    source: { type: 'events', kinds: ['mileage'] },
    filters: analysisFilters(),
    columns: [
      ...truckColumns,
      column('day', 'date', data('date', 'text')),
      column('km', 'decimal1', data('km'), { summary: 'sum' }),
      column('drivingMinutes', 'durationMin', data('drivingMin'), { summary: 'sum' }),
    ],
    sort: { key: 'day', order: 'desc' },
  },
  [`${ANALYSIS}/exception_sum`]: {
    path: `${ANALYSIS}/exception_sum`,
    // A company's month: its driving exceptions beside the trucks that drove and the kilometres they drove.
    source: { type: 'groups', kinds: ['overspeed', 'parking', 'offline', 'mileage'] },
    filters: analysisFilters(),
    columns: [
      column('companyName', 'text', { from: 'truck', field: 'companyName' }),
      month,
      column('trucks', 'integer', { from: 'distinctTrucks' }),
      km,
      column('overspeeds', 'integer', countOfKind('overspeed'), { summary: 'sum' }),
      parkingTimeouts,
      offlineAlarms,
    ],
    sort: { key: 'month', order: 'desc' },
    chart: { kind: 'bar', x: 'month', series: ['overspeeds'], splitBy: 'companyName' },
  },
  [`${ANALYSIS}/exception_rate`]: {
    path: `${ANALYSIS}/exception_rate`,
    // Per truck: its exceptions against the kilometres it drove; the drivers' scores are the next tab.
    tab: { key: 'trucks', labelKey: 'report.tab.trucks' },
    source: { type: 'groups', kinds: ['overspeed', 'parking', 'offline', 'mileage'] },
    filters: analysisFilters(),
    columns: [
      ...truckColumns,
      km,
      column('overspeeds', 'integer', countOfKind('overspeed'), { summary: 'sum' }),
      column('overspeedsPer100Km', 'decimal2', per100Km('overspeed')),
      parkingTimeouts,
      column('parkingTimeoutsPer100Km', 'decimal2', { from: 'ratio', numerator: { from: 'raises', alarm: 4 }, denominator: data('km'), scale: 100 }),
      offlineAlarms,
      column('offlinesPer100Km', 'decimal2', { from: 'ratio', numerator: { from: 'raises', alarm: 7 }, denominator: data('km'), scale: 100 }),
    ],
    sort: { key: 'overspeedsPer100Km', order: 'desc' },
    chart: { kind: 'bar', x: 'signCode', series: ['overspeedsPer100Km'], drillDown: { to: `${EXCEPTION}/alarm_over_speed`, params: { signCode: 'signCode' } } },
    drillDown: { to: `${EXCEPTION}/alarm_over_speed`, params: { signCode: 'signCode' } },
    tabs: [
      {
        path: `${ANALYSIS}/exception_rate`,
        // Beyond the legacy console: each driver's month scored from overspeeds, harsh events, fatigue and ADAS alarms
        // per 100 km (scores.ts, docs/scores.md); a row opens the events behind its score.
        tab: { key: 'drivers', labelKey: 'report.tab.driverScore' },
        source: computedRows('driverScore'),
        filters: analysisFilters(driverCodeFilter),
        columns: [
          ...driverColumns,
          column('month', 'month', computed('month', 'text')),
          column('km', 'decimal1', computed('km'), { summary: 'sum' }),
          column('overspeeds', 'integer', computed('overspeeds'), { summary: 'sum' }),
          column('harshEvents', 'integer', computed('harshEvents'), { summary: 'sum' }),
          column('fatigueEvents', 'integer', computed('fatigueEvents'), { summary: 'sum' }),
          column('adasEvents', 'integer', computed('adasEvents'), { summary: 'sum' }),
          ...scoreColumns('driver', 'driverScore'),
        ],
        // No chart: a driver has a row per month of the range, and bars by name would stand for two months at once.
        sort: { key: 'driverScore', order: 'asc' },
        drillDown: DRIVER_EVENTS_DRILL,
      },
      {
        path: `${ANALYSIS}/exception_rate`,
        tab: { key: 'driverEvents', labelKey: 'report.tab.driverEvents' },
        source: computedRows('driverEvents'),
        // A list of alarms: the last 7 days, as event lists open; a driver's month comes with the drill-down.
        filters: eventFilters(driverCodeFilter),
        columns: [
          column('startTime', 'dateTime', computed('startTime')),
          ...driverColumns,
          column('signCode', 'text', computed('signCode', 'text')),
          column('driverEventCategory', 'enum', computed('category', 'text'), { options: DRIVER_EVENT_CATEGORIES }),
          column('alarmType', 'alarmType', computed('alarmType')),
          column('speed', 'speed', computed('speed')),
          column('area', 'text', computed('area', 'text'), { sortable: false }),
        ],
        sort: { key: 'startTime', order: 'desc' },
      },
    ],
  },
  [`${SAFETY}/exception_report/alarm_adas_can`]: {
    path: `${SAFETY}/exception_report/alarm_adas_can`,
    source: { type: 'alarms', alarmTypes: ADAS_TYPES },
    filters: eventFilters(),
    columns: [...truckColumns, startTime, alarmType, column('alarmLevel', 'level', data('level')), speed, area],
    sort: newestFirst,
  },
  [`${SAFETY}/data_analysis/adas_can_collect`]: {
    path: `${SAFETY}/data_analysis/adas_can_collect`,
    source: { type: 'alarmGroups', alarmTypes: ADAS_TYPES },
    filters: analysisFilters(),
    columns: [
      alarmType,
      column('alarms', 'integer', count, { summary: 'sum' }),
      column('trucks', 'integer', { from: 'distinctTrucks' }),
      column('share', 'percent', { from: 'share' }),
    ],
    sort: { key: 'alarms', order: 'desc' },
    chart: { kind: 'bar', x: 'alarmType', series: ['alarms'], drillDown: { to: `${SAFETY}/exception_report/alarm_adas_can`, params: {} } },
    drillDown: { to: `${SAFETY}/exception_report/alarm_adas_can`, params: {} },
  },
  [`${SAFETY}/data_analysis/alm_adas_can_truck_stat`]: {
    path: `${SAFETY}/data_analysis/alm_adas_can_truck_stat`,
    source: { type: 'alarmGroups', alarmTypes: ADAS_TYPES },
    filters: analysisFilters(),
    columns: [...truckColumns, month, column('alarms', 'integer', count, { summary: 'sum' })],
    sort: { key: 'alarms', order: 'desc' },
    chart: { kind: 'bar', x: 'signCode', series: ['alarms'], drillDown: { to: `${SAFETY}/exception_report/alarm_adas_can`, params: { signCode: 'signCode' } } },
    drillDown: { to: `${SAFETY}/exception_report/alarm_adas_can`, params: { signCode: 'signCode', month: 'month' } },
  },
} as const satisfies Partial<Record<DrivingReportPath, ReportDef>>;
