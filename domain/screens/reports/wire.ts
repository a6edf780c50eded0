// A report's answer on the wire: one page of rows keyed by column key, the total, and the summary row when it has one,
// with the runtime checks the console reads them through.
import { isFiniteNumber, isRecord } from '../../wire/guards';

export type ReportCell = string | number | boolean | null;

/** `id` is the event's id (handling, highlighting), or the row's place for grouped reports. */
export interface ReportRow {
  readonly id: number;
  readonly [key: string]: ReportCell;
}

/**
 * One page of rows. The total and the summary come from their own call (ReportTotals): counting a month of events
 * costs more than reading fifty of them, and the rows need not wait for it.
 */
export interface ReportPage {
  readonly rows: readonly ReportRow[];
  /** Rows follow this page. */
  readonly hasMore: boolean;
}

export interface ReportTotals {
  readonly total: number;
  /** Column key → the sum or count over every row of the query, not only this page. */
  readonly summary?: Readonly<Record<string, number>>;
}

/** The totals call of a report, below its page call. */
export const TOTALS_SUFFIX = '/totals';

/** What the filters offer the caller: its companies (for the tree) and its trucks (for the plate picker). */
export interface ReportOptions {
  readonly companies: readonly { readonly code: string; readonly name: string; readonly parentCode: string | null }[];
  readonly trucks: readonly { readonly signCode: string; readonly companyName: string }[];
}

/** The options call, below the API base. */
export const REPORT_OPTIONS_PATH = '/report/options';

/** The call of a year report's years (those its rows cover, newest first), below its page call. */
export const YEARS_SUFFIX = '/years';

export function isReportYears(value: unknown): value is readonly number[] {
  return Array.isArray(value) && value.every((year) => Number.isInteger(year));
}

function isCell(value: unknown): value is ReportCell {
  return value === null || typeof value === 'string' || typeof value === 'boolean' || isFiniteNumber(value);
}

function isReportRow(value: unknown): value is ReportRow {
  return isRecord(value) && isFiniteNumber(value['id']) && Object.values(value).every(isCell);
}

export function isReportPage(value: unknown): value is ReportPage {
  if (!isRecord(value) || typeof value['hasMore'] !== 'boolean' || !Array.isArray(value['rows'])) return false;
  const rows: unknown[] = value['rows'];
  return rows.every(isReportRow);
}

export function isReportTotals(value: unknown): value is ReportTotals {
  if (!isRecord(value) || !isFiniteNumber(value['total'])) return false;
  const summary = value['summary'];
  return summary === undefined || (isRecord(summary) && Object.values(summary).every(isFiniteNumber));
}
