// One status's truck table as a tab follows it: only that status's trucks, sent in parts small enough to read quickly.
import type { TruckStatusCode } from '../domain/truck-status';
import type { TruckView } from '../streams/truck-status.stream';
import type { TruckChanges } from './live-api';

/**
 * At most this many trucks per message to a tab. A tab reads each message (structured clone) in one main-thread task,
 * and a TruckView is a dozen objects or so: with 10,000 trucks, one status frame's changes or the whole fleet in one
 * message took Chromium 100–230 ms to read (the long-task benchmark's long tasks), 500 trucks 15–24 ms with the GC it
 * triggers; 250 keep each task far below the 50 ms goal on a busy two-core machine.
 */
export const TRUCKS_PER_MESSAGE = 250;

/** Splits changes into messages of at most `size` trucks; the removed keys (cheap strings) ride with the first. */
export function inParts(changed: readonly TruckView[], removed: readonly string[], size = TRUCKS_PER_MESSAGE): TruckChanges[] {
  const parts: TruckChanges[] = [{ changed: changed.slice(0, size), removed }];
  for (let start = size; start < changed.length; start += size) parts.push({ changed: changed.slice(start, start + size), removed: [] });
  return parts;
}

/**
 * What one tab's table of one status holds, kept in the worker so that the tab receives only that status's trucks:
 * a truck that enters the status arrives as changed, one that leaves it (or leaves the fleet) as removed.
 */
export class StatusTrucks {
  private readonly shown = new Set<string>();

  constructor(readonly status: TruckStatusCode) {}

  /** The status's trucks now, as the table's first parts; at least one part, so the tab knows its table is loaded. */
  start(trucks: Iterable<TruckView>): TruckChanges[] {
    const changed: TruckView[] = [];
    for (const truck of trucks) {
      if (truck.row.status !== this.status) continue;
      this.shown.add(truck.key);
      changed.push(truck);
    }
    return inParts(changed, []);
  }

  /** What a batch of fleet changes means for the table, in parts; none when it does not touch the status. */
  apply(changes: TruckChanges): TruckChanges[] {
    const changed: TruckView[] = [];
    const removed: string[] = [];
    for (const truck of changes.changed) {
      if (truck.row.status === this.status) {
        this.shown.add(truck.key);
        changed.push(truck);
      } else if (this.shown.delete(truck.key)) removed.push(truck.key);
    }
    for (const key of changes.removed) if (this.shown.delete(key)) removed.push(key);
    return changed.length === 0 && removed.length === 0 ? [] : inParts(changed, removed);
  }
}
