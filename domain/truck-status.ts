// Truck status codes, the five real-time states and the top bar's badge rules (spec §2 badge tables, §4).
import type { LocaleKey } from './i18n';
import type { TruckStatusRow } from './wire/truck-row';

export const TRUCK_STATUS = { offline: 0, empty: 1, loaded: 2, alarm: 3, stopped: 4 } as const;
type TruckStatusName = keyof typeof TRUCK_STATUS;
export type TruckStatusCode = (typeof TRUCK_STATUS)[TruckStatusName];

interface TruckStatusInfo {
  readonly code: TruckStatusCode;
  readonly name: TruckStatusName;
  readonly labelKey: LocaleKey;
  /** The badge table shows a status time only where it tells how long the truck has been in trouble. */
  readonly statusTimeShown: boolean;
}

export const TRUCK_STATUS_TABLE = {
  0: { code: 0, name: 'offline', labelKey: 'status.code.0', statusTimeShown: true },
  1: { code: 1, name: 'empty', labelKey: 'status.code.1', statusTimeShown: false },
  2: { code: 2, name: 'loaded', labelKey: 'status.code.2', statusTimeShown: false },
  3: { code: 3, name: 'alarm', labelKey: 'status.code.3', statusTimeShown: true },
  4: { code: 4, name: 'stopped', labelKey: 'status.code.4', statusTimeShown: true },
} as const satisfies { readonly [C in TruckStatusCode]: TruckStatusInfo & { readonly code: C } };

export const TRUCK_STATUS_CODES = [0, 1, 2, 3, 4] as const satisfies readonly TruckStatusCode[];

/** The top bar's badges, left to right: alarm, loaded, empty, stopped, offline. */
export const BADGE_ORDER = [3, 2, 1, 4, 0] as const satisfies readonly TruckStatusCode[];

export type RealtimeState = 'alarm' | 'empty' | 'offline' | 'cargoDriving' | 'parking';

interface RealtimeStateInfo {
  readonly state: RealtimeState;
  readonly labelKey: LocaleKey;
  /** Design: the spec names five states for five codes; cargo driving is "loaded" and parking is "stopped". */
  readonly code: TruckStatusCode;
}

export const REALTIME_STATES = [
  { state: 'alarm', labelKey: 'status.realtime.alarm', code: 3 },
  { state: 'empty', labelKey: 'status.realtime.empty', code: 1 },
  { state: 'offline', labelKey: 'status.realtime.offline', code: 0 },
  { state: 'cargoDriving', labelKey: 'status.realtime.cargoDriving', code: 2 },
  { state: 'parking', labelKey: 'status.realtime.parking', code: 4 },
] as const satisfies readonly RealtimeStateInfo[];

export function isTruckStatusCode(value: unknown): value is TruckStatusCode {
  return value === 0 || value === 1 || value === 2 || value === 3 || value === 4;
}

export function truckStatus(code: TruckStatusCode): TruckStatusInfo {
  return TRUCK_STATUS_TABLE[code];
}

/** True only for alarm, stopped and offline: the badge tables show a status-time column for those. */
export function statusTimeShown(code: TruckStatusCode): boolean {
  return TRUCK_STATUS_TABLE[code].statusTimeShown;
}

export type StatusCounts = Record<TruckStatusCode, number>;

/** Counts rows per status; every code is present, zero when no truck has it. */
export function countByStatus(rows: Iterable<Pick<TruckStatusRow, 'status'>>): StatusCounts {
  const counts: StatusCounts = { 0: 0, 1: 0, 2: 0, 3: 0, 4: 0 };
  for (const row of rows) counts[row.status] += 1;
  return counts;
}
