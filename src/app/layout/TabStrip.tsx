// The tab strip: one tab per visited path, a close button each, and a context menu (refresh, close, others, all).
import { useCallback, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { tabTitleKey } from '../../../domain/shell/titles';
import { PopupMenu } from '../../ui/PopupMenu';
import type { TabStripState } from './use-tab-strip';

interface MenuAt {
  readonly path: string;
  readonly x: number;
  readonly y: number;
}

export function TabStrip({ strip, active }: { readonly strip: TabStripState; readonly active: string }) {
  const { t } = useTranslation();
  const [menu, setMenu] = useState<MenuAt>();
  const closeMenu = useCallback(() => setMenu(undefined), []);
  // The context-menu key and Shift+F10 fire contextmenu on the focused link too, so the keyboard reaches this.
  const openMenu = (path: string) => (event: MouseEvent<HTMLElement>) => {
    event.preventDefault();
    const box = event.currentTarget.getBoundingClientRect();
    setMenu({ path, x: event.clientX || box.left, y: event.clientY || box.bottom });
  };
  const run = (action: (path: string) => void) => () => {
    if (!menu) return;
    setMenu(undefined);
    action(menu.path);
  };

  return (
    <nav className="tabs" aria-label={t('tabs.label')}>
      <ul>
        {strip.tabs.map((tab) => {
          const title = t(tabTitleKey(tab.path));
          return (
            <li key={tab.path} className={tab.path === active ? 'tabs__tab tabs__tab--active' : 'tabs__tab'} onContextMenu={openMenu(tab.path)}>
              <Link href={tab.path} aria-current={tab.path === active ? 'page' : undefined}>
                {title}
              </Link>
              <button type="button" className="tabs__close" aria-label={t('tabs.closeOne', { title })} onClick={() => strip.close(tab.path)}>
                ×
              </button>
            </li>
          );
        })}
      </ul>
      {menu && (
        <PopupMenu label={t('tabs.actions')} onClose={closeMenu} className="popup tabs__menu" style={{ left: menu.x, top: menu.y }}>
          <button type="button" role="menuitem" onClick={run(strip.refresh)}>
            {t('tabs.refresh')}
          </button>
          <button type="button" role="menuitem" onClick={run(strip.close)}>
            {t('tabs.close')}
          </button>
          <button type="button" role="menuitem" onClick={run(strip.closeOthers)}>
            {t('tabs.closeOthers')}
          </button>
          <button type="button" role="menuitem" onClick={run(() => strip.closeAll())}>
            {t('tabs.closeAll')}
          </button>
        </PopupMenu>
      )}
    </nav>
  );
}
