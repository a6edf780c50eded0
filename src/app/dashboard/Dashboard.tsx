// The personal centre (/dashboard, the landing page) as the control room's overview: the figures an operator scans,
// the live map of the user's fleet, the newest open alarms and the last day's alarm trend, all live from the shared
// worker (the trucks it keeps in IndexedDB show at once after a reload) and the inbox calls. The user's own details
// are in the user menu. A water-truck user gets the same page over the sprinkler screens. `?wall=1`: wall mode.
import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useSelector } from '@xstate/react';
import { DASHBOARD_PATH } from '../../../domain/routes';
import { isConsoleLink } from '../../../domain/shell/console-link';
import { isWaterTruckUser } from '../../../domain/shell/session';
import { TRUCK_STATUS } from '../../../domain/truck-status';
import type { TruckView } from '../../../streams/truck-status.stream';
import { WATER_TRUCK_USER_NAMES } from '../../config';
import { useCanOpen } from '../layout/use-can-open';
import { useFleetStatus, useLiveEvent } from '../live/use-live';
import { useFleetTrucks } from '../monitor/track-map/use-fleet-trucks';
import { useQuickAccess } from '../quick-access/QuickAccessProvider';
import { useSessionContext } from '../session/SessionProvider';
import { LiveConnection } from './LiveConnection';
import { AlarmStream } from './overview/AlarmStream';
import { AlarmTrend } from './overview/AlarmTrend';
import { KpiTiles } from './overview/KpiTiles';
import { LIVE_MAP_PATH, SPRINKLER_MAP_PATH } from './overview/overview-paths';
import { useInboxOverview } from './overview/use-inbox-overview';
import { useWallMode } from './overview/use-wall-mode';
import './overview/overview.css';

const OverviewMap = lazy(() => import('./overview/OverviewMap'));

/** Compartments carrying product with their seal open, on loaded trucks: cargo at risk on the road. */
function unsealedCompartments(trucks: readonly TruckView[]): number {
  let count = 0;
  for (const truck of trucks) {
    if (truck.row.status !== TRUCK_STATUS.loaded) continue;
    for (const tank of Object.values(truck.row.lastIventoryMap)) if (tank.vt > 0 && tank.sealed === false) count += 1;
  }
  return count;
}

export function Dashboard() {
  const { t } = useTranslation();
  const session = useSessionContext((context) => context.session);
  const canOpen = useCanOpen();
  const wall = useWallMode(DASHBOARD_PATH);
  const status = useFleetStatus();
  const fleet = useFleetTrucks();
  const inbox = useInboxOverview();
  const popups = useLiveEvent('alarm.popups');
  const heartbeat = useLiveEvent('notice.heartbeat');
  const fences = useLiveEvent('notice.fences');
  const waterTruckUser = session ? isWaterTruckUser(session, WATER_TRUCK_USER_NAMES) : false;
  const trucksPath = waterTruckUser ? SPRINKLER_MAP_PATH : LIVE_MAP_PATH;
  const unsealed = useMemo(() => (fleet.complete ? unsealedCompartments(fleet.trucks) : undefined), [fleet]);
  if (!session) return null;

  const stream =
    inbox.kind === 'loaded'
      ? { rows: inbox.answer.latest.map((row) => ({ alarm: row.alarm, state: row.state })), total: inbox.answer.openTotal }
      : { rows: (popups ?? []).map((alarm) => ({ alarm })), total: popups?.length ?? 0 };

  return (
    <article className={`page dashboard overview${wall.on ? ' overview--wall' : ''}`} data-testid="overview">
      <header className="overview__header">
        <h1>{t('overview.title')}</h1>
        {wall.on ? (
          <button type="button" className="button" onClick={wall.leave}>
            {t('overview.leaveWall')}
          </button>
        ) : (
          <button type="button" className="button" onClick={wall.enter}>
            {t('overview.wall')}
          </button>
        )}
      </header>
      <KpiTiles
        status={status}
        inbox={inbox}
        unsealed={unsealed}
        heartbeatOverdue={heartbeat?.rows.length ?? 0}
        fencesPending={fences?.pending ?? 0}
        trucksPath={trucksPath}
        waterTruckUser={waterTruckUser}
        canOpen={canOpen}
      />
      <div className="overview__main">
        <section className="overview__map-box" aria-labelledby="overview-map">
          <h2 id="overview-map">
            {canOpen(trucksPath) ? <Link href={trucksPath}>{t('overview.map')}</Link> : t('overview.map')}
          </h2>
          <Suspense fallback={<div className="overview__map" aria-busy="true" />}>
            <OverviewMap trucks={fleet.trucks} opens={canOpen(trucksPath) ? trucksPath : undefined} />
          </Suspense>
        </section>
        <div className="overview__side">
          <AlarmStream rows={stream.rows} total={stream.total} now={Date.now()} />
          {inbox.kind === 'loaded' && <AlarmTrend counts={inbox.answer.counts.lastDay} from={inbox.answer.counts.lastDayFrom} />}
          {inbox.kind === 'failed' && <p role="alert">{inbox.message}</p>}
        </div>
      </div>
      {!wall.on && (
        <div className="overview__footer">
          <QuickVisits />
          <LiveConnection />
        </div>
      )}
    </article>
  );
}

function QuickVisits() {
  const { t } = useTranslation();
  const entries = useSelector(useQuickAccess(), (s) => s.context.entries);
  return (
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
  );
}
