// An in-memory Web Locks manager (exclusive locks only): node has no navigator.locks, and tests must release at will.
import type { LockManagerLike } from '../../workers/tab-registry';

interface Waiter {
  readonly callback: () => unknown;
  readonly settle: (value: unknown) => void;
  readonly fail: (error: unknown) => void;
}

export class FakeLocks implements LockManagerLike {
  private readonly queues = new Map<string, Waiter[]>();

  request(name: string, callback: () => unknown): Promise<unknown> {
    return new Promise((settle, fail) => {
      const queue = this.queues.get(name) ?? [];
      this.queues.set(name, queue);
      queue.push({ callback, settle, fail });
      if (queue.length === 1) this.grant(name);
    });
  }

  /** Names held or asked for, for assertions. */
  names(): string[] {
    return [...this.queues.keys()];
  }

  private grant(name: string): void {
    const waiter = this.queues.get(name)?.[0];
    if (!waiter) return;
    // As in browsers, the lock is held until the callback's promise settles, then passes to the next in line.
    Promise.resolve()
      .then(() => waiter.callback())
      .then(waiter.settle, waiter.fail)
      .finally(() => {
        const queue = this.queues.get(name) ?? [];
        queue.shift();
        if (queue.length === 0) this.queues.delete(name);
        else this.grant(name);
      });
  }
}
