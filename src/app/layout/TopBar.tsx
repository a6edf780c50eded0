// The top bar: sidebar toggle, breadcrumb, menu search, the live-status slot, alarm settings, the open-alarm count (with
// the inbox), the notification centre, language select and user menu.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { MenuLink } from '../../../domain/shell/menu';
import { AlarmInboxBadge } from '../alarms/AlarmInboxBadge';
import { Breadcrumb } from './Breadcrumb';
import { LanguageSelect } from './LanguageSelect';
import { NoticeCentre } from '../notices/NoticeCentre';
import { MenuSearch } from './MenuSearch';
import { SIDEBAR_ID } from './Sidebar';
import { UserMenu, type UserMenuProps } from './UserMenu';
import './topbar.css';

interface TopBarProps extends UserMenuProps {
  readonly path: string;
  readonly links: readonly MenuLink[];
  readonly sidebarOpen: boolean;
  readonly onToggleSidebar: () => void;
  /** The truck-status badges; the shell leaves it out for water-truck users. */
  readonly live?: ReactNode;
  /** The alarm-setting tree, beside the badges; left out for water-truck users too. */
  readonly alarmSettings?: ReactNode;
}

export function TopBar({ path, links, sidebarOpen, onToggleSidebar, live, alarmSettings, ...user }: TopBarProps) {
  const { t } = useTranslation();
  return (
    <header className="topbar">
      <button type="button" className="topbar__toggle" aria-expanded={sidebarOpen} aria-controls={SIDEBAR_ID} aria-label={t('layout.toggleSidebar')} onClick={onToggleSidebar}>
        ☰
      </button>
      <Breadcrumb path={path} />
      <div className="topbar__right">
        <MenuSearch links={links} />
        <div className="topbar__live" data-slot="live-status">
          {live}
        </div>
        {alarmSettings}
        <AlarmInboxBadge />
        <NoticeCentre />
        {!user.waterTruckUser && <LanguageSelect />}
        <UserMenu {...user} />
      </div>
    </header>
  );
}
