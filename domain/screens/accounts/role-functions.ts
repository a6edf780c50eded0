// A role's functions as the role_function screen shows them and the server stores them: every menu group with its
// routes, each route chosen or not, a group checked, unchecked or indeterminate by its routes. Stored form (table
// role_function): a whole group by its id, a part of a group by its route paths.
import { MENU_GROUPS, ROUTES, routeByPath, routesOfGroup, type MenuGroup, type RouteDef } from '../../routes';

type CheckState = 'checked' | 'unchecked' | 'indeterminate';

/** The routes chosen, by path: the one form the tree edits; groups are derived from it. */
export type Chosen = ReadonlySet<string>;

/** The whole tree: groups in the menu's order, each with its routes in the menu's order. */
export const FUNCTION_TREE: readonly { readonly group: MenuGroup; readonly routes: readonly RouteDef[] }[] = MENU_GROUPS.map((group) => ({
  group,
  routes: routesOfGroup(group),
}));

const GROUP_SET: ReadonlySet<string> = new Set(MENU_GROUPS);

export function isGroupId(id: string): id is MenuGroup {
  return GROUP_SET.has(id);
}

/** Whether a stored function id names something: a menu group or a route. */
export function isFunctionId(id: string): boolean {
  return isGroupId(id) || routeByPath(id)?.path === id;
}

/** The routes stored function ids grant: a group's every route, a path itself; unknown ids grant nothing. */
export function expandFunctions(ids: Iterable<string>): Set<string> {
  const chosen = new Set<string>();
  for (const id of ids) {
    if (isGroupId(id)) for (const route of routesOfGroup(id)) chosen.add(route.path);
    else if (routeByPath(id)?.path === id) chosen.add(id);
  }
  return chosen;
}

/** The stored form of a choice: a group whose routes are all chosen by its id, else its chosen paths; menu order. */
export function compactFunctions(chosen: Chosen): string[] {
  const ids: string[] = [];
  for (const { group, routes } of FUNCTION_TREE) {
    const picked = routes.filter((route) => chosen.has(route.path));
    if (picked.length === routes.length) ids.push(group);
    else ids.push(...picked.map((route) => route.path));
  }
  return ids;
}

function stateOf(paths: readonly string[], chosen: Chosen): CheckState {
  const count = paths.filter((path) => chosen.has(path)).length;
  if (count === 0) return 'unchecked';
  return count === paths.length ? 'checked' : 'indeterminate';
}

export function groupState(group: MenuGroup, chosen: Chosen): CheckState {
  return stateOf(routesOfGroup(group).map((route) => route.path), chosen);
}

/** The "select all" box: checked when every route is chosen, indeterminate when some are. */
export function allState(chosen: Chosen): CheckState {
  return stateOf(ROUTES.map((route) => route.path), chosen);
}

/**
 * Routes the editor may not change (the caller does not hold them, so can neither grant nor take them away): toggles
 * leave them as they are, so a group of locked and free routes toggles only its free ones.
 */
export type Locked = ReadonlySet<string>;

const NONE_LOCKED: Locked = new Set();

function setPaths(chosen: Chosen, paths: readonly string[], on: boolean, locked: Locked): Set<string> {
  const next = new Set(chosen);
  for (const path of paths) {
    if (locked.has(path)) continue;
    if (on) next.add(path);
    else next.delete(path);
  }
  return next;
}

/** A group's box clicked: an unchecked or indeterminate group becomes checked, a checked one unchecked. */
export function toggleGroup(chosen: Chosen, group: MenuGroup, locked: Locked = NONE_LOCKED): Set<string> {
  const paths = routesOfGroup(group).map((route) => route.path);
  const free = paths.filter((path) => !locked.has(path));
  const allFreeOn = free.length > 0 && free.every((path) => chosen.has(path));
  return setPaths(chosen, paths, !allFreeOn, locked);
}

export function setGroup(chosen: Chosen, group: MenuGroup, on: boolean, locked: Locked = NONE_LOCKED): Set<string> {
  return setPaths(chosen, routesOfGroup(group).map((route) => route.path), on, locked);
}

export function setRoute(chosen: Chosen, path: string, on: boolean, locked: Locked = NONE_LOCKED): Set<string> {
  return setPaths(chosen, [path], on, locked);
}

/** "Select all" clicked: everything the editor may change on, or off when it already is. */
export function toggleAll(chosen: Chosen, locked: Locked = NONE_LOCKED): Set<string> {
  const paths = ROUTES.map((route) => route.path);
  const allFreeOn = paths.every((path) => locked.has(path) || chosen.has(path));
  return setPaths(chosen, paths, !allFreeOn, locked);
}

/** What a non-superMan caller cannot change: every route their own functions do not grant. */
export function lockedFor(callerFunctions: Iterable<string>): Set<string> {
  const held = expandFunctions(callerFunctions);
  return new Set(ROUTES.map((route) => route.path).filter((path) => !held.has(path)));
}

/** The routes whose choice differs between two choices, in menu order: what a save changes. */
export function changedRoutes(before: Chosen, after: Chosen): string[] {
  return ROUTES.map((route) => route.path).filter((path) => before.has(path) !== after.has(path));
}
