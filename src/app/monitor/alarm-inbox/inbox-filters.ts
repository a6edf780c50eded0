// The alarm inbox's filters as the URL and the search bar hold them (text by key), and the list call's query they make:
// state (open by default, `all` for every state), severity, alarm type, plate, time range and assignee ('-' = nobody).
import { expandTypeIds, formatTypeIds, isAlarmTypeId } from '../../../../domain/alarm-types';
import { SEVERITY_CODES } from '../../../../domain/alarm-severity';
import { ALARM_STATE_CODES, INBOX_LIMITS, OPEN_STATES_CODE, type AlarmInboxQuery } from '../../../../domain/wire/alarm-inbox';
import type { UrlFilters } from '../../filters/use-url-filters';
import { readQueryTime } from '../live/query-time';

const INBOX_FILTER_KEYS = ['state', 'severity', 'type', 'signCode', 'startTime', 'endTime', 'assignee'] as const;
export type InboxFilterKey = (typeof INBOX_FILTER_KEYS)[number];

/** Key → value as the search bar edits them; a key left out is no filter, except `state`, whose absence is "open". */
export type InboxFilters = Readonly<Partial<Record<InboxFilterKey, string>>>;

/** The rows one page of the list holds. */
export const INBOX_PAGE_SIZE = 50;

/** The URL's word for "every state": the list's own default (no `state`) is the open alarms. */
const ALL_STATES = 'all';
const OPEN = String(OPEN_STATES_CODE);

const STATE_CODES: readonly string[] = [...Object.values(ALARM_STATE_CODES), OPEN_STATES_CODE].map(String);
const SEVERITY_VALUES: readonly string[] = Object.values(SEVERITY_CODES).map(String);

/** The inbox's own view: open alarms of every severity, type, truck, time and assignee. */
export const DEFAULT_INBOX_FILTERS: InboxFilters = { state: OPEN };

function readState(value: string | null): string {
  if (value === ALL_STATES) return '';
  return value !== null && STATE_CODES.includes(value) ? value : OPEN;
}

/** The filters a query names; unknown values fall back to no filter (state: open), never to a refused call. */
export function readInboxFilters(search: string): InboxFilters {
  const query = new URLSearchParams(search);
  const text = (key: InboxFilterKey, max: number) => query.get(key)?.trim().slice(0, max) ?? '';
  const type = Number(query.get('type'));
  const severity = query.get('severity') ?? '';
  const startTime = readQueryTime(query.get('startTime'));
  const endTime = readQueryTime(query.get('endTime'));
  const filters: Record<string, string> = {
    state: readState(query.get('state')),
    severity: SEVERITY_VALUES.includes(severity) ? severity : '',
    type: isAlarmTypeId(type) ? String(type) : '',
    signCode: text('signCode', 20),
    startTime: startTime === undefined ? '' : String(startTime),
    endTime: endTime === undefined ? '' : String(endTime),
    assignee: text('assignee', INBOX_LIMITS.userNameMaxLength),
  };
  return Object.fromEntries(Object.entries(filters).filter(([key, value]) => value !== '' || key === 'state'));
}

/** The query text: equal filters give equal text, the default view ''. */
export function writeInboxFilters(filters: InboxFilters): string {
  const query = new URLSearchParams();
  for (const key of INBOX_FILTER_KEYS) {
    const value = filters[key]?.trim() ?? '';
    if (key === 'state') {
      if (value === '') query.set(key, ALL_STATES);
      else if (value !== OPEN) query.set(key, value);
    } else if (value !== '') query.set(key, value);
  }
  return query.toString();
}

export const INBOX_URL_FILTERS: UrlFilters<InboxFilters> = {
  read: (search) => readInboxFilters(search),
  write: writeInboxFilters,
  keep: true,
};

/** The draft with one value set ('' clears it; a cleared state is "every state"). */
export function withInboxFilter(filters: InboxFilters, key: InboxFilterKey, value: string): InboxFilters {
  return { ...filters, [key]: value };
}

const codeOf = <C extends number>(value: string | undefined, codes: readonly C[]): C | undefined =>
  codes.find((code) => String(code) === value);

/**
 * The list call's query for one page. A parent type (ADAS) stands for itself and its events, as the alarm settings
 * read it; a range end before its start is sent as is, for the server to refuse.
 */
export function inboxQuery(filters: InboxFilters, page: number, size = INBOX_PAGE_SIZE): AlarmInboxQuery {
  const state = codeOf(filters.state, [0, 1, 2, 3] as const);
  const severity = codeOf(filters.severity, Object.values(SEVERITY_CODES));
  const type = Number(filters.type);
  const signCode = filters.signCode?.trim() ?? '';
  const assignee = filters.assignee?.trim() ?? '';
  const startTime = readQueryTime(filters.startTime ?? null);
  const endTime = readQueryTime(filters.endTime ?? null);
  return {
    page,
    size,
    ...(state === undefined ? {} : { state }),
    ...(severity === undefined ? {} : { severity }),
    ...(isAlarmTypeId(type) ? { typeIds: formatTypeIds(expandTypeIds([type])) } : {}),
    ...(signCode === '' ? {} : { signCode }),
    ...(assignee === '' ? {} : { assignee }),
    ...(startTime === undefined ? {} : { startTime }),
    ...(endTime === undefined ? {} : { endTime }),
  };
}
