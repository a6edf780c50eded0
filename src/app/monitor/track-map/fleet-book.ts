// The fleet as the live screens hold it in the tab: every truck of the per-status watches in ONE map, each remembered
// with the status whose watch holds it (a truck leaving one status and joining another is right whichever part comes
// first), and the list in plate order kept across updates. A status frame of 10,000 trucks changes rows, rarely the
// roster: the list is then patched where rows changed (a copy and a few thousand slots), not merged, filtered and
// rebuilt (that rebuild at each update was a long task of its own). Pure: the hook and its tests share it.
import type { TruckChanges } from '../../../../workers/live-api';
import type { TruckView } from '../../../../streams/truck-status.stream';
import type { TruckStatusCode } from '../../../../domain/truck-status';

const plates = new Intl.Collator();

export class FleetBook {
  private readonly held = new Map<string, TruckView>();
  /** Whose watch holds each truck (kept apart from the trucks: no wrapper object per truck and update for the GC). */
  private readonly owner = new Map<string, TruckStatusCode>();
  private readonly answered = new Set<TruckStatusCode>();
  /** The list last answered, in plate order, and where each key sits in it. */
  private list: TruckView[] = [];
  private readonly at = new Map<string, number>();
  /** Keys whose rows changed since the last list. */
  private readonly dirty = new Set<string>();
  /**
   * Trucks removed by their watch since the last list. A truck changing status is removed by one watch and added by
   * another, in either order: back in the book by the time the list is asked for, it is no roster change.
   */
  private readonly gone = new Set<string>();
  /** Trucks new to the book since the last list, and trucks whose plate changed: (re)placed by plate. */
  private readonly fresh = new Set<string>();
  private readonly replated = new Set<string>();

  /** One part of a status's watch. */
  apply(status: TruckStatusCode, part: TruckChanges): void {
    this.answered.add(status);
    for (const key of part.removed) {
      // Another status's watch took the truck already: this removal is its leaving this status, already followed.
      if (this.owner.get(key) !== status) continue;
      this.held.delete(key);
      this.owner.delete(key);
      this.gone.add(key);
    }
    for (const truck of part.changed) {
      const { key } = truck;
      const before = this.held.get(key);
      if (before) {
        if (before.row.signCode !== truck.row.signCode) this.replated.add(key);
      } else if (!this.gone.delete(key)) this.fresh.add(key);
      // Back after its watch removed it: kept in its place, unless its plate changed meanwhile.
      else if (this.list[this.at.get(key) ?? -1]?.row.signCode !== truck.row.signCode) this.replated.add(key);
      this.held.set(key, truck);
      this.owner.set(key, status);
      this.dirty.add(key);
    }
  }

  /** Every status of `statuses` has answered at least once. */
  answeredAll(statuses: readonly TruckStatusCode[]): boolean {
    return statuses.every((status) => this.answered.has(status));
  }

  get size(): number {
    return this.held.size;
  }

  /**
   * The trucks in plate order: a new array when anything changed since the last call, else the same one. Changed rows
   * are patched in place; only trucks that came, went or changed plate move, each sorted in (no sort of the fleet).
   */
  trucks(): readonly TruckView[] {
    if (this.dirty.size === 0 && this.gone.size === 0) return this.list;
    let next = this.list.slice();
    for (const key of this.dirty) {
      const index = this.at.get(key);
      const held = this.held.get(key);
      if (index !== undefined && held) next[index] = held;
    }
    if (this.gone.size > 0 || this.fresh.size > 0 || this.replated.size > 0) {
      const { gone, replated } = this;
      if (gone.size > 0 || replated.size > 0) next = next.filter((truck) => !gone.has(truck.key) && !replated.has(truck.key));
      const placing: TruckView[] = [];
      for (const key of new Set([...this.fresh, ...replated])) {
        const held = this.held.get(key);
        if (held) placing.push(held);
      }
      placing.sort((a, b) => plates.compare(a.row.signCode, b.row.signCode));
      next = placing.length * 16 < next.length ? insertEach(next, placing) : mergeSorted(next, placing);
      this.at.clear();
      next.forEach((truck, index) => this.at.set(truck.key, index));
    }
    this.list = next;
    this.dirty.clear();
    this.gone.clear();
    this.fresh.clear();
    this.replated.clear();
    return next;
  }
}

/** A few new trucks into a long sorted list: each placed by binary search (the list's compares stay few). */
function insertEach(sorted: TruckView[], added: readonly TruckView[]): TruckView[] {
  for (const truck of added) {
    let low = 0;
    let high = sorted.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      const there = sorted[middle];
      if (there && plates.compare(there.row.signCode, truck.row.signCode) <= 0) low = middle + 1;
      else high = middle;
    }
    sorted.splice(low, 0, truck);
  }
  return sorted;
}

/** Two sorted lists into one, the kept before the added among equal plates. */
function mergeSorted(kept: readonly TruckView[], added: readonly TruckView[]): TruckView[] {
  const merged: TruckView[] = [];
  let i = 0;
  let j = 0;
  while (i < kept.length || j < added.length) {
    const left = kept[i];
    const right = added[j];
    if (right === undefined || (left !== undefined && plates.compare(left.row.signCode, right.row.signCode) <= 0)) {
      if (left) merged.push(left);
      i += 1;
    } else {
      merged.push(right);
      j += 1;
    }
  }
  return merged;
}
