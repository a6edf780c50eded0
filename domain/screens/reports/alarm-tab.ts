// A tab that lists alarms of the alarm table: for the types no screen of the spec lists (203, 204, 206 and the device's
// 45), on the screen of their subject, so each alarm pop-up opens a list holding its alarm (docs/reports.md).
import type { AlarmTypeId } from '../../alarm-types';
import { eventFilters, startTime, truckColumns } from './columns';
import type { ReportColumn, ReportDef, ReportScreenPath, ReportTab } from './definition';

/** The alarms of these types, newest first, as an event list filters them: the truck, the alarm's time, its own columns. */
export function alarmTab(path: ReportScreenPath, tab: ReportTab, types: readonly AlarmTypeId[], columns: readonly ReportColumn[]): ReportDef {
  return {
    path,
    tab,
    source: { type: 'alarms', alarmTypes: types },
    filters: eventFilters(),
    columns: [...truckColumns, startTime, ...columns],
    sort: { key: 'startTime', order: 'desc' },
  };
}
