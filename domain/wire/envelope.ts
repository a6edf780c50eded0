// The JSON answer envelope `{ resultCode, message, data }` and the console's reaction to each resultCode (spec §8).
import { isFiniteNumber, isRecord } from './guards';

export interface Envelope<T> {
  readonly resultCode: number;
  readonly message: string;
  readonly data: T;
}

export const RESULT_CODE = {
  OK: 200,
  /** Shown as the 'access limit' alert. */
  UNAUTHORIZED: 401,
  /** Shown as the 'access error' alert. */
  SERVER_ERROR: 500,
  SESSION_EXPIRED: 504,
} as const;
/**
 * No such call, as an HTTP status or a resultCode: a backend without one of our additions (the legacy backend has no
 * POST /verifyPwd). Not a §8 reaction of its own: callers of an optional call tell it apart, others toast it.
 */
export const NOT_FOUND = 404;

type KnownResultCode = (typeof RESULT_CODE)[keyof typeof RESULT_CODE];

/**
 * What the console does with an answer: return its data, log out and reload, show the access-limit alert
 * (then run the session routine), show the access-error alert and reject, or toast the message and reject.
 */
export type Reaction = 'data' | 'logoutAndReload' | 'accessLimitAlert' | 'accessErrorAlert' | 'errorToast';

const REACTIONS: Readonly<Record<KnownResultCode, Reaction>> = {
  [RESULT_CODE.OK]: 'data',
  [RESULT_CODE.SESSION_EXPIRED]: 'logoutAndReload',
  [RESULT_CODE.UNAUTHORIZED]: 'accessLimitAlert',
  [RESULT_CODE.SERVER_ERROR]: 'accessErrorAlert',
};

function isKnownResultCode(code: number): code is KnownResultCode {
  return code in REACTIONS;
}

/**
 * The spec §8 reaction to a resultCode. Only an absent code (undefined/null) passes through as data, the way
 * the spec's "any other non-empty code" reads; 0 is a code like any other, so it toasts.
 */
export function reactionFor(resultCode: number | null | undefined): Reaction {
  if (resultCode === null || resultCode === undefined) return 'data';
  return isKnownResultCode(resultCode) ? REACTIONS[resultCode] : 'errorToast';
}

export function envelope<T>(data: T, message = 'success'): Envelope<T> {
  return { resultCode: RESULT_CODE.OK, message, data };
}

export function failure(resultCode: number, message: string): Envelope<null> {
  return { resultCode, message, data: null };
}

/** A JSON value shaped like an envelope: a numeric resultCode, a string message and a data member (possibly null). */
export function isEnvelope(value: unknown): value is Envelope<unknown> {
  return (
    isRecord(value) &&
    isFiniteNumber(value['resultCode']) &&
    typeof value['message'] === 'string' &&
    'data' in value
  );
}
