// The screen registry: every route of the spec's table has exactly one screen, drawn from its definition or its own,
// and a path that is no route has none.
import { describe, expect, it } from 'vitest';
import { ROUTES, routeByPath } from '../../../domain/routes';
import { ENTITIES } from '../../../domain/screens/entities/registry';
import { INDICATORS } from '../../../domain/screens/indicators/dashboards';
import { REPORTS } from '../../../domain/screens/reports/registry';
import { CUSTOM_SCREEN_PATHS, SCREENS, screenFor, screenRoutesOf, screensOf } from '../../../domain/screens/registry';

describe('the screen registry', () => {
  it('gives every route of the spec exactly one screen', () => {
    const notOne = ROUTES.flatMap((route) => {
      const kinds = screensOf(route.path).map((screen) => screen.kind);
      return kinds.length === 1 ? [] : [`${route.path}: ${kinds.join(', ') || 'none'}`];
    });
    expect(notOne).toEqual([]);
    expect(SCREENS.map((entry) => entry.route)).toEqual(ROUTES);
  });

  it('names only routes, each once: the definitions\' paths and the custom list', () => {
    const paths = [...Object.keys(REPORTS), ...Object.keys(ENTITIES), ...Object.keys(INDICATORS), ...CUSTOM_SCREEN_PATHS];
    expect(paths.filter((path) => routeByPath(path) === undefined)).toEqual([]);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('draws a report, master-data or indicator route from its own definition', () => {
    for (const { route, screen } of SCREENS) {
      if (screen.kind === 'custom') expect(screen.path).toBe(route.path);
      else expect(screen.def.path, route.path).toBe(route.path);
    }
    expect(screenFor('/cargo_monitor/event_report/switchCover')?.screen).toEqual({ kind: 'report', def: REPORTS['/cargo_monitor/event_report/switchCover'] });
    expect(screenFor('setting/base_data/park')?.screen).toEqual({ kind: 'entity', def: ENTITIES['/setting/base_data/park'] });
    expect(screenFor('/monitor/safe_target')?.screen).toEqual({ kind: 'indicator', def: INDICATORS['/monitor/safe_target'] });
    expect(screenFor('/monitor/track_map')?.screen).toEqual({ kind: 'custom', path: '/monitor/track_map' });
  });

  it('has no screen for a path that is no route', () => {
    expect(screenFor('/monitor/no_such_screen')).toBeUndefined();
    expect(screensOf('/monitor/no_such_screen')).toEqual([]);
  });

  it('offers a menu group\'s routes with screens in the route table\'s order', () => {
    expect(screenRoutesOf('monitor')).toEqual(ROUTES.filter((route) => route.group === 'monitor'));
  });
});
