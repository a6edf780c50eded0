// The background checks a session gets (shell spec §6): pending fences for administrators, heartbeat overtime for superMan.
import { FENCE_POLL_MS, HEARTBEAT_POLL_MS } from '../constants';
import type { RoutePath } from '../routes';
import type { Role } from '../wire/entities';

export const POLL_NAMES = ['fences', 'heartbeat'] as const;
export type PollName = (typeof POLL_NAMES)[number];

/** Roles that poll for not-approved fences. */
const FENCE_POLL_ROLES: readonly string[] = ['用户管理员', '管理员'];

/** Where the fence notice leads: the fence approval screen (shell spec §6). */
export const FENCE_APPROVAL_PATH = '/setting/base_data/enclosure_approval';

/** Where the heartbeat notice leads: the overdue heartbeats, the poll's rows as a report. */
export const HEARTBEAT_OVERTIME_PATH = '/device_monitor/device_analysis/over_time_heart' satisfies RoutePath;

/** The heartbeat notice shows this many overdue trucks, then how many more there are. */
export const HEARTBEAT_NOTICE_ROWS = 10;

/** How often each check runs (spec §9: 900000 ms). */
export const POLL_INTERVAL_MS: Readonly<Record<PollName, number>> = { fences: FENCE_POLL_MS, heartbeat: HEARTBEAT_POLL_MS };

export function isPollName(value: unknown): value is PollName {
  return typeof value === 'string' && (POLL_NAMES as readonly string[]).includes(value);
}

/** The checks of a user with these roles, in POLL_NAMES order: fences for 用户管理员/管理员, heartbeat for superMan. */
export function pollsOf(session: { readonly roles: readonly Role[] }): PollName[] {
  const { roles } = session;
  const polls: PollName[] = [];
  if (roles.some((role) => FENCE_POLL_ROLES.includes(role.roleName))) polls.push('fences');
  if (roles.some((role) => role.superMan)) polls.push('heartbeat');
  return polls;
}
