// The send calls' shapes (docs/device-sends.md): a send to trucks' devices, its listed row with the status
// of record, and the device's file as the server last heard it. Imported by the console and the server.
import { PAGE_FIELDS, RANGE_FIELDS, type QueryFields, type QueryOf } from '../wire/query-fields';
import type { ParamFileName } from './catalogue-types';
import type { FileSendStatus, SendKind, TankTableStatus } from './send-status';

/** Where the send calls live, below the shared client's base path. */
export const SEND_CALL_PATHS = {
  sends: '/deviceSend',
  stop: '/deviceSend/:id/stop',
  deviceFile: '/deviceFile',
  sendFile: '/deviceFile/send',
} as const;

/** One send as the send_message list shows it (params spec §3.2 Send message). */
export interface SendRow {
  readonly id: number;
  readonly truckId: number;
  readonly signCode: string;
  /** The truck's console serial number. */
  readonly consoleSn: string;
  readonly companyCode: string;
  readonly kind: SendKind;
  /** What was sent, in words: a file name, an upgrade file's version, a command. */
  readonly target: string;
  /** The file package description. */
  readonly description: string;
  readonly status: FileSendStatus | TankTableStatus;
  readonly step: number;
  readonly steps: number;
  readonly sendTimes: number;
  readonly requiredAt: number;
  readonly actualAt: number | null;
  readonly completedAt: number | null;
  readonly createdBy: string;
}

/** Query of GET /deviceSend: a page, filters, `ids` (comma list) to read just the rows a notice named, `sourceId`. */
export const SEND_QUERY = {
  ...PAGE_FIELDS,
  kind: { kind: 'text', maxLength: 16 },
  status: { kind: 'text', maxLength: 20 },
  /** Part of a plate. */
  search: { kind: 'text', maxLength: 20 },
  companyCode: { kind: 'text', maxLength: 32 },
  ids: { kind: 'text', maxLength: 6000 },
  /** The sends of one source row (a tank table's), to find the latest when a screen opens on it. */
  sourceId: { kind: 'text', maxLength: 10 },
  ...RANGE_FIELDS,
} as const satisfies QueryFields;
export type SendQuery = QueryOf<typeof SEND_QUERY>;

/** Form of POST /deviceSend. `truckIds` (comma list) or `companyCode` (all its trucks) says where. */
export interface SendRequest {
  readonly kind: SendKind;
  readonly sourceId?: number;
  readonly truckIds?: string;
  readonly companyCode?: string;
  readonly description?: string;
}

/**
 * Form of POST /deviceFile/send: a parameter file as edited from one truck's device copy (`truckId`). That truck gets
 * the text as it is; every other truck of `truckIds` gets the same changes made to its own copy, so a plate or a
 * sensor's serial number of one truck never reaches another.
 */
export interface FileSendRequest {
  readonly name: ParamFileName;
  readonly truckId: number;
  /** Comma list; the edited truck alone when empty. */
  readonly truckIds?: string;
  readonly content: string;
  /** The device copy's version the edit started from; a newer copy refuses the send (409). */
  readonly baseVersion?: number;
  readonly description?: string;
}

export interface SendAnswer {
  readonly sends: readonly { readonly id: number; readonly truckId: number; readonly signCode: string; readonly status: FileSendStatus | TankTableStatus }[];
  /** Trucks not sent to, each with why (a send of the same thing still pending, no such truck of the caller's). */
  readonly refused: readonly { readonly truckId: number; readonly signCode: string; readonly reason: string }[];
}

/** GET /deviceFile?truckId=&name=: the file as the truck's device last confirmed it. */
export interface DeviceFileAnswer {
  readonly truckId: number;
  readonly name: ParamFileName;
  readonly content: string;
  readonly version: number;
  readonly updatedAt: number;
  /** The send of this file to this truck still under way, if any: the editor stays locked while it is. */
  readonly pending: SendRow | null;
}

/** A refused file: where and why, each problem's message in the caller's language. */
export interface FileProblems {
  /** The text's line, when the text itself could not be read. */
  readonly line?: number;
  readonly problems: readonly { readonly section?: string; readonly index?: number; readonly key: string; readonly message: string }[];
}

/** Most trucks one send call reaches; a whole company of the benchmark's fleet fits in one call. */
export const MAX_SEND_TRUCKS = 10_000;
