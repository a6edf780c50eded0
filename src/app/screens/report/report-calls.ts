// The report calls of the console: one page for the grid, a trend's newest rows, handling; the filter options are
// report-options.ts's (cached per session).
import i18next from 'i18next';
import { CallError, callPath } from '../../../api/client';
import type { ReportDef, ReportSort } from '../../../../domain/screens/reports/definition';
import type { HandlingState } from '../../../../domain/screens/reports/handling';
import { REPORT_PAGE, type ReportQuery } from '../../../../domain/screens/reports/query';
import { reportCallPath } from '../../../../domain/screens/reports/registry';
import { HIGHLIGHT_KEYS, type ReportFilters } from '../../../../domain/screens/reports/url-query';
import {
  isReportPage, isReportTotals, isReportYears, TOTALS_SUFFIX, YEARS_SUFFIX, type ReportPage, type ReportRow, type ReportTotals,
} from '../../../../domain/screens/reports/wire';

export { reportOptions } from './report-options';

/** The call's query: the filters without the pop-up marker and highlight, plus page and sort. */
export function reportQuery(filters: ReportFilters, page: number, size: number, sort: ReportSort | undefined): ReportQuery {
  const query: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(filters)) {
    if (key === HIGHLIGHT_KEYS.name || key === HIGHLIGHT_KEYS.at || key === 'sort' || key === 'order') continue;
    query[key] = key === 'startTime' || key === 'endTime' ? Number(value) : value;
  }
  return { ...query, page, size, ...(sort ? { sort: sort.key, order: sort.order } : {}) };
}

/** An answer the checks refuse (another backend's shape, say) is the spec's 'read data fail', never half-drawn rows. */
async function checked<T>(answer: Promise<unknown>, guard: (value: unknown) => value is T): Promise<T> {
  const value = await answer;
  if (guard(value)) return value;
  throw new CallError(i18next.t('error.readDataFail'), undefined, undefined, false);
}

export function fetchReportPage(def: ReportDef, query: ReportQuery): Promise<ReportPage> {
  return checked(callPath<unknown>('GET', reportCallPath(def), query), isReportPage);
}

/**
 * The newest rows of the filters by `key` (a time), newest first: pages of the largest size until the rows end or
 * `cap` rows are read. `capped` says older rows of the range were left out.
 */
export async function fetchNewestRows(def: ReportDef, filters: ReportFilters, key: string, cap: number): Promise<{ readonly rows: readonly ReportRow[]; readonly capped: boolean }> {
  const rows: ReportRow[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await fetchReportPage(def, reportQuery(filters, page, REPORT_PAGE.maxSize, { key, order: 'desc' }));
    rows.push(...answer.rows);
    if (!answer.hasMore || answer.rows.length === 0) return { rows, capped: false };
    if (rows.length >= cap) return { rows: rows.slice(0, cap), capped: true };
  }
}

/** The years a year report offers: those its rows cover, newest first. */
export function fetchReportYears(def: ReportDef): Promise<readonly number[]> {
  return checked(callPath<unknown>('GET', `${reportCallPath(def)}${YEARS_SUFFIX}`, {}), isReportYears);
}

export function fetchReportTotals(def: ReportDef, query: ReportQuery): Promise<ReportTotals> {
  return checked(callPath<unknown>('GET', `${reportCallPath(def)}${TOTALS_SUFFIX}`, query), isReportTotals);
}

export function saveHandling(def: ReportDef, ids: readonly number[], state: HandlingState, description: string): Promise<number> {
  return callPath<number>('POST', `${reportCallPath(def)}/handling`, { ids: ids.join(','), state, description });
}
