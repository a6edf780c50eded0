// The personal centre (/dashboard, not cached): who is logged in, the last login, and the user's quick-access entries.
// The live figures (status counts, fuel totals) come from the live worker (LiveFigures).
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { isConsoleLink } from '../../../domain/shell/console-link';
import { toLang } from '../../../domain/i18n';
import { displayDateTime } from '../../../domain/format/time';
import type { WireTime } from '../../../domain/wire/entities';
import { useQuickAccess } from '../quick-access/QuickAccessProvider';
import { useSessionContext } from '../session/SessionProvider';
import { LiveConnection } from './LiveConnection';
import { LiveFigures } from './LiveFigures';

/** Epoch times in the language's format; a text time from a legacy backend is shown as sent. */
function loginTime(time: WireTime, lang: 'zh' | 'en'): string {
  return displayDateTime(time, lang) || String(time);
}

export function Dashboard() {
  const { t, i18n } = useTranslation();
  const session = useSessionContext((context) => context.session);
  const entries = useSelector(useQuickAccess(), (s) => s.context.entries);
  if (!session) return null;
  const last = session.lastLoginInfo;
  return (
    <article className="page dashboard">
      <h1>{t('dashboard.welcome', { name: session.name })}</h1>
      <section aria-labelledby="dashboard-user">
        <h2 id="dashboard-user">{t('dashboard.user')}</h2>
        <dl className="facts">
          <dt>{t('dashboard.userName')}</dt>
          <dd>{session.token.userName}</dd>
          <dt>{t('dashboard.realName')}</dt>
          <dd>{session.name}</dd>
          <dt>{t('dashboard.role')}</dt>
          <dd>{session.roles.map((role) => role.roleName).join('、')}</dd>
          <dt>{t('dashboard.company')}</dt>
          <dd>{session.companyCode}</dd>
        </dl>
      </section>
      <section aria-labelledby="dashboard-last-login">
        <h2 id="dashboard-last-login">{t('dashboard.lastLogin')}</h2>
        <dl className="facts">
          <dt>{t('dashboard.lastLoginTime')}</dt>
          <dd data-testid="last-login-time">{loginTime(last.time, toLang(i18n.language))}</dd>
          <dt>{t('dashboard.lastLoginIp')}</dt>
          <dd>{last.ip}</dd>
          <dt>{t('dashboard.lastLoginArea')}</dt>
          <dd>{last.area}</dd>
        </dl>
      </section>
      <LiveFigures />
      <LiveConnection />
      <section aria-labelledby="dashboard-quick">
        <h2 id="dashboard-quick">{t('dashboard.quickVisits')}</h2>
        {entries.length === 0 ? (
          <p>{t('quickVisit.empty')}</p>
        ) : (
          <ul className="dashboard__quick">
            {entries.map((entry) => (
              <li key={entry.id}>
                {/* A stored link that is not a console screen is shown, never followed (it could lead off-site). */}
                {isConsoleLink(entry.quickVisitUrl) ? <Link href={entry.quickVisitUrl}>{entry.quickVisitName}</Link> : <span>{entry.quickVisitName}</span>}
              </li>
            ))}
          </ul>
        )}
      </section>
    </article>
  );
}
