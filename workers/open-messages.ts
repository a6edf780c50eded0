// The sockets' open messages (spec §7 plus our `token` and `lastSeq`), and the check of the session a tab hands over.
import { formatTypeIds, listInForce, parseTypeIds } from '../domain/alarm-types';
import { isIdleLimit } from '../domain/shell/keep-alive';
import { isPollName, POLL_NAMES, type PollName } from '../domain/shell/polls';
import { isRecord } from '../domain/wire/guards';
import { MSG_TYPE, STATUS_FREQUENCY, type AlarmSocketOpen, type TruckSocketOpen } from '../domain/wire/sockets';
import type { UserPriEntry } from '../domain/wire/entities';
import type { LiveSession } from './live-api';

export function truckOpen(session: LiveSession, frequency: number = STATUS_FREQUENCY): TruckSocketOpen {
  return { frequency, msgType: MSG_TYPE.truck, userPri: session.userPri, token: session.token };
}

/** lastSeq only once the console holds an alarm with a seq: a legacy server never sends one, and ignores it anyway. */
export function alarmOpen(session: LiveSession, lastSeq: number | undefined): AlarmSocketOpen {
  const open = {
    typeIds: session.typeIds,
    msgType: MSG_TYPE.alarm,
    userPri: session.userPri,
    userName: session.userName,
    token: session.token,
  } satisfies AlarmSocketOpen;
  return lastSeq === undefined ? open : { ...open, lastSeq };
}

/** A session as the worker keeps it: its polls always listed (none for a tab that sent none). */
type ParsedLiveSession = LiveSession & { readonly polls: readonly PollName[] };

/** Known poll names, once each, in POLL_NAMES order; undefined when the value is not a list of them. */
function parsePolls(value: unknown): PollName[] | undefined {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) return undefined;
  const items: unknown[] = value;
  if (!items.every(isPollName)) return undefined;
  return POLL_NAMES.filter((name) => items.includes(name));
}

/**
 * Checks what a tab passed (structured-cloned, so any shape can arrive); typeIds is normalised through the catalogue,
 * polls to known names once each; an idle limit, when given, is a positive number.
 */
export function parseLiveSession(value: unknown): ParsedLiveSession | undefined {
  if (!isRecord(value)) return undefined;
  const { token, userName, userPri, typeIds } = value;
  const polls = parsePolls(value['polls']);
  if (!polls) return undefined;
  if (typeof token !== 'string' || typeof userName !== 'string' || !Array.isArray(userPri)) return undefined;
  if (typeIds !== undefined && typeIds !== null && typeof typeIds !== 'string') return undefined;
  const { sessionIdleMs } = value;
  if (sessionIdleMs !== undefined && sessionIdleMs !== null && !isIdleLimit(sessionIdleMs)) return undefined;
  const entries: UserPriEntry[] = [];
  for (const entry of userPri) {
    if (!isRecord(entry) || typeof entry['key'] !== 'string') return undefined;
    entries.push({ key: entry['key'] });
  }
  const limit = isIdleLimit(sessionIdleMs) ? { sessionIdleMs } : {};
  // A session without a list asks for every type: an empty list is the user's choice of none.
  return { token, userName, userPri: entries, typeIds: formatTypeIds(parseTypeIds(listInForce(typeIds))), polls, ...limit };
}
