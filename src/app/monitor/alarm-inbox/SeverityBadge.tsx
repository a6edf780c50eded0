// An alarm's severity as a small coloured badge, in the list and the detail pane.
import { useTranslation } from 'react-i18next';
import { severityLabelKey, type AlarmSeverity } from '../../../../domain/alarm-severity';

export function SeverityBadge({ severity }: { readonly severity: AlarmSeverity }) {
  const { t } = useTranslation();
  return (
    <span className={`inbox-severity inbox-severity--${severity}`} data-severity={severity}>
      {t(severityLabelKey(severity))}
    </span>
  );
}
