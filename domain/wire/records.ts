// Record shapes behind the shell's lists (devices, heartbeats, fence approval), paging, and the export form (spec §3, §7).
import type { Lang } from '../i18n';
import type { WireTime } from './entities';
import { PAGE_FIELDS, RANGE_FIELDS, type QueryFields, type QueryOf } from './query-fields';

/** A page of rows; the console reads `data.rows` (spec §7 fence approval). */
export interface Paged<T> {
  readonly rows: readonly T[];
  readonly total: number;
}

/**
 * Design: pages are 1-based, at most 500 rows each (20 by default). The page number is bounded so the rows to skip stay
 * an exact integer in every database; a request beyond the bounds is refused, not clamped.
 */
export const PAGE_LIMITS = { maxPage: 1_000_000, maxSize: 500, defaultSize: 20 } as const;

export type PageQuery = QueryOf<typeof PAGE_FIELDS>;

export interface TruckDevice {
  readonly code: string;
  readonly name: string;
}

export interface HeartbeatOvertimeRow {
  readonly companyName: string;
  readonly signCode: string;
  readonly heartTime: WireTime;
  readonly gpsTime: WireTime;
}

/** Design (the spec does not show heartbeat-info fields): the overtime row plus the console's supply voltage. */
export interface HeartbeatRecord extends HeartbeatOvertimeRow {
  readonly voltage?: number;
}

/** Design: query of GET /alarmInfo (alarm history); typeIds is the comma list, empty for all types. */
export const ALARM_INFO_QUERY = {
  ...PAGE_FIELDS,
  typeIds: { kind: 'text', maxLength: 400 },
  ...RANGE_FIELDS,
} as const satisfies QueryFields;
export type AlarmInfoQuery = QueryOf<typeof ALARM_INFO_QUERY>;

/** Design: query of GET /heartBeatInfo; signCode is one plate (the plate column's 20 characters). */
export const HEARTBEAT_QUERY = {
  ...PAGE_FIELDS,
  signCode: { kind: 'text', maxLength: 20 },
  ...RANGE_FIELDS,
} as const satisfies QueryFields;
export type HeartbeatQuery = QueryOf<typeof HEARTBEAT_QUERY>;

/** Design: the spec names the three states (pending, approved, not approved) but not their codes. */
export const FENCE_APPROVAL_STATUS = { pending: 0, approved: 1, rejected: 2 } as const;
export type FenceApprovalStatus = (typeof FENCE_APPROVAL_STATUS)[keyof typeof FENCE_APPROVAL_STATUS];

type FenceModifyType = 'new' | 'modify';

/** The fence-approval columns of the params spec §3.2, plus the id the by-id call needs. */
export interface FenceApprovalRow {
  readonly id: number;
  readonly name: string;
  /** The fence's kind as the fence editor names it (design: free text such as 'circle' or 'polygon'). */
  readonly type: string;
  readonly approvalStatus: FenceApprovalStatus;
  readonly modifier: string;
  readonly modifyTime: WireTime;
  readonly modifyType: FenceModifyType;
  /** Null while the fence is pending. */
  readonly approver: string | null;
  readonly approvalTime: WireTime | null;
  readonly address: string;
}

export const FENCE_APPROVAL_QUERY = {
  ...PAGE_FIELDS,
  approvalStatus: { kind: 'code', values: Object.values(FENCE_APPROVAL_STATUS) },
} as const satisfies QueryFields;
export type FenceApprovalQuery = QueryOf<typeof FENCE_APPROVAL_QUERY>;

/** Design: POST /fenceApproval/:id decides one fence. */
export interface FenceApprovalDecision {
  readonly id: number;
  readonly approvalStatus: FenceApprovalStatus;
}

/** Design: PUT /fenceApproval submits a change to a fence for approval. */
export interface FenceApprovalUpdate {
  readonly id: number;
  readonly name: string;
  readonly type: string;
  readonly address: string;
}

/**
 * Our extension of the row: the outline (GeoJSON text of a FenceShape, WGS-84; null when never drawn) rides on the list,
 * so showing the selected fence on the map costs no call.
 */
export type FenceListRow = FenceApprovalRow & { readonly geometry: string | null };

/** Our extension of PUT /fenceApproval: the outline drawn; without it the change keeps the outline as before. */
export type FenceChange = FenceApprovalUpdate & { readonly geometry?: string };

/** Our extension, POST /fenceApproval: a new fence of one of the caller's companies, waiting for approval. */
export type FenceCreate = Omit<FenceApprovalUpdate, 'id'> & { readonly companyCode: string; readonly geometry: string };

/** Design: GET /fenceApproval/timer tells the polling roles how many fences wait (notify when > 0). */
export interface FenceApprovalTimerAnswer {
  readonly pending: number;
}

type ExportFilterValue = string | number | boolean | null | undefined;

/** A table column descriptor as the export uses it (spec §3): prop, label, optional formatter. */
export interface ExportColumn<Row = Readonly<Record<string, unknown>>> {
  readonly prop: string;
  /** Already translated into the export language. */
  readonly label: string;
  /**
   * Turns a row's value into the text a table cell and an export show (a time, a loss rate, a fuel name). The export
   * form sends only props and labels: the server's spreadsheet applies the same formatter to its rows.
   */
  readonly formatter?: (value: unknown, row: Row) => string;
}

/** Builds the form-encoded export body: empty filters dropped (null, undefined, blank text), the rest as text. */
export function exportForm<Row>(
  filters: Readonly<Record<string, ExportFilterValue>>,
  columns: readonly ExportColumn<Row>[],
  language: Lang,
  fileName: string,
): Record<string, string> {
  const form: Record<string, string> = {};
  for (const [name, value] of Object.entries(filters)) {
    if (value === null || value === undefined || (typeof value === 'string' && value.trim() === '')) continue;
    form[name] = String(value);
  }
  form['headers'] = columns.map((column) => column.label).join(',');
  form['fields'] = columns.map((column) => column.prop).join(',');
  form['language'] = language;
  form['fileName'] = fileName;
  return form;
}
