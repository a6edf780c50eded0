// Which status of a send a follower takes (params spec §4): the moves each status list allows, and the rule that lets
// a console follow the server's pushes in any order. The send machines use it; the server can check its own moves by it.
import type { FileSendStatus, TankTableStatus } from './send-status';

/** A send's status of record, as the server answers a POST or pushes a change. */
export interface SendRecord<S extends string> {
  /** The server's id of the send; a later send of the same thing to the same truck has a larger id. */
  readonly sendId: number;
  readonly status: S;
}

export type StatusMoves<S extends string> = Readonly<Record<S, ReadonlySet<S>>>;

const FILE_FINALS = ['sent', 'terminated', 'connectionFailed', 'dataError', 'crcError'] as const;

/**
 * Message and file send. Statuses may be skipped (a push can be lost, a fast device answers before `sending` is
 * pushed), never walked back, and a final status is never undone.
 */
export const FILE_SEND_MOVES: StatusMoves<FileSendStatus> = {
  notSent: new Set(['sending', ...FILE_FINALS]),
  sending: new Set(FILE_FINALS),
  sent: new Set(),
  terminated: new Set(),
  connectionFailed: new Set(),
  dataError: new Set(),
  crcError: new Set(),
};

/**
 * Tank-table send: forward along notSent → toBeSent → sending → synchronizing → complete | failed | pipelineFailed;
 * a complete table goes in use when the device confirms it and to history when a later table replaces it (a complete
 * one may be replaced before it was ever confirmed). Failures end this send; sending the table again is a new send.
 */
export const TANK_TABLE_MOVES: StatusMoves<TankTableStatus> = {
  notSent: new Set(['toBeSent', 'sending', 'synchronizing', 'complete', 'failed', 'pipelineFailed', 'inUse', 'history']),
  toBeSent: new Set(['sending', 'synchronizing', 'complete', 'failed', 'pipelineFailed', 'inUse', 'history']),
  sending: new Set(['synchronizing', 'complete', 'failed', 'pipelineFailed', 'inUse', 'history']),
  synchronizing: new Set(['complete', 'failed', 'pipelineFailed', 'inUse', 'history']),
  complete: new Set(['inUse', 'history']),
  failed: new Set(),
  pipelineFailed: new Set(),
  inUse: new Set(['history']),
  history: new Set(),
};

/**
 * Whether a follower showing `current` takes `pushed`: a later send (larger id) always, whatever its status, since it
 * replaced the one shown (sent from another console, or again after a failure); an earlier send never; the same send
 * only by an allowed move. So a stale or repeated push changes nothing, and pushes may arrive in any order.
 */
export function takesStatus<S extends string>(moves: StatusMoves<S>, current: SendRecord<S> | undefined, pushed: SendRecord<S>): boolean {
  if (current === undefined || pushed.sendId > current.sendId) return true;
  return pushed.sendId === current.sendId && moves[current.status].has(pushed.status);
}
