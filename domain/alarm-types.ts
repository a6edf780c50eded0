// The alarm type catalogue (spec §9): ids, label keys, the alarm-setting tree's groups, and the typeIds comma list.
import type { LocaleKey } from './i18n';

export const ALARM_TYPE_IDS = [
  1, 2, 3, 4, 5, 6, 7, 8,
  9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22,
  28, 29, 30, 31, 32, 33, 34, 35, 36, 37,
  44, 45,
  201, 202, 203, 204, 205, 206,
] as const;
export type AlarmTypeId = (typeof ALARM_TYPE_IDS)[number];

export type AlarmGroup = 'vehicle' | 'driver' | 'cargo';

/** The alarm-setting tree exactly as the spec lists it, in the spec's order. */
export const ALARM_GROUPS = {
  vehicle: [2, 4, 5, 6, 7, 206],
  driver: [8, 201, 203],
  cargo: [1, 202, 3, 204, 205],
} as const satisfies Record<AlarmGroup, readonly AlarmTypeId[]>;

export const ALARM_GROUP_LABEL_KEYS = {
  vehicle: 'alarm.group.vehicle',
  driver: 'alarm.group.driver',
  cargo: 'alarm.group.cargo',
} as const satisfies Record<AlarmGroup, LocaleKey>;

/** The urgent alarm that opens the blinking dialog (spec §4). */
export const URGENT_ALARM_TYPE = 201;
/** The driver-assistance (ADAS) alarm; its specific events name it as parent. */
export const ADAS_ALARM_TYPE = 8;

interface AlarmType {
  readonly id: AlarmTypeId;
  readonly labelKey: LocaleKey;
  readonly group: AlarmGroup;
  readonly parent?: typeof ADAS_ALARM_TYPE;
}

interface Placement {
  readonly group: AlarmGroup;
  readonly parent?: typeof ADAS_ALARM_TYPE;
}

const vehicle = { group: 'vehicle' } as const;
const driver = { group: 'driver' } as const;
const cargo = { group: 'cargo' } as const;
const adas = { group: 'driver', parent: ADAS_ALARM_TYPE } as const;

// Ids outside the spec's groups: the ADAS events sit under 8; the device's own urgent (44)
// and overspeed (45) alarms sit beside their platform twins 201 and 2.
const PLACEMENT = {
  1: cargo, 2: vehicle, 3: cargo, 4: vehicle, 5: vehicle, 6: vehicle, 7: vehicle, 8: driver,
  9: adas, 10: adas, 11: adas, 12: adas, 13: adas, 14: adas, 15: adas,
  16: adas, 17: adas, 18: adas, 19: adas, 20: adas, 21: adas, 22: adas,
  28: adas, 29: adas, 30: adas, 31: adas, 32: adas, 33: adas, 34: adas, 35: adas, 36: adas, 37: adas,
  44: driver, 45: vehicle,
  201: driver, 202: cargo, 203: driver, 204: cargo, 205: cargo, 206: vehicle,
} as const satisfies Record<AlarmTypeId, Placement>;

function labelKey(id: AlarmTypeId): `alarm.type.${AlarmTypeId}` {
  return `alarm.type.${id}`;
}

/** Every alarm type in id order. */
export const ALARM_TYPES: readonly AlarmType[] = ALARM_TYPE_IDS.map((id) => alarmType(id));

const BY_ID = new Map<number, AlarmType>(ALARM_TYPES.map((type) => [type.id, type]));

export function isAlarmTypeId(value: unknown): value is AlarmTypeId {
  return typeof value === 'number' && BY_ID.has(value);
}

export function alarmType(id: AlarmTypeId): AlarmType {
  return { id, labelKey: labelKey(id), ...PLACEMENT[id] };
}

export function alarmTypeLabelKey(id: AlarmTypeId): LocaleKey {
  return labelKey(id);
}

export function groupOf(id: AlarmTypeId): AlarmGroup {
  return PLACEMENT[id].group;
}

/**
 * Reads the comma list the server stores (`stUserAlarm.alarmTypeIds`, the alarm socket's `typeIds`):
 * blanks and unknown ids are ignored, duplicates dropped, first-seen order kept.
 */
export function parseTypeIds(list: string | null | undefined): AlarmTypeId[] {
  if (!list) return [];
  const ids = list
    .split(',')
    .map((part) => part.trim())
    .filter((part) => /^\d+$/.test(part))
    .map(Number)
    .filter(isAlarmTypeId);
  return [...new Set(ids)];
}

/** Writes ids as the server's comma list, with the same filtering as `parseTypeIds`. */
export function formatTypeIds(ids: Iterable<number>): string {
  return [...new Set([...ids].filter(isAlarmTypeId))].join(',');
}

/**
 * Every type as a comma list: what the console asks for while the user has saved no choice (`stUserAlarm` null). An
 * empty list is a choice of nothing, the same in the stored choice, on the alarm socket and in the worker.
 */
export const EVERY_TYPE_LIST: string = formatTypeIds(ALARM_TYPE_IDS);

/** The list in force for a stored choice: the choice itself, even empty; every type while none was saved. */
export function listInForce(stored: string | null | undefined): string {
  return stored ?? EVERY_TYPE_LIST;
}

/**
 * The types a choice lets through, for the server's socket filter and replay, and the worker's filter. A parent in the
 * list stands for itself and all its events (the alarm-setting tree writes 8 when every ADAS event is chosen, and reads
 * 8 as all of them); an event alone does not bring its parent. An empty choice lets nothing through.
 */
export function expandTypeIds(ids: readonly number[]): ReadonlySet<number> {
  const expanded = new Set(ids);
  for (const type of ALARM_TYPES) if (type.parent !== undefined && expanded.has(type.parent)) expanded.add(type.id);
  return expanded;
}

/** Whether an alarm of `type` passes a choice expanded by `expandTypeIds`. */
export function passesChoice(expanded: ReadonlySet<number>, type: number): boolean {
  return expanded.has(type);
}
