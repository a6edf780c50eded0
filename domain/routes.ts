// The route registry: the 126 console routes of shell spec §2 and our alarm inbox (monitor/alarm_inbox), grouped as the spec's table, with title keys and menu groups.
import type { LocaleKey } from './i18n';

/** A menu group is also the unit of authorization: a role is granted groups (its "functions"). */
export const MENU_GROUPS = [
  'personal',
  'monitor',
  'cargo_event',
  'cargo_exception',
  'cargo_analysis',
  'driving_event',
  'driving_exception',
  'driving_analysis',
  'active_safety',
  'device_console',
  'device_other',
  'device_analysis',
  'base_data',
  'privilege_account',
  'alarm_threshold',
  'device_parameter',
] as const;
export type MenuGroup = (typeof MENU_GROUPS)[number];

/** What renders a route: a special screen, the generic report/analysis page, or the generic settings page. */
type RouteKind = 'personal' | 'monitor' | 'report' | 'settings';

interface GroupSpec {
  readonly kind: RouteKind;
  /** Paths under the main layout, without the leading slash (spec table, left to right). */
  readonly paths: readonly string[];
  /** Paths of `paths` that are reports in a group of another kind (the upload statistics among the base data). */
  readonly reports?: readonly string[];
}

type SplitOn<S extends string, D extends string, Found extends string = never> = S extends `${infer Head}${D}${infer Rest}`
  ? SplitOn<Rest, D, Found | Head>
  : Found | S;
/** The words of a whitespace-separated list, as a type: the leaves stay written as the spec's table lists them. */
type Words<S extends string> = Exclude<SplitOn<SplitOn<S, ' '>, '\n'>, ''>;

const under = <const P extends string, const L extends string>(prefix: P, leaves: L) =>
  leaves
    .split(/\s+/)
    .filter(Boolean)
    .map((leaf) => `${prefix}/${leaf}` as `${P}/${Words<L>}`);

const GROUP_SPECS = {
  personal: { kind: 'personal', paths: ['dashboard'] },
  monitor: {
    kind: 'monitor',
    paths: under(
      'monitor',
      `cargo_transport safe_target device_target liquid_level playback_track track_map view_photos video_monitor
       sprinkler_playback_track sprinkler_monitoring sprinkler_statistics sprinkler_inventory sprinkler_real_inventory
       real_video history_video alarm_inbox`,
    ),
  },
  cargo_event: {
    kind: 'report',
    paths: under(
      'cargo_monitor/event_report',
      `switch_cover_flow switchCover emergency_shut_off_valve empty switchcover_his flow_change real_tank_inventory
       tank_inventory meter_status meter_unload atg_unload switch_electricity useing_open box_door level_trend
       switch_variety temp_humidity real_temp_humidity bz_pressure bp_task bp_modify_record`,
    ),
  },
  cargo_exception: {
    kind: 'report',
    paths: under(
      'cargo_monitor/exception_report',
      `alarm_switch_cover alarm_pipe_water alarm_not_empty alarm_break_seal bz_abnormal_oil_loading alm_high_loss
       alarm_temp_hum device_alarm alarm_high_pressure`,
    ),
  },
  cargo_analysis: {
    kind: 'report',
    paths: under(
      'cargo_monitor/data_analysis',
      `oil_loss truck_loss loss_month_rank level_change adnormal_month_summary adnormal_proportion
       switch_cover_analysis bp_task_exceptions`,
    ),
  },
  driving_event: { kind: 'report', paths: under('driving_monitor/event_report', 'parking_source sign_dura') },
  driving_exception: {
    kind: 'report',
    paths: under(
      'driving_monitor/exception_report',
      `alarm_parking alarm_over_speed alarm_off_line off_line_analysis alarm_curve_speeding alarm_emergency
       alarm_urgent gps_info_his`,
    ),
  },
  driving_analysis: {
    kind: 'report',
    paths: under('driving_monitor/data_analysis', 'truck_daily_mile fency_mileage exception_sum exception_rate'),
  },
  active_safety: {
    kind: 'report',
    paths: [
      ...under('active_safety/exception_report', 'alarm_adas_can'),
      ...under('active_safety/data_analysis', 'adas_can_collect alm_adas_can_truck_stat'),
    ],
  },
  device_console: {
    kind: 'report',
    paths: under('device_monitor/console', 'complete_analysis bz_bootup console_link alarm_undervolitage alarm_device_err'),
  },
  device_other: {
    kind: 'report',
    paths: under(
      'device_monitor/other_devices',
      'abnormal_monitor abnormal_record switch_cover_err bz_powers humidity humidity_err box_door_err',
    ),
  },
  device_analysis: {
    kind: 'report',
    paths: under(
      'device_monitor/device_analysis',
      'heart_beat_info over_time_heart valtage_line abnormal_statistics abnormal_analysis health_analysis device_health',
    ),
  },
  base_data: {
    kind: 'settings',
    paths: under(
      'setting/base_data',
      `station storage truck company device park driver repair_card service_depot tank_table tank_table_record
       enclosure_approval user_enclosure upload_statistic test phone_number atg_tank_table message_recharge message_record`,
    ),
    reports: under('setting/base_data', 'upload_statistic'),
  },
  privilege_account: { kind: 'settings', paths: under('setting/privilege_account', 'role user role_function') },
  alarm_threshold: {
    kind: 'settings',
    paths: under(
      'setting/alarm_threshold',
      'manage_patameter no_abnormal threshold st_abnormal_oil_loading oil_send parameter remote remote_template modify_record',
    ),
  },
  device_parameter: {
    kind: 'settings',
    paths: under('setting/device_parameter', 'upgrade_file send_message params_files params_record camera_setup'),
  },
} as const satisfies Record<MenuGroup, GroupSpec>;

type GroupSpecs = typeof GROUP_SPECS;

/** Every console route's path, as a literal type: registries keyed by it make the compiler name a missing screen. */
export type RoutePath = RoutePathOfGroup<MenuGroup>;
export type RoutePathOfGroup<G extends MenuGroup> = G extends MenuGroup ? `/${GroupSpecs[G]['paths'][number]}` : never;
type ReportsOfGroup<G extends MenuGroup> = GroupSpecs[G] extends { readonly reports: readonly (infer P extends string)[] } ? `/${P}` : never;
/** Report routes that sit in a group of another kind. */
type ReportsElsewhere = { [G in MenuGroup]: ReportsOfGroup<G> }[MenuGroup];
/** The paths of one kind of screen (report, settings, …). */
export type RoutePathOfKind<K extends RouteKind> =
  | { [G in MenuGroup]: GroupSpecs[G]['kind'] extends K ? Exclude<RoutePathOfGroup<G>, ReportsElsewhere> : never }[MenuGroup]
  | ('report' extends K ? ReportsElsewhere : never);

export interface RouteDef {
  /** Absolute path, e.g. `/cargo_monitor/event_report/switchCover`. */
  readonly path: RoutePath;
  readonly group: MenuGroup;
  readonly kind: RouteKind;
  readonly titleKey: LocaleKey;
  /** Views are kept alive in the tab strip unless this is set (spec §2: only the dashboard). */
  readonly noCache: boolean;
  /**
   * The function a role must hold to see the route and call its data: its group, except for the device-parameter
   * screens filed under other groups (tank tables, parameter send, remote commands), which need `device_parameter`.
   */
  readonly needs: MenuGroup;
}

/**
 * Tank tables, parameter send, remote commands and their records reach trucks' devices, so only roles
 * holding the device-parameter functions see and call them, whatever group the spec's menu files them under.
 */
const DEVICE_PARAMETER_ELSEWHERE: ReadonlySet<string> = new Set([
  ...under('setting/base_data', 'tank_table tank_table_record atg_tank_table test'),
  ...under('setting/alarm_threshold', 'parameter remote remote_template modify_record'),
]);

export const ROUTES: readonly RouteDef[] = MENU_GROUPS.flatMap((group) => {
  const spec: GroupSpec = GROUP_SPECS[group];
  return spec.paths.map(
    (path): RouteDef => ({
      path: `/${path}` as RoutePath,
      group,
      kind: spec.reports?.includes(path) ? 'report' : spec.kind,
      // The locale file nests route titles by path segment, so the key is the path with dots.
      titleKey: `route.${path.replaceAll('/', '.')}` as LocaleKey,
      noCache: path === 'dashboard',
      needs: DEVICE_PARAMETER_ELSEWHERE.has(path) ? 'device_parameter' : group,
    }),
  );
});

const BY_PATH = new Map<string, RouteDef>(ROUTES.map((route) => [route.path, route]));

/** Looks a route up by path, with or without the leading slash. */
export function routeByPath(path: string): RouteDef | undefined {
  return BY_PATH.get(path.startsWith('/') ? path : `/${path}`);
}

export function routesOfGroup(group: MenuGroup): readonly RouteDef[] {
  return ROUTES.filter((route) => route.group === group);
}

export function menuGroupTitleKey(group: MenuGroup): LocaleKey {
  return `menu.${group}`;
}

export const DASHBOARD_PATH = '/dashboard' satisfies RoutePath;

/** Our screens beyond the spec's, whose calls a server speaking only the spec's contract lacks: its menu leaves them out. */
export const EXTENSION_SCREEN_PATHS: readonly RoutePath[] = ['/monitor/alarm_inbox'];
