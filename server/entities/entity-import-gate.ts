// Who may import now: one import per user at a time, refused at once otherwise, and at most a few over the
// whole server, the next waiting before its body is read. A lease ends when its work ends, or when its request closes
// before the work started (a refused or abandoned upload): never while rows are still being checked or inserted.
import { IMPORTS_AT_ONCE } from './entity-import-limits';

type LeaseState = 'waiting' | 'admitted' | 'working' | 'ended';

export class ImportLease {
  private state: LeaseState = 'waiting';
  private wake: (() => void) | undefined;

  constructor(private readonly gate: ImportGate) {}

  /** Resolves once the server takes this import (at once when few run); false when the request closed meanwhile. */
  turn(): Promise<boolean> {
    if (this.state !== 'waiting') return Promise.resolve(this.state !== 'ended');
    return new Promise((resolve) => {
      this.wake = () => resolve(this.state !== 'ended');
    });
  }

  /**
   * Runs the import's work under the lease, which ends with it; undefined, with nothing done, when the request closed
   * before (its caller is gone, and work outside the gate would escape its bound).
   */
  async run<T>(work: () => Promise<T>): Promise<T | undefined> {
    if (this.state !== 'admitted') return undefined;
    this.state = 'working';
    try {
      return await work();
    } finally {
      this.state = 'admitted';
      this.end();
    }
  }

  /** The request closed (answered, refused or abandoned): ends the lease unless its work is under way. */
  closed(): void {
    if (this.state !== 'working') this.end();
  }

  /** @internal the gate's: this import may start. */
  admit(): void {
    if (this.state !== 'waiting') return;
    this.state = 'admitted';
    this.wake?.();
  }

  private end(): void {
    if (this.state === 'ended') return;
    const held = this.state !== 'waiting';
    this.state = 'ended';
    this.gate.release(this, held);
    this.wake?.();
  }
}

export class ImportGate {
  private readonly users = new Map<number, ImportLease>();
  private readonly queue: ImportLease[] = [];
  private running = 0;

  constructor(private readonly atOnce = IMPORTS_AT_ONCE) {}

  /** A lease for the user's import, or undefined while another of theirs has one. */
  enter(userId: number): ImportLease | undefined {
    if (this.users.has(userId)) return undefined;
    const lease = new ImportLease(this);
    this.users.set(userId, lease);
    this.queue.push(lease);
    this.next();
    return lease;
  }

  /** @internal the lease's: it ended, holding a place among those running or not. */
  release(lease: ImportLease, held: boolean): void {
    for (const [user, owned] of this.users) if (owned === lease) this.users.delete(user);
    const waiting = this.queue.indexOf(lease);
    if (waiting >= 0) this.queue.splice(waiting, 1);
    if (held) this.running -= 1;
    this.next();
  }

  private next(): void {
    while (this.running < this.atOnce) {
      const lease = this.queue.shift();
      if (!lease) return;
      this.running += 1;
      lease.admit();
    }
  }
}
