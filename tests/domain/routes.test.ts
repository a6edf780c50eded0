// The route registry against the spec's route table (shell spec §2).
import { describe, expect, it } from 'vitest';
import { translate } from '../../domain/i18n';
import {
  MENU_GROUPS,
  ROUTES,
  routeByPath,
  routesOfGroup,
  menuGroupTitleKey,
  type RoutePath,
  type RoutePathOfGroup,
  type RoutePathOfKind,
} from '../../domain/routes';

describe('route registry', () => {
  it('holds the 126 routes of the spec and the alarm inbox, each path once', () => {
    expect(ROUTES).toHaveLength(127);
    expect(new Set(ROUTES.map((r) => r.path)).size).toBe(127);
    expect(ROUTES.map((r) => r.path)).toContain('/monitor/alarm_inbox');
  });

  it('declares 74 report and analysis screens, 36 settings screens, 15 monitor screens with the alarm inbox as a 16th, and the dashboard', () => {
    const count = (kind: string) => ROUTES.filter((r) => r.kind === kind).length;
    // The upload statistics sit in the base-data menu (a settings screen by the spec's table) and render as a report.
    const settingsReports = ROUTES.filter((r) => r.kind === 'report' && r.group === 'base_data').map((r) => r.path);
    expect(settingsReports).toEqual(['/setting/base_data/upload_statistic']);
    expect([count('report') - settingsReports.length, count('settings') + settingsReports.length, count('monitor'), count('personal')]).toEqual([74, 36, 16, 1]);
  });

  it.each([
    ['personal', 1],
    ['monitor', 16],
    ['cargo_event', 21],
    ['cargo_exception', 9],
    ['cargo_analysis', 8],
    ['driving_event', 2],
    ['driving_exception', 8],
    ['driving_analysis', 4],
    ['active_safety', 3],
    ['device_console', 5],
    ['device_other', 7],
    ['device_analysis', 7],
    ['base_data', 19],
    ['privilege_account', 3],
    ['alarm_threshold', 9],
    ['device_parameter', 5],
  ] as const)('puts in the %s group %i routes', (group, size) => {
    expect(routesOfGroup(group)).toHaveLength(size);
  });

  it('types each path literally, so a registry keyed by a group\'s or a kind\'s paths must name every route', () => {
    // Checked when the tests are type-checked (npm run typecheck): each @ts-expect-error line must not compile.
    const analysis: Record<RoutePathOfGroup<'cargo_analysis'>, number> = {
      '/cargo_monitor/data_analysis/oil_loss': 1,
      '/cargo_monitor/data_analysis/truck_loss': 2,
      '/cargo_monitor/data_analysis/loss_month_rank': 3,
      '/cargo_monitor/data_analysis/level_change': 4,
      '/cargo_monitor/data_analysis/adnormal_month_summary': 5,
      '/cargo_monitor/data_analysis/adnormal_proportion': 6,
      '/cargo_monitor/data_analysis/switch_cover_analysis': 7,
      '/cargo_monitor/data_analysis/bp_task_exceptions': 8,
    };
    expect(Object.keys(analysis)).toEqual(routesOfGroup('cargo_analysis').map((route) => route.path));
    // @ts-expect-error a registry without its other seven screens
    const partial: Record<RoutePathOfGroup<'cargo_analysis'>, number> = { '/cargo_monitor/data_analysis/oil_loss': 1 };
    // @ts-expect-error not a console route
    const unknown: RoutePath = '/cargo_monitor/event_report/nope';
    const role: RoutePathOfKind<'settings'> = '/setting/privilege_account/role';
    // @ts-expect-error a report is not a settings screen
    const report: RoutePathOfKind<'settings'> = '/cargo_monitor/data_analysis/oil_loss';
    expect([Object.keys(partial), unknown, routeByPath(role)?.kind, routeByPath(report)?.kind]).toEqual([
      ['/cargo_monitor/data_analysis/oil_loss'], '/cargo_monitor/event_report/nope', 'settings', 'report',
    ]);
  });

  it('keeps the spec spellings of paths', () => {
    for (const path of [
      '/cargo_monitor/event_report/switchCover',
      '/cargo_monitor/data_analysis/adnormal_proportion',
      '/device_monitor/console/alarm_undervolitage',
      '/device_monitor/device_analysis/valtage_line',
      '/setting/alarm_threshold/manage_patameter',
      '/active_safety/exception_report/alarm_adas_can',
    ]) {
      expect(routeByPath(path), path).toBeDefined();
    }
  });

  it('caches every view but the dashboard', () => {
    expect(ROUTES.filter((r) => r.noCache).map((r) => r.path)).toEqual(['/dashboard']);
  });

  it('finds a route with or without the leading slash', () => {
    expect(routeByPath('setting/base_data/enclosure_approval')?.group).toBe('base_data');
    expect(routeByPath('/nope')).toBeUndefined();
  });

  it('has a zh and an en title for every route and menu group', () => {
    const keys = [...ROUTES.map((r) => r.titleKey), ...MENU_GROUPS.map(menuGroupTitleKey)];
    for (const key of keys) {
      for (const lang of ['zh', 'en'] as const) {
        const title = translate(lang, key);
        expect(title, `${lang} ${key}`).not.toBe(key);
        expect(title.length, `${lang} ${key}`).toBeGreaterThan(0);
      }
    }
  });
});
