// A report's answer on the wire: one page of rows keyed by column key, the total, and the summary row when it has one.

export type ReportCell = string | number | boolean | null;

/** `id` is the event's id (handling, highlighting), or the row's place for grouped reports. */
export interface ReportRow {
  readonly id: number;
  readonly [key: string]: ReportCell;
}

export interface ReportPage {
  readonly rows: readonly ReportRow[];
  readonly total: number;
  /** Column key → the sum or count over every row of the query, not only this page. */
  readonly summary?: Readonly<Record<string, number>>;
}

/** What the filters offer the caller: its companies (for the tree) and its trucks (for the plate picker). */
export interface ReportOptions {
  readonly companies: readonly { readonly code: string; readonly name: string; readonly parentCode: string | null }[];
  readonly trucks: readonly { readonly signCode: string; readonly companyName: string }[];
}

/** The options call, below the API base. */
export const REPORT_OPTIONS_PATH = '/report/options';
