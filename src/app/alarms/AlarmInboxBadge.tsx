// The top bar's open-alarm count: open alarms of the inbox, the critical ones highlighted, and the pop-ups waiting while
// the operator is busy; a link to the inbox. Absent in a session without the inbox (legacy backend, no inbox route).
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { ALARM_SEVERITIES } from '../../../domain/alarm-severity';
import { ALARM_INBOX_PATH, useAlarmInbox } from './inbox-status';
import './inbox-badge.css';

export function AlarmInboxBadge() {
  const { t } = useTranslation();
  const { available, counts, held } = useAlarmInbox();
  if (available !== true || !counts) return null;
  const open = ALARM_SEVERITIES.reduce((sum, severity) => sum + counts.open[severity], 0);
  const critical = counts.open.critical;
  const label = [t('inboxBadge.label', { count: open, critical }), held > 0 ? t('inboxBadge.held', { count: held }) : ''].filter(Boolean).join(' ');
  return (
    <Link href={ALARM_INBOX_PATH} className={`inbox-badge${critical > 0 ? ' inbox-badge--critical' : ''}`} aria-label={label} data-testid="inbox-badge"
      data-open={open} data-critical={critical} data-held={held}>
      <span aria-hidden="true">{t('inboxBadge.button')}</span>
      <span className="inbox-badge__count" aria-hidden="true">{open}</span>
      {critical > 0 && <span className="inbox-badge__critical" aria-hidden="true">{critical}</span>}
      {held > 0 && <span className="inbox-badge__held" aria-hidden="true">+{held}</span>}
    </Link>
  );
}
