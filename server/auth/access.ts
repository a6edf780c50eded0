// Which functions a role may call: every contract route names one; a role holds menu groups or single route paths.
import { MENU_GROUPS, routeByPath, type MenuGroup } from '../../src/domain/routes';

/**
 * `shell`: what every logged-in user needs (menus, quick visits, own password, alarms, status counts).
 * `ops`: operations endpoints, superMan only. Menu groups: the screens of that group and their data.
 */
export type FunctionId = MenuGroup | 'shell' | 'ops';
/** A route's access: public, one function, or any one of several (a list other screens pick rows from). */
export type RouteAccess = 'public' | FunctionId | readonly FunctionId[];

export interface Grants {
  readonly superMan: boolean;
  /** Menu group ids and route paths from role_function. */
  readonly functions: ReadonlySet<string>;
}

const GROUP_IDS: ReadonlySet<string> = new Set(MENU_GROUPS);

export function isMenuGroup(value: string): value is MenuGroup {
  return GROUP_IDS.has(value);
}

/** The groups a role reaches, whole or through one of their routes. */
export function grantedGroups(grants: Grants): Set<MenuGroup> {
  if (grants.superMan) return new Set(MENU_GROUPS);
  const groups = new Set<MenuGroup>();
  for (const fn of grants.functions) {
    if (isMenuGroup(fn)) groups.add(fn);
    else {
      const route = routeByPath(fn);
      if (route) groups.add(route.needs);
    }
  }
  return groups;
}

export function mayCall(grants: Grants, access: RouteAccess): boolean {
  if (typeof access !== 'string') return access.some((one) => mayCall(grants, one));
  if (access === 'public' || access === 'shell') return true;
  if (grants.superMan) return true;
  if (access === 'ops') return false;
  return grantedGroups(grants).has(access);
}

/** Whether a role sees a route in its menu: its whole group, or that very route, was granted. */
export function maySee(grants: Grants, path: string): boolean {
  const route = routeByPath(path);
  if (!route) return false;
  return grants.superMan || grants.functions.has(route.needs) || grants.functions.has(route.path);
}
