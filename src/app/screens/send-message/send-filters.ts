// The send list's paths, and its filters as the URL query holds them (a link or a reload reproduces the list): kind,
// status, part of a plate, company and the required-time range; and the list call's query of them.
import { decodeQuery, encodeQuery } from '../../../../domain/query-string';
import { FILE_SEND_STATUSES, SEND_KINDS, TANK_TABLE_STATUSES } from '../../../../domain/params/send-status';
import type { UrlFilters } from '../../filters/use-url-filters';

export const SEND_MESSAGE_PATH = '/setting/device_parameter/send_message';
/** The remote commands' screen: the same list, of command sends only. */
export const REMOTE_PATH = '/setting/alarm_threshold/remote';
export type SendListPath = typeof SEND_MESSAGE_PATH | typeof REMOTE_PATH;

const SEND_FILTER_KEYS = ['kind', 'status', 'search', 'companyCode', 'startTime', 'endTime'] as const;
export type SendFilterKey = (typeof SEND_FILTER_KEYS)[number];
export type SendFilters = Readonly<Partial<Record<SendFilterKey, string>>>;

/** Every status a send can be in, the file list's first, each once. */
export const ANY_SEND_STATUSES: readonly string[] = [...new Set<string>([...FILE_SEND_STATUSES, ...TANK_TABLE_STATUSES])];

const ALLOWED: Readonly<Record<SendFilterKey, (value: string) => boolean>> = {
  kind: (value) => (SEND_KINDS as readonly string[]).includes(value),
  status: (value) => ANY_SEND_STATUSES.includes(value),
  search: (value) => value.length <= 20,
  companyCode: (value) => value.length <= 32,
  startTime: (value) => /^\d{1,15}$/.test(value),
  endTime: (value) => /^\d{1,15}$/.test(value),
};

/** The filters a URL query holds; unknown keys and values the list cannot take are ignored. */
function readSendFilters(search: string): SendFilters {
  const out: Partial<Record<SendFilterKey, string>> = {};
  for (const [key, raw] of decodeQuery(search)) {
    const value = raw.trim();
    if ((SEND_FILTER_KEYS as readonly string[]).includes(key) && value !== '' && ALLOWED[key as SendFilterKey](value)) out[key as SendFilterKey] = value;
  }
  return out;
}

/** The URL query of the filters, keys in one order, so equal filters give equal text. */
function sendFiltersSearch(filters: SendFilters): string {
  return encodeQuery(SEND_FILTER_KEYS.map((key) => [key, filters[key]?.trim() || undefined] as const));
}

/** The filters in the URL, kept per tab: coming back to the list's tab puts them back into the URL. */
export const SEND_URL_FILTERS: UrlFilters<SendFilters> = { read: readSendFilters, write: sendFiltersSearch, keep: true };

/** The list call's filters (without page), as GET /deviceSend takes them. */
export function sendFilterQuery(filters: SendFilters): Record<string, string | number> {
  const query: Record<string, string | number> = {};
  for (const key of SEND_FILTER_KEYS) {
    const value = filters[key]?.trim();
    if (value) query[key] = key === 'startTime' || key === 'endTime' ? Number(value) : value;
  }
  return query;
}

/** The filters with one value set, or removed when empty. */
export function withSendFilter(filters: SendFilters, key: SendFilterKey, value: string): SendFilters {
  const next: Partial<Record<SendFilterKey, string>> = { ...filters };
  if (value === '') delete next[key];
  else next[key] = value;
  return next;
}
