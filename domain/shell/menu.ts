// The sidebar model built from the server's menu tree (shell spec §2, §3): titles, the personal group, the sensor flag.
import type { LocaleKey } from '../i18n';
import { DASHBOARD_PATH, menuGroupTitleKey, routeByPath, type MenuGroup } from '../routes';
import { menuChildren, SENSOR_ENABLE_MENU_NAME, type MenuEntry } from '../wire/entities';

/**
 * A menu title: the registry's key when the path is known, so the title follows a language switch at once;
 * otherwise the name the server sent (a legacy backend may send entries our registry does not hold).
 */
export interface MenuTitle {
  readonly key?: LocaleKey;
  readonly text: string;
}

export interface MenuLink {
  readonly kind: 'link';
  readonly path: string;
  readonly title: MenuTitle;
}

export interface MenuGroupItem {
  readonly kind: 'group';
  /** Stable per tree: the group's url, else its name. */
  readonly id: string;
  readonly title: MenuTitle;
  readonly children: readonly SidebarItem[];
}

export type SidebarItem = MenuLink | MenuGroupItem;

export interface ShellMenu {
  readonly items: readonly SidebarItem[];
  /** Every link of the tree in menu order, once each: the search index and the paths the user may open. */
  readonly links: readonly MenuLink[];
  /** The hidden 传感器使能 entry was in the tree. */
  readonly sensorEnabled: boolean;
}

const PERSONAL_TITLE: MenuTitle = { key: menuGroupTitleKey('personal'), text: '个人中心' };

/** Child urls may be relative to their parent (nested-router style); the console works with absolute paths. */
export function normaliseMenuPath(url: string, parent = ''): string {
  const trimmed = url.trim();
  if (trimmed === '') return parent || '/';
  if (trimmed.startsWith('/')) return trimmed.replace(/\/+$/, '') || '/';
  return `${parent.replace(/\/+$/, '')}/${trimmed}`.replace(/\/+$/, '');
}

function linkTitle(path: string, name: string): MenuTitle {
  const route = routeByPath(path);
  return route ? { key: route.titleKey, text: name } : { text: name };
}

/** The registry group every link below belongs to, when they all share one. */
function commonGroup(items: readonly SidebarItem[]): MenuGroup | undefined {
  const groups = new Set<MenuGroup | undefined>();
  const walk = (list: readonly SidebarItem[]) => {
    for (const item of list) {
      if (item.kind === 'link') groups.add(routeByPath(item.path)?.group);
      else walk(item.children);
    }
  };
  walk(items);
  const [only] = groups;
  return groups.size === 1 ? only : undefined;
}

function isPersonal(entry: MenuEntry, path: string): boolean {
  return path === DASHBOARD_PATH || menuChildren(entry).some((child) => normaliseMenuPath(child.url, path) === DASHBOARD_PATH);
}

interface Walk {
  sensorEnabled: boolean;
}

function toItems(entries: readonly MenuEntry[], parent: string, walk: Walk): SidebarItem[] {
  const items: SidebarItem[] = [];
  for (const entry of entries) {
    if (entry.name === SENSOR_ENABLE_MENU_NAME) {
      walk.sensorEnabled = true;
      continue;
    }
    const path = normaliseMenuPath(entry.url ?? '', parent);
    // The personal-centre group always routes to the dashboard, whatever children the server lists.
    if (isPersonal(entry, path)) {
      items.push({ kind: 'link', path: DASHBOARD_PATH, title: { ...PERSONAL_TITLE, text: entry.name } });
      continue;
    }
    const children = menuChildren(entry);
    if (children.length === 0) {
      if (path !== '/') items.push({ kind: 'link', path, title: linkTitle(path, entry.name) });
      continue;
    }
    const childItems = toItems(children, path, walk);
    if (childItems.length === 0) continue;
    const group = commonGroup(childItems);
    items.push({
      kind: 'group',
      id: path !== '/' ? path : entry.name,
      title: group ? { key: menuGroupTitleKey(group), text: entry.name } : { text: entry.name },
      children: childItems,
    });
  }
  return items;
}

function collectLinks(items: readonly SidebarItem[], out: MenuLink[], seen: Set<string>): MenuLink[] {
  for (const item of items) {
    if (item.kind === 'group') collectLinks(item.children, out, seen);
    else if (!seen.has(item.path)) {
      seen.add(item.path);
      out.push(item);
    }
  }
  return out;
}

/** Reads the server's tree (children under `child` or `menus`) into the sidebar, its links and the sensor flag. */
export function buildShellMenu(entries: readonly MenuEntry[]): ShellMenu {
  const walk: Walk = { sensorEnabled: false };
  const items = toItems(entries, '', walk);
  return { items, links: collectLinks(items, [], new Set()), sensorEnabled: walk.sensorEnabled };
}

/** Whether the user's menu leads to this path; the dashboard is every user's. */
export function menuAllows(menu: ShellMenu, path: string): boolean {
  return path === DASHBOARD_PATH || menu.links.some((link) => link.path === path);
}
