// The two sockets under the host root: paths, open messages, heartbeat, timing, and open-message parsers (spec §4, §7).
import { parseTypeIds } from '../alarm-types';
import { HEARTBEAT_SILENCE_MS, SOCKET_RECONNECT_MS, STATUS_FREQUENCY } from '../constants';
import type { UserPriEntry } from './entities';
import { isFiniteNumber, isRecord, isSeq } from './guards';

export const SOCKET_PATHS = {
  truck: '/truckatgsub/truck',
  alarm: '/truckAlarm/alarm',
} as const;
export type SocketName = keyof typeof SOCKET_PATHS;

// The timing lives with the other §9 constants; re-exported so the wire is one import for worker and server.
export { HEARTBEAT_SILENCE_MS, SOCKET_RECONNECT_MS, STATUS_FREQUENCY };
/** Sent after HEARTBEAT_SILENCE_MS of silence; the server answers `PONG`. */
export const HEARTBEAT_MESSAGE = '';
export const PONG = 'pong';

/**
 * Close codes of our server. 4401 and 4403 are final (reconnecting cannot help: log in again, or serve the
 * console from an allowed origin); the others are worth a reconnect. The 4xxx codes mirror HTTP statuses.
 */
export const SOCKET_CLOSE = {
  sessionExpired: 4401,
  originRefused: 4403,
  openTimeout: 4408,
  /**
   * The user lost companies while the status socket was open (205 Reset Content): only a snapshot can take trucks
   * away, so the client reconnects and gets one.
   */
  accessChanged: 4205,
  /** The client reads too slowly; it reconnects and asks for what it missed (lastSeq). */
  overloaded: 1013,
  /** closeAll (maintenance): reconnecting later is right. */
  maintenance: 1012,
  /** A frame above the size limit, closed by ws itself. */
  tooBig: 1009,
} as const;

/** Whether a close code tells the client to stop reconnecting. */
export function isFinalClose(code: number): boolean {
  return code === SOCKET_CLOSE.sessionExpired || code === SOCKET_CLOSE.originRefused;
}

export const MSG_TYPE = { truck: 0, alarm: 1 } as const;

/**
 * `userPri` is the list GET /userPri returned, forwarded unchanged (here, in the alarm socket and in
 * getTruckBarData). It can only narrow: the server always filters by the session user's own companies, and an
 * empty list asks for everything the user may see. `token` (our extension) is the session's header-id, since
 * browsers cannot set headers on a socket.
 */
export interface TruckSocketOpen {
  readonly frequency: number;
  readonly msgType: typeof MSG_TYPE.truck;
  readonly userPri: readonly UserPriEntry[];
  readonly token?: string;
}

export interface AlarmSocketOpen {
  /** Comma list of the alarm type ids the user receives. */
  readonly typeIds: string;
  readonly msgType: typeof MSG_TYPE.alarm;
  readonly userPri: readonly UserPriEntry[];
  readonly userName: string;
  readonly token?: string;
  /** Our extension: the last seq the client holds; the server replays newer alarms before live ones. */
  readonly lastSeq?: number;
}

/** The server answers the heartbeat with `pong`, which carries no data: the client ignores it. */
export function isPong(frame: string): boolean {
  return frame === PONG;
}

function parseUserPri(value: unknown): UserPriEntry[] | undefined {
  if (value === null || value === undefined) return [];
  if (!Array.isArray(value)) return undefined;
  const entries: UserPriEntry[] = [];
  for (const item of value) {
    if (!isRecord(item) || typeof item['key'] !== 'string') return undefined;
    entries.push({ key: item['key'] });
  }
  return entries;
}

function readToken(value: unknown): { token?: string } | undefined {
  if (value === undefined) return {};
  return typeof value === 'string' ? { token: value } : undefined;
}

/** Validates an open message on the status socket (the server reads it as untrusted JSON). */
export function parseTruckSocketOpen(value: unknown): TruckSocketOpen | undefined {
  if (!isRecord(value) || value['msgType'] !== MSG_TYPE.truck) return undefined;
  const { frequency } = value;
  const userPri = parseUserPri(value['userPri']);
  const token = readToken(value['token']);
  if (!isFiniteNumber(frequency) || frequency <= 0 || !userPri || !token) return undefined;
  return { frequency, msgType: MSG_TYPE.truck, userPri, ...token };
}

/** Validates an open message on the alarm socket; typeIds is normalised through the catalogue. */
export function parseAlarmSocketOpen(value: unknown): AlarmSocketOpen | undefined {
  if (!isRecord(value) || value['msgType'] !== MSG_TYPE.alarm) return undefined;
  const { typeIds, userName, lastSeq } = value;
  const userPri = parseUserPri(value['userPri']);
  const token = readToken(value['token']);
  if (typeof typeIds !== 'string' || typeof userName !== 'string' || !userPri || !token) return undefined;
  if (lastSeq !== undefined && !isSeq(lastSeq)) return undefined;
  const open = { typeIds: parseTypeIds(typeIds).join(','), msgType: MSG_TYPE.alarm, userPri, userName, ...token };
  return lastSeq === undefined ? open : { ...open, lastSeq };
}
