// The statuses of a send to a truck's device (params spec §4): one list for messages and files (parameter files,
// upgrade files, parameters, commands, camera settings), one for tank tables. The server holds each send's status of
// record; the console's send machines and lists read these lists, never their own copies.
import type { LocaleKey } from '../i18n';

/** Message and file send: not sent, sending, sent, terminated (stop sending), connection failed, data error, CRC error. */
export const FILE_SEND_STATUSES = ['notSent', 'sending', 'sent', 'terminated', 'connectionFailed', 'dataError', 'crcError'] as const;
export type FileSendStatus = (typeof FILE_SEND_STATUSES)[number];

/**
 * Tank-table send: not sent (to send), to be sent, sending, synchronizing, complete, failed, pipeline-oil send failed,
 * currently in use, history.
 */
export const TANK_TABLE_STATUSES = [
  'notSent', 'toBeSent', 'sending', 'synchronizing', 'complete', 'failed', 'pipelineFailed', 'inUse', 'history',
] as const;
export type TankTableStatus = (typeof TANK_TABLE_STATUSES)[number];

/** What a send carries to the device. */
export const SEND_KINDS = ['paramFile', 'upgradeFile', 'parameter', 'command', 'camera', 'tankTable'] as const;
export type SendKind = (typeof SEND_KINDS)[number];

/** A file send no longer moves once it reached one of these. */
export const FILE_SEND_FINAL: ReadonlySet<FileSendStatus> = new Set(['sent', 'terminated', 'connectionFailed', 'dataError', 'crcError']);
/** A send still under way: no second send of the same thing to the same truck may start, and its input stays locked. */
export const FILE_SEND_PENDING: ReadonlySet<FileSendStatus> = new Set(['notSent', 'sending']);

/** A tank table's send still under way: editing and a repeat send are blocked. */
export const TANK_TABLE_PENDING: ReadonlySet<TankTableStatus> = new Set(['toBeSent', 'sending', 'synchronizing']);

export const fileSendStatusKey = (status: FileSendStatus): LocaleKey => `sendStatus.file.${status}` as LocaleKey;
export const tankTableStatusKey = (status: TankTableStatus): LocaleKey => `sendStatus.tankTable.${status}` as LocaleKey;
export const sendKindKey = (kind: SendKind): LocaleKey => `sendStatus.kind.${kind}` as LocaleKey;

/**
 * The label of a status of either list, for a list showing sends of every kind; a tank table's send never stands at
 * notSent, the one status whose label the two lists word differently. Undefined for no status of either list.
 */
export function sendStatusKey(status: string): LocaleKey | undefined {
  if (isFileSendStatus(status)) return fileSendStatusKey(status);
  return isTankTableStatus(status) ? tankTableStatusKey(status) : undefined;
}

export function isFileSendStatus(value: unknown): value is FileSendStatus {
  return typeof value === 'string' && (FILE_SEND_STATUSES as readonly string[]).includes(value);
}
export function isTankTableStatus(value: unknown): value is TankTableStatus {
  return typeof value === 'string' && (TANK_TABLE_STATUSES as readonly string[]).includes(value);
}
