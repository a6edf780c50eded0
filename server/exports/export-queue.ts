// The bounded export queue: at most `atOnce` exports are built at once and `perUser` of one user; the others wait in
// the order they came (one whose user is at its own bound lets later ones of other users pass), at most `waiting` of
// them and `waitingPerUser` of one user. A waiting export whose client went away (its signal aborted) leaves the queue
// at once.
import type { ExportQueueState } from '../../domain/wire/export-queue';

export interface ExportLimits {
  readonly atOnce: number;
  readonly perUser: number;
  readonly waiting: number;
  readonly waitingPerUser: number;
}

/**
 * Two at once: each is a worker thread that keeps a core busy for about a second per 10,000 rows, and the machine the
 * server is sized for has two. One per user, so one user's twenty clicks queue behind everyone else's. A hundred
 * waiting (each an open request and a few hundred bytes) before a new one is refused, and three of one user: beyond
 * that one user's clicks would fill the queue that every other user shares.
 */
export const EXPORT_LIMITS: ExportLimits = { atOnce: 2, perUser: 1, waiting: 100, waitingPerUser: 3 };

/** A place to build an export in; released when the build is over, which lets the next waiting one start. */
export interface ExportSlot {
  release(): void;
}

/** The queue already holds its bound of waiting exports: `all` of them (`limits.waiting`) or the user's (`limits.waitingPerUser`). */
export class ExportQueueFull extends Error {
  constructor(readonly scope: 'all' | 'user', readonly bound: number) {
    super(scope === 'all' ? `${bound} exports are waiting` : `the user has ${bound} exports waiting`);
    this.name = 'ExportQueueFull';
  }
}

interface Waiting {
  readonly user: number;
  readonly ticket: string | undefined;
  readonly grant: (slot: ExportSlot) => void;
}

/** Tickets are the console's: two users may bring the same one, and neither learns of the other's. */
const ticketKey = (user: number, ticket: string) => `${user}\u0000${ticket}`;

export class ExportQueue {
  private readonly waitingList: Waiting[] = [];
  private readonly runningByUser = new Map<number, number>();
  private readonly runningTickets = new Map<string, number>();
  private running = 0;

  constructor(readonly limits: ExportLimits = EXPORT_LIMITS) {}

  /**
   * A slot for the user's export: at once when the bounds allow, else after those before it. Rejects with
   * ExportQueueFull when too many wait (in all, or of this user), and with the signal's reason when it aborts first (the export then left the
   * queue). The slot must be released once the build is over.
   */
  enter(user: number, signal: AbortSignal, ticket?: string): Promise<ExportSlot> {
    if (signal.aborted) return Promise.reject(signal.reason);
    if (this.fits(user) && this.waitingList.length === 0) return Promise.resolve(this.start(user, ticket));
    if (this.waitingList.length >= this.limits.waiting) return Promise.reject(new ExportQueueFull('all', this.limits.waiting));
    if (this.waitingOf(user) >= this.limits.waitingPerUser) return Promise.reject(new ExportQueueFull('user', this.limits.waitingPerUser));
    return new Promise<ExportSlot>((resolve, reject) => {
      const entry: Waiting = {
        user,
        ticket,
        grant: (slot) => {
          signal.removeEventListener('abort', leave);
          resolve(slot);
        },
      };
      const leave = () => {
        const index = this.waitingList.indexOf(entry);
        if (index >= 0) this.waitingList.splice(index, 1);
        reject(signal.reason);
        // One that left may have been what held back a later one of its user; nothing else changes.
        this.pump();
      };
      signal.addEventListener('abort', leave, { once: true });
      this.waitingList.push(entry);
      this.pump();
    });
  }

  /** Where the user's export of this ticket is; 'none' for a ticket this queue does not hold for that user. */
  stateOf(user: number, ticket: string): ExportQueueState {
    const index = this.waitingList.findIndex((entry) => entry.user === user && entry.ticket === ticket);
    if (index >= 0) return { state: 'queued', ahead: index };
    return this.runningTickets.has(ticketKey(user, ticket)) ? { state: 'running' } : { state: 'none' };
  }

  /** How many are being built and how many wait (diagnostics, tests). */
  counts(): { readonly running: number; readonly waiting: number } {
    return { running: this.running, waiting: this.waitingList.length };
  }

  private waitingOf(user: number): number {
    return this.waitingList.reduce((count, entry) => (entry.user === user ? count + 1 : count), 0);
  }

  private fits(user: number): boolean {
    return this.running < this.limits.atOnce && (this.runningByUser.get(user) ?? 0) < this.limits.perUser;
  }

  private start(user: number, ticket: string | undefined): ExportSlot {
    this.running += 1;
    this.runningByUser.set(user, (this.runningByUser.get(user) ?? 0) + 1);
    const key = ticket === undefined ? undefined : ticketKey(user, ticket);
    if (key !== undefined) this.runningTickets.set(key, (this.runningTickets.get(key) ?? 0) + 1);
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        this.running -= 1;
        const left = (this.runningByUser.get(user) ?? 1) - 1;
        if (left > 0) this.runningByUser.set(user, left);
        else this.runningByUser.delete(user);
        if (key !== undefined) {
          const same = (this.runningTickets.get(key) ?? 1) - 1;
          if (same > 0) this.runningTickets.set(key, same);
          else this.runningTickets.delete(key);
        }
        this.pump();
      },
    };
  }

  /** Starts waiting exports in their order while the bounds allow, skipping those whose user is at its own bound. */
  private pump(): void {
    for (let index = 0; index < this.waitingList.length && this.running < this.limits.atOnce; ) {
      const entry = this.waitingList[index];
      if (entry && this.fits(entry.user)) {
        this.waitingList.splice(index, 1);
        entry.grant(this.start(entry.user, entry.ticket));
      } else {
        index += 1;
      }
    }
  }
}
