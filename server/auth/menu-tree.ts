// The menu tree a role receives from GET /menus: the spec's route groups, only the routes that have their screen (the
// screen registry) and the role may see.
import { translate, type Lang } from '../../domain/i18n';
import { SENSOR_ENABLE_MENU_NAME, type MenuEntry } from '../../domain/wire/entities';
import { EXTENSION_SCREEN_PATHS, MENU_GROUPS, menuGroupTitleKey } from '../../domain/routes';
import { screenRoutesOf } from '../../domain/screens/registry';
import { maySee, type Grants } from './access';

/** Not a screen: its presence in the tree turns on the console's sensor-enable flag (spec §3). */
const SENSOR_ENABLE_ENTRY: MenuEntry = { name: SENSOR_ENABLE_MENU_NAME, url: '/sensor_enable' };

function commonPrefix(paths: readonly string[]): string {
  const split = paths.map((p) => p.split('/'));
  const first = split[0] ?? [];
  let n = 0;
  while (n < first.length - 1 && split.every((parts) => parts[n] === first[n])) n++;
  return first.slice(0, n).join('/') || '/';
}

/** The role's menu; `extensions`: our screens beyond the spec's too (not under CONTRACT=legacy, which lacks their calls). */
export function menuTree(grants: Grants, lang: Lang, extensions = true): MenuEntry[] {
  const tree: MenuEntry[] = [];
  for (const group of MENU_GROUPS) {
    const routes = screenRoutesOf(group).filter((route) => maySee(grants, route.path) && (extensions || !EXTENSION_SCREEN_PATHS.includes(route.path)));
    if (routes.length === 0) continue;
    tree.push({
      name: translate(lang, menuGroupTitleKey(group)),
      url: group === 'personal' ? '/dashboard' : commonPrefix(routes.map((r) => r.path)),
      child: routes.map((route) => ({ name: translate(lang, route.titleKey), url: route.path })),
    });
  }
  if (grants.superMan) tree.push(SENSOR_ENABLE_ENTRY);
  return tree;
}
