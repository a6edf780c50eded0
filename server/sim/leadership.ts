// Which instance runs the simulator: one leader per database, a standby taking over when the leader's hold lapses.
import type { DbDriver } from '../db/open';
import { postgresLeadership } from './leadership-postgres';

/** leader: this instance runs the simulator; standby: another does, or will once this one wins the lock. */
export type SimulatorRole = 'leader' | 'standby';

export interface LeadershipEvents {
  /** This instance now holds the lock; a failure here gives the lock back so another instance can try. */
  gained(): Promise<void>;
  /** The hold is gone (its connection broke): stop simulating now, another instance may already lead. */
  lost(): void;
}

export interface Leadership {
  role(): SimulatorRole;
  /** Resolves once the first try for the lock is over (and, when won, the simulator started). */
  readonly ready: Promise<void>;
  /** Stops trying, and gives the lock back if held. */
  close(): Promise<void>;
}

export interface LeadershipOptions {
  /** How often a standby tries for the lock and a leader checks its hold; default 3000, so takeover is well within 15 s. */
  readonly retryMs?: number;
  readonly log?: { warn(message: string): void };
  /** This instance's name, given to the lock connection (see lockConnectionName). */
  readonly instanceId?: string;
}

/**
 * Starts competing for the simulator lock. On PostgreSQL a session advisory lock, freed by the server the moment the
 * holder's connection drops. SQLite is one machine's embedded file served by one instance, so that instance always leads.
 */
export function startLeadership(driver: DbDriver, events: LeadershipEvents, options: LeadershipOptions = {}): Leadership {
  if (driver.kind === 'postgres') return postgresLeadership(driver.pool, events, options);
  let closed = false;
  const started = events.gained();
  // Keeps a failed start from also being "unhandled"; awaiting `ready` still throws it.
  started.catch(() => undefined);
  return {
    role: () => (closed ? 'standby' : 'leader'),
    ready: started,
    async close() {
      if (closed) return;
      closed = true;
      await started.catch(() => undefined);
      events.lost();
    },
  };
}
