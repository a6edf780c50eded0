// The sidebar: the user's menu tree from the server, groups that open and close, the current screen marked.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import type { MenuGroupItem, SidebarItem } from '../../../domain/shell/menu';
import { useMenuTitle } from './menu-title';

export const SIDEBAR_ID = 'shell-sidebar';

function holds(group: MenuGroupItem, path: string): boolean {
  return group.children.some((child) => (child.kind === 'link' ? child.path === path : holds(child, path)));
}

interface ItemsProps {
  readonly items: readonly SidebarItem[];
  readonly onFollow: () => void;
}

function Items({ items, onFollow }: ItemsProps) {
  const [path] = useLocation();
  const title = useMenuTitle();
  // Groups the user opened or closed; the others are open exactly when they hold the current screen.
  const [chosen, setChosen] = useState<ReadonlyMap<string, boolean>>(() => new Map());
  const toggle = (id: string, open: boolean) => setChosen((map) => new Map(map).set(id, !open));
  return (
    <ul className="sidebar__list">
      {items.map((item) => {
        if (item.kind === 'link') {
          return (
            <li key={item.path}>
              <Link href={item.path} className="sidebar__link" aria-current={item.path === path ? 'page' : undefined} onClick={onFollow}>
                {title(item.title)}
              </Link>
            </li>
          );
        }
        const open = chosen.get(item.id) ?? holds(item, path);
        const listId = `menu-${item.id.replace(/[^\w-]/g, '_')}`;
        return (
          <li key={item.id}>
            <button type="button" className="sidebar__group" aria-expanded={open} aria-controls={listId} onClick={() => toggle(item.id, open)}>
              {title(item.title)}
            </button>
            <div id={listId} hidden={!open}>
              <Items items={item.children} onFollow={onFollow} />
            </div>
          </li>
        );
      })}
    </ul>
  );
}

interface SidebarProps {
  readonly items: readonly SidebarItem[];
  readonly open: boolean;
  readonly onFollow: () => void;
}

export function Sidebar({ items, open, onFollow }: SidebarProps) {
  const { t } = useTranslation();
  return (
    <nav id={SIDEBAR_ID} className="sidebar" aria-label={t('layout.menu')} hidden={!open}>
      <div className="sidebar__brand">{t('app.title')}</div>
      <Items items={items} onFollow={onFollow} />
    </nav>
  );
}
