// The spec's wire shapes made from ours (CONTRACT=legacy): each step takes one of our extensions out of one kind of message.
import { isNoticeFrame } from '../../domain/wire/data-notice';
import type { LoginAnswer } from '../../domain/wire/entities';
import { isRecord, type JsonRecord } from '../../domain/wire/guards';
import type { LiveAlarm } from '../../domain/wire/live-alarm';
import type { TruckStatusRow } from '../../domain/wire/truck-row';
import type { PublishedAlarm, PublishedRow, RawFrame } from '../live/hub';

/** Omit on each member of a union: Omit alone merges the members and loses which properties go with which type. */
type WithoutKey<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** A shallow copy of `value` without `keys`. */
function withoutKey<T extends object, K extends keyof T>(value: T, ...keys: readonly K[]): WithoutKey<T, K> {
  const copy: Partial<T> = { ...value };
  for (const key of keys) delete copy[key];
  // The copy has every property of T but `keys`, member by member; the compiler cannot follow a delete.
  return copy as WithoutKey<T, K>;
}

/** An untrusted JSON object without these keys (inbound messages and recorded frames). */
function withoutKeys(value: JsonRecord, keys: readonly string[]): JsonRecord {
  return Object.fromEntries(Object.entries(value).filter(([key]) => !keys.includes(key)));
}

/** The spec's alarm: type, signCode, startTime, truckId, insertTime, remark, properties; no `seq`. */
export function specAlarm(alarm: PublishedAlarm['alarm']): LiveAlarm {
  return withoutKey(alarm, 'seq');
}

/** A status row's fields only our contract has: the merge key and the live map's position. */
const OUR_ROW_FIELDS = ['truckId', 'lat', 'lng', 'heading'] as const satisfies readonly (keyof TruckStatusRow)[];

/** The spec's status row: no `truckId`, `lat`, `lng` or `heading`. */
export function specStatusRow(row: PublishedRow['row']): TruckStatusRow {
  return withoutKey(row, ...OUR_ROW_FIELDS);
}

/** The spec's five login fields: no `sessionIdleMs`. */
export function specLoginAnswer(answer: LoginAnswer): LoginAnswer {
  return withoutKey(answer, 'sessionIdleMs');
}

/** Open-message fields only our contract has: the header-id as `token` (the spec's sockets ride on the cookie), `lastSeq`. */
const OUR_OPEN_FIELDS = ['token', 'lastSeq'];

/** An open message read as the spec's: our fields are ignored, as a server that never heard of them would. */
export function specSocketOpen(message: unknown): unknown {
  return isRecord(message) ? withoutKeys(message, OUR_OPEN_FIELDS) : message;
}

/**
 * A replayed frame (npm run replay) as the spec's sockets send it: no `seq` on alarms, none of our fields on rows,
 * and no notices (undefined: not sent).
 */
export function specRawFrame(frame: RawFrame): RawFrame | undefined {
  const { socket, data } = frame;
  if (socket === 'alarm' && isNoticeFrame(data)) return undefined;
  if (socket === 'alarm') return { socket, data: isRecord(data) ? withoutKeys(data, ['seq']) : data };
  return { socket, data: Array.isArray(data) ? data.map((row: unknown) => (isRecord(row) ? withoutKeys(row, OUR_ROW_FIELDS) : row)) : data };
}
