// Every report screen by route path. A route of these areas without an entry (fence mileage, the exception sums and
// rates, GPS history, the heartbeat and health screens) shows "not available yet".
import { CARGO_REPORTS } from './cargo';
import type { ReportDef, ReportPath } from './definition';
import { DEVICE_REPORTS } from './device';
import { DRIVING_REPORTS } from './driving';

export const REPORTS: Readonly<Partial<Record<ReportPath, ReportDef>>> = { ...CARGO_REPORTS, ...DRIVING_REPORTS, ...DEVICE_REPORTS };

const BY_PATH: ReadonlyMap<string, ReportDef> = new Map(Object.values(REPORTS).map((def) => [def.path, def]));

export function reportFor(path: string): ReportDef | undefined {
  return BY_PATH.get(path);
}

/** The server's URL of a report, below the API base: `/report/cargo_monitor/event_report/switchCover`. */
export function reportCallPath(path: ReportPath): string {
  return `/report${path}`;
}
