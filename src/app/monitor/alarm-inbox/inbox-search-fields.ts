// The inbox's search bar as data: state (open by default), severity, alarm type (ADAS events under their parent),
// plate, time range and assignee.
import type { TFunction } from 'i18next';
import { ALARM_SEVERITIES, SEVERITY_CODES, severityLabelKey } from '../../../../domain/alarm-severity';
import { ALARM_TYPES } from '../../../../domain/alarm-types';
import { RANGE_PRESETS } from '../../../../domain/screens/reports/definition';
import { ALARM_STATE_CODES, ALARM_STATES, INBOX_LIMITS, OPEN_STATES_CODE, UNASSIGNED } from '../../../../domain/wire/alarm-inbox';
import type { Plate, SearchField } from '../../../ui/filters';
import type { InboxFilterKey } from './inbox-filters';

export function inboxSearchFields(t: TFunction, plates: readonly Plate[]): readonly SearchField<InboxFilterKey>[] {
  return [
    {
      kind: 'choice', key: 'state', label: t('alarmInbox.filter.state'), emptyLabel: t('alarmInbox.filter.allStates'),
      choices: [
        { value: String(OPEN_STATES_CODE), label: t('alarmInbox.filter.open') },
        ...ALARM_STATES.map((state) => ({ value: String(ALARM_STATE_CODES[state]), label: t(`alarmState.${state}`) })),
      ],
    },
    {
      kind: 'select', key: 'severity', label: t('alarmInbox.filter.severity'),
      options: ALARM_SEVERITIES.map((severity) => ({ value: String(SEVERITY_CODES[severity]), label: t(severityLabelKey(severity)) })),
    },
    {
      kind: 'choice', key: 'type', label: t('alarmInbox.filter.type'), emptyLabel: t('report.filter.all'),
      choices: ALARM_TYPES.map((type) => ({ value: String(type.id), label: t(type.labelKey), depth: type.parent === undefined ? 0 : 1 })),
    },
    { kind: 'plate', key: 'signCode', plates },
    { kind: 'range', from: 'startTime', to: 'endTime', presets: RANGE_PRESETS },
    {
      kind: 'text', key: 'assignee', label: t('alarmInbox.filter.assignee'), maxLength: INBOX_LIMITS.userNameMaxLength,
      placeholder: t('alarmInbox.filter.assigneePlaceholder', { unassigned: UNASSIGNED }),
    },
  ];
}
