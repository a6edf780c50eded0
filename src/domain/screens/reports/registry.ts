// Every report screen by route path. The driving, active-safety and device areas join in the next issue; until then
// their routes have no entry and show "not available yet".
import { CARGO_REPORTS } from './cargo';
import type { ReportDef, ReportPath } from './definition';

export const REPORTS: Readonly<Partial<Record<ReportPath, ReportDef>>> = CARGO_REPORTS;

const BY_PATH: ReadonlyMap<string, ReportDef> = new Map(Object.values(REPORTS).map((def) => [def.path, def]));

export function reportFor(path: string): ReportDef | undefined {
  return BY_PATH.get(path);
}

/** The server's URL of a report, below the API base: `/report/cargo_monitor/event_report/switchCover`. */
export function reportCallPath(path: ReportPath): string {
  return `/report${path}`;
}
