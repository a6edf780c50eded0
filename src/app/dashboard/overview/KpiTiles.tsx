// The overview's figures an operator scans: trucks by status, open alarms by severity, unsealed compartments in transit,
// devices offline, heartbeats overdue, fences awaiting approval and the fuel on board; each leads to the screen that
// lists it, filtered, where the user may open that screen.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { ALARM_SEVERITIES, SEVERITY_CODES, severityLabelKey } from '../../../../domain/alarm-severity';
import { FENCE_APPROVAL_PATH, HEARTBEAT_OVERTIME_PATH } from '../../../../domain/shell/polls';
import { BADGE_ORDER, TRUCK_STATUS, truckStatus } from '../../../../domain/truck-status';
import { OPEN_STATES_CODE } from '../../../../domain/wire/alarm-inbox';
import { toLang } from '../../../../domain/i18n';
import { DATA_SOURCE_LABELS } from '../../../live/live-labels';
import type { FleetStatus } from '../../../../workers/live-api';
import type { CallLoad } from '../../../api/call-load';
import type { InboxOverview } from './use-inbox-overview';
import { ALARM_INBOX_PATH as INBOX_PATH } from '../../alarms/inbox-status';

interface KpiFigures {
  readonly status: FleetStatus | undefined;
  readonly inbox: CallLoad<InboxOverview>;
  readonly unsealed: number | undefined;
  readonly heartbeatOverdue: number;
  readonly fencesPending: number;
  /** The screen listing the trucks: the live map, or the sprinkler map for a water-truck user. */
  readonly trucksPath: string;
  readonly waterTruckUser: boolean;
  /** Whether the user's menu holds a screen: a tile leads only where the user may go. */
  readonly canOpen: (path: string) => boolean;
}

interface TileProps {
  readonly label: string;
  readonly value: ReactNode;
  readonly href?: string;
  readonly tone?: 'alert' | 'warn' | 'calm';
  readonly testId?: string;
  readonly children?: ReactNode;
  readonly canOpen: (path: string) => boolean;
}

function Tile({ label, value, href, tone = 'calm', testId, children, canOpen }: TileProps) {
  const figure = (
    <>
      <span className="kpi__label">{label}</span>
      <span className="kpi__value" data-testid={testId}>{value}</span>
    </>
  );
  return (
    <li className={`kpi kpi--${tone}`}>
      {href && canOpen(href.split('?')[0] ?? href) ? <Link href={href} className="kpi__link">{figure}</Link> : <div className="kpi__link">{figure}</div>}
      {children}
    </li>
  );
}

const tone = (count: number | undefined, when: 'alert' | 'warn') => (count !== undefined && count > 0 ? when : 'calm');

export function KpiTiles({ status, inbox, unsealed, heartbeatOverdue, fencesPending, trucksPath, waterTruckUser, canOpen }: KpiFigures) {
  const { t, i18n } = useTranslation();
  const locale = toLang(i18n.language) === 'en' ? 'en-US' : 'zh-CN';
  const ready = status !== undefined && status.source !== 'none';
  const counts = inbox.kind === 'loaded' ? inbox.answer.counts : undefined;
  const openAlarms = counts ? counts.open.critical + counts.open.major + counts.open.minor : undefined;
  const offline = ready ? status.counts[TRUCK_STATUS.offline] : undefined;
  const dash = '–';
  return (
    <ul className="overview__kpis" aria-label={t('overview.figures')} data-testid="live-figures">
      <Tile canOpen={canOpen} label={t('dashboard.trucks')} value={ready ? status.trucks : dash} href={trucksPath} testId="live-trucks">
        <ul className="kpi__parts">
          {BADGE_ORDER.map((code) => {
            const { name, labelKey } = truckStatus(code);
            const text = (
              <>
                <span className={`kpi__dot kpi__dot--${name}`} aria-hidden="true" />
                {t(labelKey)} <b data-testid={`live-count-${name}`}>{ready ? status.counts[code] : dash}</b>
              </>
            );
            return <li key={code}>{canOpen(trucksPath) && !waterTruckUser ? <Link href={`${trucksPath}?status=${code}`}>{text}</Link> : text}</li>;
          })}
        </ul>
        {/* Live, or the state saved in this browser while the sockets are not back yet: an operator must know which. */}
        <p className="kpi__source">
          {ready ? (
            <>
              {t('dashboard.liveSource')} <b data-testid="live-source">{t(DATA_SOURCE_LABELS[status.source])}</b>
            </>
          ) : (
            t('dashboard.liveWaiting')
          )}
        </p>
      </Tile>
      {inbox.kind !== 'notOffered' && (
        <Tile
          canOpen={canOpen}
          label={t('overview.openAlarms')}
          value={openAlarms ?? dash}
          href={`${INBOX_PATH}?state=${OPEN_STATES_CODE}`}
          tone={counts && counts.open.critical > 0 ? 'alert' : tone(openAlarms, 'warn')}
          testId="overview-open-alarms"
        >
          <ul className="kpi__parts">
            {ALARM_SEVERITIES.map((severity) => (
              <li key={severity}>
                <Link href={`${INBOX_PATH}?state=${OPEN_STATES_CODE}&severity=${SEVERITY_CODES[severity]}`}>
                  <span className={`kpi__dot kpi__dot--${severity}`} aria-hidden="true" />
                  {t(severityLabelKey(severity))} <b data-testid={`overview-open-${severity}`}>{counts ? counts.open[severity] : dash}</b>
                </Link>
              </li>
            ))}
            <li>{t('overview.newAlarms', { count: counts?.new ?? 0 })}</li>
          </ul>
        </Tile>
      )}
      {!waterTruckUser && (
        <Tile canOpen={canOpen} label={t('overview.unsealed')} value={unsealed ?? dash} href="/monitor/cargo_transport" tone={tone(unsealed, 'alert')} testId="overview-unsealed" />
      )}
      <Tile canOpen={canOpen} label={t('overview.offline')} value={offline ?? dash} href={waterTruckUser ? trucksPath : `${trucksPath}?status=${TRUCK_STATUS.offline}`} tone={tone(offline, 'warn')} testId="overview-offline" />
      <Tile canOpen={canOpen} label={t('overview.heartbeatOverdue')} value={heartbeatOverdue} href={HEARTBEAT_OVERTIME_PATH} tone={tone(heartbeatOverdue, 'warn')} testId="overview-heartbeat" />
      <Tile canOpen={canOpen} label={t('overview.fencesPending')} value={fencesPending} href={FENCE_APPROVAL_PATH} tone={tone(fencesPending, 'warn')} testId="overview-fences" />
      {!waterTruckUser && (
        <Tile canOpen={canOpen} label={t('overview.fuel')} value={ready ? `${(status.fuel.gasoline + status.fuel.diesel + status.fuel.other).toLocaleString(locale)} L` : dash}>
          <ul className="kpi__parts">
            {(['gasoline', 'diesel', 'other'] as const).map((kind) => (
              <li key={kind}>
                {t(`fuel.${kind}`)} <b data-testid={`live-fuel-${kind}`}>{ready ? status.fuel[kind] : dash}</b> L
              </li>
            ))}
          </ul>
        </Tile>
      )}
    </ul>
  );
}
