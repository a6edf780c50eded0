// Titles the shell derives from the route registry: a tab's title and the breadcrumb of a path.
import type { LocaleKey } from '../i18n';
import { DASHBOARD_PATH, menuGroupTitleKey, routeByPath } from '../routes';

/** The route's title, or 'no-name' for a path the registry does not title (shell spec §2). */
export function tabTitleKey(path: string): LocaleKey {
  return routeByPath(path)?.titleKey ?? 'tabs.noName';
}

/** Menu group then screen; the dashboard is its own group, so it shows one crumb. Unknown paths show none. */
export function breadcrumbKeys(path: string): readonly LocaleKey[] {
  if (path === DASHBOARD_PATH) return ['route.dashboard'];
  const route = routeByPath(path);
  return route ? [menuGroupTitleKey(route.group), route.titleKey] : [];
}
