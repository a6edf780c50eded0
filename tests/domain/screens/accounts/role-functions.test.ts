// The role_function tree model: stored ids to chosen routes and back, tri-state groups, select all, locked routes.
import { describe, expect, it } from 'vitest';
import { MENU_GROUPS, ROUTES, routesOfGroup } from '../../../../domain/routes';
import {
  FUNCTION_TREE, allState, changedRoutes, compactFunctions, expandFunctions, groupState, isFunctionId, lockedFor, setGroup,
  setRoute, toggleAll, toggleGroup,
} from '../../../../domain/screens/accounts/role-functions';
import { isRoleFunctionRoles, isRoleFunctions, joinFunctions, passwordResetCall, roleFunctionCall, splitFunctions } from '../../../../domain/screens/accounts/wire';

const paths = (group: (typeof MENU_GROUPS)[number]) => routesOfGroup(group).map((route) => route.path);
const SPRINKLER = ['/monitor/sprinkler_monitoring', '/monitor/track_map'];

describe('stored functions and chosen routes', () => {
  it('lists every menu group in menu order with all its routes', () => {
    expect(FUNCTION_TREE.map((node) => node.group)).toEqual(MENU_GROUPS);
    expect(FUNCTION_TREE.flatMap((node) => node.routes)).toEqual(ROUTES);
  });

  it('expands a group to its routes, keeps a path, drops unknown ids', () => {
    const chosen = expandFunctions(['personal', ...SPRINKLER, 'nope', '/not/a/route']);
    expect([...chosen].sort()).toEqual(['/dashboard', ...SPRINKLER].sort());
    expect(isFunctionId('monitor')).toBe(true);
    expect(isFunctionId('/monitor/track_map')).toBe(true);
    expect(isFunctionId('monitor/track_map')).toBe(false);
    expect(isFunctionId('shell')).toBe(false);
  });

  it('compacts a whole group to its id and a part to its paths, in menu order', () => {
    const chosen = new Set([...SPRINKLER, ...paths('base_data'), '/dashboard']);
    // track_map precedes sprinkler_monitoring in the monitor group.
    expect(compactFunctions(chosen)).toEqual(['personal', '/monitor/track_map', '/monitor/sprinkler_monitoring', 'base_data']);
    expect(compactFunctions(expandFunctions(['monitor', ...paths('monitor')]))).toEqual(['monitor']);
    expect(compactFunctions(new Set())).toEqual([]);
  });
});

describe('tri-state groups and select all', () => {
  it('is unchecked with none, indeterminate with some, checked with all of a group', () => {
    expect(groupState('monitor', new Set())).toBe('unchecked');
    expect(groupState('monitor', new Set(SPRINKLER))).toBe('indeterminate');
    expect(groupState('monitor', new Set(paths('monitor')))).toBe('checked');
    expect(groupState('personal', new Set(['/dashboard']))).toBe('checked');
  });

  it('checks an unchecked or indeterminate group and unchecks a checked one', () => {
    const some = new Set(SPRINKLER);
    const all = toggleGroup(some, 'monitor');
    expect(groupState('monitor', all)).toBe('checked');
    expect(groupState('monitor', toggleGroup(all, 'monitor'))).toBe('unchecked');
    expect(groupState('cargo_event', toggleGroup(new Set(), 'cargo_event'))).toBe('checked');
    expect(groupState('monitor', setGroup(all, 'monitor', false))).toBe('unchecked');
  });

  it('turns a group indeterminate when one route leaves it, checked when the last one joins', () => {
    const [first = '', ...rest] = paths('driving_event');
    const all = new Set(paths('driving_event'));
    expect(groupState('driving_event', setRoute(all, first, false))).toBe('indeterminate');
    expect(groupState('driving_event', setRoute(new Set(rest), first, true))).toBe('checked');
  });

  it('selects all, then clears all; the box is indeterminate in between', () => {
    expect(allState(new Set())).toBe('unchecked');
    const every = toggleAll(new Set(SPRINKLER));
    expect(every.size).toBe(ROUTES.length);
    expect(allState(every)).toBe('checked');
    expect(allState(new Set(SPRINKLER))).toBe('indeterminate');
    expect(toggleAll(every).size).toBe(0);
  });
});

describe('routes the editor does not hold', () => {
  const locked = lockedFor(['personal', 'monitor', '/setting/base_data/truck']);

  it('locks every route outside the holder\'s functions', () => {
    expect(locked.has('/dashboard')).toBe(false);
    expect(locked.has('/setting/base_data/truck')).toBe(false);
    expect(locked.has('/setting/base_data/station')).toBe(true);
    expect(locked.size).toBe(ROUTES.length - 1 - paths('monitor').length - 1);
  });

  it('leaves locked routes as they were when a group or everything toggles', () => {
    const chosen = toggleGroup(new Set(['/setting/base_data/station']), 'base_data', locked);
    expect([...chosen].sort()).toEqual(['/setting/base_data/station', '/setting/base_data/truck']);
    const cleared = toggleGroup(chosen, 'base_data', locked);
    expect([...cleared]).toEqual(['/setting/base_data/station']);
    const all = toggleAll(new Set(), locked);
    expect(all.size).toBe(ROUTES.length - locked.size);
    expect(setRoute(all, '/setting/alarm_threshold/threshold', true, locked).has('/setting/alarm_threshold/threshold')).toBe(false);
  });

  it('names the routes a save changes', () => {
    expect(changedRoutes(new Set(['/dashboard', '/monitor/track_map']), new Set(['/dashboard', '/setting/base_data/truck']))).toEqual([
      '/monitor/track_map', '/setting/base_data/truck',
    ]);
  });
});

describe('accounts wire', () => {
  it('joins and splits function ids', () => {
    expect(splitFunctions(joinFunctions(['personal', '/monitor/track_map']))).toEqual(['personal', '/monitor/track_map']);
    expect(splitFunctions('')).toEqual([]);
    expect(splitFunctions(' a, ,b ')).toEqual(['a', 'b']);
  });

  it('names the calls', () => {
    expect(roleFunctionCall(3)).toBe('/entity/setting/privilege_account/role_function/3');
    expect(passwordResetCall('12')).toBe('/entity/setting/privilege_account/user/12/password');
  });

  it('checks the answers\' shapes', () => {
    expect(isRoleFunctionRoles({ roles: [{ id: 1, name: 'r', status: 1 }], callerSuperMan: false, callerFunctions: ['personal'] })).toBe(true);
    expect(isRoleFunctionRoles({ roles: [{ id: 1, name: 'r', status: 2 }], callerSuperMan: false, callerFunctions: [] })).toBe(false);
    expect(isRoleFunctions({ id: 1, name: 'r', version: 2, functions: ['personal'], modifiedBy: null, modifiedAt: null })).toBe(true);
    expect(isRoleFunctions({ id: 1, name: 'r', version: '2', functions: [], modifiedBy: null, modifiedAt: null })).toBe(false);
  });
});
