// The inbox list's columns: severity as a badge, state, type, the plate (pinned left, so it stays in view when the list
// scrolls sideways at 1280 px), company, start, assignee and the last change (who, when).
import type { ColDef } from 'ag-grid-community';
import type { CustomCellRendererProps } from 'ag-grid-react';
import type { TFunction } from 'i18next';
import { alarmTypeLabelKey } from '../../../../domain/alarm-types';
import { displayDateTime } from '../../../../domain/format/time';
import type { Lang } from '../../../../domain/i18n';
import type { InboxAlarm } from '../../../../domain/wire/alarm-inbox';
import { SeverityBadge } from './SeverityBadge';

function SeverityCell({ data }: CustomCellRendererProps<InboxAlarm>) {
  return data ? <SeverityBadge severity={data.severity} /> : null;
}

/** Who made the last change and when; empty while the alarm is new. */
function lastChangeText(row: Pick<InboxAlarm, 'by' | 'at'>, lang: Lang): string {
  if (row.by === null) return '';
  return row.at === null ? row.by : `${row.by} · ${displayDateTime(row.at, lang)}`;
}

export function inboxColumns(t: TFunction, lang: Lang): ColDef<InboxAlarm>[] {
  return [
    { colId: 'severity', headerName: t('alarmInbox.column.severity'), width: 88, cellRenderer: SeverityCell, valueGetter: ({ data }) => data?.severity },
    {
      colId: 'state', headerName: t('alarmInbox.column.state'), width: 120,
      valueGetter: ({ data }) => (data ? t(`alarmState.${data.state}`) : ''),
      cellClass: ({ data }) => (data ? `inbox-state inbox-state--${data.state}` : undefined),
    },
    { colId: 'plate', headerName: t('alarmInbox.column.plate'), width: 116, pinned: 'left', valueGetter: ({ data }) => data?.alarm.signCode },
    { colId: 'type', headerName: t('alarmInbox.column.type'), flex: 3, minWidth: 150, valueGetter: ({ data }) => (data ? t(alarmTypeLabelKey(data.alarm.type)) : '') },
    { colId: 'company', headerName: t('alarmInbox.column.company'), flex: 2, minWidth: 140, valueGetter: ({ data }) => data?.companyName },
    { colId: 'startTime', headerName: t('alarmInbox.column.startTime'), width: 168, valueGetter: ({ data }) => (data ? displayDateTime(data.alarm.startTime, lang) : '') },
    {
      colId: 'assignee', headerName: t('alarmInbox.column.assignee'), width: 110,
      valueGetter: ({ data }) => (data ? (data.assignee ?? t('alarmInbox.unassigned')) : ''),
      cellClass: ({ data }) => (data?.assignee === null ? 'inbox-muted' : undefined),
    },
    { colId: 'lastChange', headerName: t('alarmInbox.column.lastChange'), flex: 2, minWidth: 210, valueGetter: ({ data }) => (data ? lastChangeText(data, lang) : '') },
  ];
}
