// Who may call what: every contract route names its access, public, shell, ops or the screens it serves; a role holds
// menu groups or single route paths, and reaches a screen's call only when its menu holds that screen.
import { ROUTES, routeByPath, type RoutePath } from '../../domain/routes';

/**
 * A route's access. `public`: anyone; `shell`: every logged-in user (menus, quick visits, own password, alarms, status
 * counts); `ops`: operations endpoints, superMan only. Otherwise the screens the call serves, one or a list (a call
 * other screens also use: a list they pick rows from): a caller whose menu holds at least one of them may call.
 */
export type RouteAccess = 'public' | 'shell' | 'ops' | RoutePath | readonly RoutePath[];

export interface Grants {
  readonly superMan: boolean;
  /** Menu group ids and route paths from role_function. */
  readonly functions: ReadonlySet<string>;
}

/** The screens an access names; none for public, shell and ops. */
export function screensOf(access: RouteAccess): readonly RoutePath[] {
  if (typeof access !== 'string') return access;
  return access === 'public' || access === 'shell' || access === 'ops' ? [] : [access];
}

/** Whether a role sees a route in its menu: its whole group (the route's function), or that very route, was granted. */
export function maySee(grants: Grants, path: string): boolean {
  const route = routeByPath(path);
  if (!route) return false;
  return grants.superMan || grants.functions.has(route.needs) || grants.functions.has(route.path);
}

export function mayCall(grants: Grants, access: RouteAccess): boolean {
  if (access === 'public' || access === 'shell') return true;
  if (access === 'ops') return grants.superMan;
  return screensOf(access).some((path) => maySee(grants, path));
}

/** Route paths whose `/` or end follows at `at` in `url`: `/tank_table` does not name `/tank_table_record`. */
function namesAt(url: string, path: string): boolean {
  const at = url.indexOf(path);
  if (at < 0) return false;
  const after = url.charAt(at + path.length);
  return after === '' || after === '/';
}

/** The screen a call derived from a definition names in its URL (`/report<path>`, `/entity<path>/…`, `/indicator<path>`). */
export function screenInUrl(url: string): RoutePath | undefined {
  return ROUTES.find((route) => namesAt(url, route.path))?.path;
}

/**
 * Why a route's access is wrong, or undefined: a call whose URL names a screen (one derived from a report, entity or
 * indicator definition) must serve that screen, so no such call is left to a group or to every user by mistake.
 */
export function accessProblem(url: string, access: RouteAccess): string | undefined {
  const named = screenInUrl(url);
  if (named === undefined || screensOf(access).includes(named)) return undefined;
  return `serves the screen ${named} but its access (${JSON.stringify(access)}) does not name it`;
}
