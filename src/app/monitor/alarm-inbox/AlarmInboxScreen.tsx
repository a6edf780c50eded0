// Placeholder while the inbox screen is being built on this branch; replaced before the branch is merged.
import { useTranslation } from 'react-i18next';

export default function AlarmInboxScreen() {
  const { t } = useTranslation();
  return <h2>{t('route.monitor.alarm_inbox')}</h2>;
}
