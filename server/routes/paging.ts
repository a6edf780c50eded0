// Query pieces the paged lists share: page and size, an optional time range, and the Paged answer.
import type { Paged } from '../../src/domain/wire/records';
import { field } from './plugin';

export interface PageParams {
  readonly page: number;
  readonly size: number;
}

export interface TimeRange {
  readonly startTime?: number;
  readonly endTime?: number;
}

/** JSON schema properties of a 1-based page (defaults: page 1, 20 rows). */
export const pageProperties = { page: field.page, size: field.size } as const;

/** JSON schema properties of a time range in epoch milliseconds; both ends inclusive and optional. */
export const rangeProperties = { startTime: field.time, endTime: field.time } as const;

/** The rows to skip for a page. */
export function offsetOf(query: PageParams): number {
  return (query.page - 1) * query.size;
}

/** A range whose start lies after its end can match nothing; the caller answers 400 rather than an empty page. */
export function isBackwards(range: TimeRange): boolean {
  return range.startTime !== undefined && range.endTime !== undefined && range.startTime > range.endTime;
}

/** COUNT(*) comes back as a number from SQLite and as a bigint string from PostgreSQL. */
export function countOf(row: { readonly total: number | string | bigint } | undefined): number {
  return Number(row?.total ?? 0);
}

export function paged<T>(rows: readonly T[], total: number): Paged<T> {
  return { rows, total };
}
