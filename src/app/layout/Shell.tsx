// The main layout (shell spec §2): sidebar, top bar, tab strip, kept-alive views, quick access, password dialog.
// The menu is the user's map of what they may open: a screen outside it shows, inside the console, that the user has
// no right to it, and a path that is no screen that there is no such page.
import { lazy, Suspense, useCallback, useDeferredValue, useMemo, useState } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { WATER_TRUCK_USER_NAMES } from '../../config';
import { DASHBOARD_PATH, routeByPath } from '../../../domain/routes';
import { buildShellMenu, menuAllows, type ShellMenu } from '../../../domain/shell/menu';
import { isWaterTruckUser } from '../../../domain/shell/session';
import type { StUserAlarm } from '../../../domain/wire/entities';
import { AlarmSettings } from '../alarms/AlarmSettings';
import { ALARM_INBOX_PATH, AlarmInboxProvider } from '../alarms/inbox-status';
import { isWallSearch } from '../dashboard/overview/use-wall-mode';
import { LiveAlarms } from '../alarms/LiveAlarms';
import { SessionLiveProvider } from '../live/LiveProvider';
import { StatusBadges } from '../live/StatusBadges';
import { QuickAccess } from '../quick-access/QuickAccess';
import { QuickAccessProvider } from '../quick-access/QuickAccessProvider';
import { useSessionActor, useSessionContext } from '../session/SessionProvider';
import { viewFor } from '../views/view-for';
import { Sidebar } from './Sidebar';
import { TabStrip } from './TabStrip';
import { TopBar } from './TopBar';
import { useSidebar } from './use-sidebar';
import { useTabStrip } from './use-tab-strip';
import { ViewHost } from './ViewHost';
import { DeniedPage, type DeniedKind } from '../views/DeniedPage';
import { LiveNotices } from '../notices/LiveNotices';
import './layout.css';

// The dialog's code (react-aria's modal with it) loads when the user asks for it, not with the shell.
const PasswordDialog = lazy(() => import('../password/PasswordDialog').then((module) => ({ default: module.PasswordDialog })));

export function Shell() {
  const [path] = useLocation();
  const session = useSessionContext((context) => context.session);
  const menus = useSessionContext((context) => context.shell?.menus);
  const menu = useMemo(() => buildShellMenu(menus ?? []), [menus]);
  if (!session) return null;
  if (path === '/') return <Redirect to={DASHBOARD_PATH} replace />;
  const denied = menuAllows(menu, path) ? undefined : routeByPath(path) ? 'noAccess' : 'notFound';
  return (
    <QuickAccessProvider userId={session.token.id}>
      <SessionLiveProvider>
        <AlarmInboxProvider enabled={menuAllows(menu, ALARM_INBOX_PATH)}>
          <Layout
            path={path} denied={denied} menu={menu} userId={session.token.id} userName={session.token.userName}
            waterTruckUser={isWaterTruckUser(session, WATER_TRUCK_USER_NAMES)}
          />
        </AlarmInboxProvider>
      </SessionLiveProvider>
    </QuickAccessProvider>
  );
}

interface LayoutProps {
  readonly path: string;
  /** Why the path shows no view: a screen outside the user's menu, or no screen at all. */
  readonly denied?: DeniedKind;
  readonly menu: ShellMenu;
  readonly userId: number;
  readonly userName: string;
  readonly waterTruckUser: boolean;
}

function Layout({ path, denied, menu, userId, userName, waterTruckUser }: LayoutProps) {
  const session = useSessionActor();
  const sidebar = useSidebar();
  const strip = useTabStrip(denied ? undefined : path);
  const alarmChoice = useSessionContext((context) => context.shell?.userPri.stUserAlarm);
  const [changingPassword, setChangingPassword] = useState(false);
  const logout = useCallback(() => session.send({ type: 'session.logout' }), [session]);
  const saveAlarmChoice = useCallback((choice: StUserAlarm) => session.send({ type: 'session.alarmChoiceSaved', choice }), [session]);
  const closePassword = useCallback(() => setChangingPassword(false), []);
  const canOpen = useCallback((target: string) => menuAllows(menu, target), [menu]);
  // Wall mode shows the overview alone: no menu, top bar, tabs or quick access around it.
  const search = useSearch();
  const wall = path === DASHBOARD_PATH && isWallSearch(search);
  const classes = ['shell', sidebar.open ? 'shell--open' : 'shell--closed', sidebar.mobile ? 'shell--mobile' : '', wall ? 'shell--wall' : ''];
  // The top bar and its live badges come first; the menu, the views and the alarm layers follow in a background
  // render that yields to the browser, so a new tab shows the counts soon and no one task builds the whole shell.
  const complete = useDeferredValue(true, false);
  return (
    <div className={classes.join(' ').trim()}>
      {complete && <Sidebar items={menu.items} open={sidebar.open} onFollow={sidebar.closeIfMobile} />}
      <div className="shell__main">
        <TopBar
          path={path}
          links={menu.links}
          sidebarOpen={sidebar.open}
          onToggleSidebar={sidebar.toggle}
          userName={userName}
          waterTruckUser={waterTruckUser}
          live={waterTruckUser ? undefined : <StatusBadges />}
          alarmSettings={waterTruckUser ? undefined : <AlarmSettings userId={userId} stored={alarmChoice} onSaved={saveAlarmChoice} />}
          onChangePassword={() => setChangingPassword(true)}
          onLogout={logout}
        />
        {complete && (
          <>
            <TabStrip strip={strip} active={path} />
            {/* In the page's flow above the views, never over them: a notice pushes the content down. */}
            {!wall && <LiveNotices />}
            <main className="shell__content">
              <ViewHost tabs={strip.tabs} active={denied ? '' : path} render={viewFor} />
              {denied && <DeniedPage kind={denied} />}
            </main>
          </>
        )}
      </div>
      {complete && <QuickAccess />}
      {complete && <LiveAlarms canOpen={canOpen} />}
      {changingPassword && (
        <Suspense fallback={null}>
          <PasswordDialog userId={userId} userName={userName} onClose={closePassword} onLogout={logout} />
        </Suspense>
      )}
    </div>
  );
}
