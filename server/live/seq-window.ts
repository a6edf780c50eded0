// Which alarm seqs were already handled (sent on one socket, or delivered by one instance's hub): every seq at or
// below a floor, and each one above it.
//
// A highest-seq-so-far mark is not enough once alarms come from several instances: instance B may deliver its own
// alarm N+1 before A's alarm N reaches it over Redis, or before the catch-up after an outage reads N from the
// database (and under PostgreSQL, N+1 may even commit before N). So seqs above the floor are remembered one by one,
// and the floor rises only to keep at most `keep`..2×`keep` of them: a seq arriving after `keep` newer ones were
// handled is taken as handled.

const DEFAULT_KEEP = 2048;

export class SeqWindow {
  private floor: number;
  private top: number;
  private readonly above = new Set<number>();

  constructor(
    floor = -1,
    private readonly keep = DEFAULT_KEEP,
  ) {
    this.floor = floor;
    this.top = floor;
  }

  /** The highest seq handled (or the floor, if higher). */
  get highest(): number {
    return this.top;
  }

  has(seq: number): boolean {
    return seq <= this.floor || this.above.has(seq);
  }

  /** Marks `seq` handled; false when it already was. */
  add(seq: number): boolean {
    if (this.has(seq)) return false;
    this.above.add(seq);
    if (seq > this.top) this.top = seq;
    if (this.above.size > 2 * this.keep) this.prune();
    return true;
  }

  /** Everything at or below `seq` counts as handled (a client's lastSeq, an instance's start). */
  raiseFloor(seq: number): void {
    if (seq <= this.floor) return;
    this.floor = seq;
    if (seq > this.top) this.top = seq;
    for (const handled of this.above) if (handled <= seq) this.above.delete(handled);
  }

  private prune(): void {
    const sorted = [...this.above].sort((a, b) => a - b);
    const newFloor = sorted[sorted.length - this.keep - 1];
    if (newFloor !== undefined) this.raiseFloor(newFloor);
  }
}
