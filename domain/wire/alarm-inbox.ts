// The alarm inbox (our extension, docs/api.md): every alarm a user may see is new, acknowledged or resolved, on the
// server for the whole company; calls list, count, detail and change those states, and the alarm socket tells every
// console of the company of a change with one notice. A legacy backend answers none of these calls: the console then
// hides the inbox and keeps the spec's pop-ups.
import { SEVERITY_CODES, type AlarmSeverity } from '../alarm-severity';
import type { WireTime } from './entities';
import { isRecord, isSafeInteger } from './guards';
import type { LiveAlarm } from './live-alarm';
import { PAGE_FIELDS, RANGE_FIELDS, type QueryFields, type QueryOf } from './query-fields';

export const ALARM_STATES = ['new', 'acknowledged', 'resolved'] as const;
export type AlarmState = (typeof ALARM_STATES)[number];

/** Stored and queried as small codes, in the order an alarm moves through them. */
export const ALARM_STATE_CODES = { new: 0, acknowledged: 1, resolved: 2 } as const satisfies Record<AlarmState, number>;
export type AlarmStateCode = (typeof ALARM_STATE_CODES)[AlarmState];

export function alarmStateOf(code: number): AlarmState {
  return ALARM_STATES[code] ?? 'new';
}

/** The longest note a resolution keeps, and the most alarms one batch call changes. */
export const INBOX_LIMITS = { noteMaxLength: 200, batchMax: 500, userNameMaxLength: 50 } as const;

/**
 * The inbox list's query. `state` 3 is "open" (new or acknowledged), the inbox's default view; `signCode` one plate;
 * `assignee` a user name, or `-` for alarms nobody was given.
 */
export const ALARM_INBOX_QUERY = {
  ...PAGE_FIELDS,
  state: { kind: 'code', values: [0, 1, 2, 3] },
  severity: { kind: 'code', values: [SEVERITY_CODES.critical, SEVERITY_CODES.major, SEVERITY_CODES.minor] },
  typeIds: { kind: 'text', maxLength: 400 },
  signCode: { kind: 'text', maxLength: 20 },
  assignee: { kind: 'text', maxLength: INBOX_LIMITS.userNameMaxLength },
  ...RANGE_FIELDS,
} as const satisfies QueryFields;
export type AlarmInboxQuery = QueryOf<typeof ALARM_INBOX_QUERY>;
/** The `state` code of the open view. */
export const OPEN_STATES_CODE = 3;
/** The `assignee` value of alarms given to nobody. */
export const UNASSIGNED = '-';

/** Where an alarm stands: its state, who put it there and when, whom it is given to, and the resolution's note. */
export interface AlarmStanding {
  readonly seq: number;
  readonly state: AlarmState;
  /** Who made the last change; null while new. */
  readonly by: string | null;
  readonly at: WireTime | null;
  readonly assignee: string | null;
  readonly note: string;
}

/** A row of the inbox: the alarm as the socket sent it, where it stands, and what the list shows beside it. */
export interface InboxAlarm extends AlarmStanding {
  readonly alarm: LiveAlarm;
  readonly severity: AlarmSeverity;
  readonly companyName: string;
}

/** One step of an alarm's history. */
export interface AlarmStateChange {
  readonly state: AlarmState;
  readonly by: string;
  readonly at: WireTime;
  readonly assignee: string | null;
  readonly note: string;
}

/** The detail pane: the row, the fix nearest the alarm's start (null when the truck sent none), and the history. */
export interface InboxAlarmDetail {
  readonly row: InboxAlarm;
  readonly position: { readonly lat: number; readonly lng: number; readonly time: WireTime } | null;
  readonly history: readonly AlarmStateChange[];
}

/** Open alarms by severity, the new ones among them, and the alarms started in each of the last 24 hours. */
export interface InboxCounts {
  readonly open: Readonly<Record<AlarmSeverity, number>>;
  readonly new: number;
  /** 24 counts, oldest hour first; the last is the hour now running. */
  readonly lastDay: readonly number[];
  /** The start of the first hour of `lastDay`, epoch ms. */
  readonly lastDayFrom: number;
}

export interface AlarmBatch {
  readonly seqs: readonly number[];
}
export interface AlarmResolveRequest extends AlarmBatch {
  readonly note: string;
}
export interface AlarmAssignRequest extends AlarmBatch {
  /** A user name of the company, or null to give it back to nobody. */
  readonly assignee: string | null;
}

/**
 * A batch change's answer: what it changed, and each alarm it left as it was because another operator got there first
 * (or it was already in that state), with where that alarm stands, so the console can say who.
 */
export interface AlarmChangeAnswer {
  readonly changed: readonly AlarmStanding[];
  readonly unchanged: readonly AlarmStanding[];
}

/** The notice's name on the wire. */
export const ALARM_STATE_CHANGED = 'alarmState';

/** `{"notice":"alarmState","changes":[{seq,state,by,at,assignee,note}]}`, to every console of the alarms' company. */
export interface AlarmStateFrame {
  readonly notice: typeof ALARM_STATE_CHANGED;
  readonly changes: readonly AlarmStanding[];
}

export function alarmStateFrame(changes: readonly AlarmStanding[]): AlarmStateFrame {
  return { notice: ALARM_STATE_CHANGED, changes };
}

const isShortText = (value: unknown, max: number): value is string => typeof value === 'string' && value.length <= max;
const isNullableName = (value: unknown): value is string | null => value === null || isShortText(value, INBOX_LIMITS.userNameMaxLength);

/** One clean standing (only its own fields kept), or undefined when malformed. */
function parseAlarmStanding(value: unknown): AlarmStanding | undefined {
  if (!isRecord(value)) return undefined;
  const { seq, state, by, at, assignee, note } = value;
  if (!isSafeInteger(seq) || seq < 1 || typeof state !== 'string' || !(ALARM_STATES as readonly string[]).includes(state)) return undefined;
  if (!isNullableName(by) || !isNullableName(assignee) || !isShortText(note, INBOX_LIMITS.noteMaxLength)) return undefined;
  if (at !== null && typeof at !== 'number' && typeof at !== 'string') return undefined;
  return { seq, state: state as AlarmState, by, at, assignee, note };
}

/** The frame's changes, only the well-formed ones; undefined when the frame is not this notice. */
export function parseAlarmStateFrame(value: unknown): readonly AlarmStanding[] | undefined {
  if (!isRecord(value) || value['notice'] !== ALARM_STATE_CHANGED || !Array.isArray(value['changes'])) return undefined;
  return value['changes'].slice(0, INBOX_LIMITS.batchMax).flatMap((change: unknown) => parseAlarmStanding(change) ?? []);
}
