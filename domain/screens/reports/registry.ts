// Every report screen by route path (the report routes and the monitor routes a report serves), and every definition
// the server answers (a screen of several tabs has one per tab).
import { CARGO_REPORTS } from './cargo';
import type { ReportDef, ReportScreenPath } from './definition';
import { DEVICE_REPORTS } from './device';
import { DRIVING_REPORTS } from './driving';
import { SPRINKLER_REPORTS } from './sprinkler';

export const REPORTS: Readonly<Partial<Record<ReportScreenPath, ReportDef>>> = {
  ...CARGO_REPORTS, ...DRIVING_REPORTS, ...DEVICE_REPORTS, ...SPRINKLER_REPORTS,
};

/** Each route's definition and the other tabs of the screens that have several. */
export const REPORT_DEFS: readonly ReportDef[] = Object.values(REPORTS).flatMap((def) => [def, ...(def.tabs ?? [])]);

const BY_PATH: ReadonlyMap<string, ReportDef> = new Map(Object.values(REPORTS).map((def) => [def.path, def]));

/** A route's definition, or the tab `tab` of it (its first tab for an unknown or absent key). */
export function reportFor(path: string, tab?: string): ReportDef | undefined {
  const def = BY_PATH.get(path);
  return (tab && def?.tabs?.find((candidate) => candidate.tab?.key === tab)) || def;
}

/** The tabs of a route's screen in order (the route's own definition first); one for a screen without tabs. */
export function tabsOf(def: ReportDef): readonly ReportDef[] {
  const main = BY_PATH.get(def.path) ?? def;
  return [main, ...(main.tabs ?? [])];
}

/** Whether a definition is a route's own (its first tab) rather than one of its other tabs. */
function isRouteDef(def: Pick<ReportDef, 'tab' | 'tabs'>): boolean {
  return def.tab === undefined || def.tabs !== undefined;
}

/** The tab key a link names for this definition: none for the route's own. */
export function tabKeyOf(def: Pick<ReportDef, 'tab' | 'tabs'>): string | undefined {
  return isRouteDef(def) ? undefined : def.tab?.key;
}

/**
 * The server's URL of a report, below the API base: `/report/cargo_monitor/event_report/switchCover`; another tab of a
 * screen adds its key (`/report/driving_monitor/data_analysis/exception_rate/drivers`).
 */
export function reportCallPath(def: Pick<ReportDef, 'path' | 'tab' | 'tabs'>): string {
  const tab = tabKeyOf(def);
  return tab === undefined ? `/report${def.path}` : `/report${def.path}/${tab}`;
}

/** A definition's name among all of them: its path, and its tab's key for another tab. */
export function reportId(def: Pick<ReportDef, 'path' | 'tab' | 'tabs'>): string {
  const tab = tabKeyOf(def);
  return tab === undefined ? def.path : `${def.path}#${tab}`;
}
