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
