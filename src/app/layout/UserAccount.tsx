// Who is logged in, as the user menu shows it: name, role, company and the last login (time, address, area), which the
// personal centre showed before it became the control room's overview.
import { useTranslation } from 'react-i18next';
import { displayDateTime } from '../../../domain/format/time';
import { toLang } from '../../../domain/i18n';
import { areaText } from '../../../domain/shell/area-words';
import { useSessionContext } from '../session/SessionProvider';

export function UserAccount() {
  const { t, i18n } = useTranslation();
  const session = useSessionContext((context) => context.session);
  if (!session) return null;
  const last = session.lastLoginInfo;
  // A text time from a legacy backend is shown as sent.
  const lang = toLang(i18n.language);
  const lastTime = displayDateTime(last.time, lang) || String(last.time);
  return (
    <dl className="usermenu__account" aria-label={t('dashboard.user')}>
      <dt>{t('dashboard.realName')}</dt>
      <dd>{session.name}</dd>
      <dt>{t('dashboard.role')}</dt>
      <dd>{session.roles.map((role) => role.roleName).join('、')}</dd>
      <dt>{t('dashboard.company')}</dt>
      <dd>{session.companyCode}</dd>
      <dt>{t('dashboard.lastLogin')}</dt>
      <dd data-testid="last-login-time">{lastTime}</dd>
      <dt>{t('dashboard.lastLoginIp')}</dt>
      <dd>{last.ip}</dd>
      <dt>{t('dashboard.lastLoginArea')}</dt>
      <dd>{areaText(last.area, lang, (shown, key) => t(key, { lng: shown }))}</dd>
    </dl>
  );
}
