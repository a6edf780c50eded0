// Failed logins and old-password checks, counted per user name and per address over a sliding window.
import type { Db } from '../db/open';

export interface RateLimitPolicy {
  readonly maxFailures: number;
  readonly windowMs: number;
}

export const DEFAULT_RATE_LIMIT: RateLimitPolicy = { maxFailures: 10, windowMs: 15 * 60_000 };

/** True when either the user name or the address has used up its failures in the window. */
export async function isLimited(db: Db, userName: string, ip: string, policy: RateLimitPolicy, now = Date.now()): Promise<boolean> {
  const since = now - policy.windowMs;
  const count = async (column: 'userName' | 'ip', value: string) => {
    const row = await db
      .selectFrom('authFailure')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(column, '=', value)
      .where('at', '>', since)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };
  return (await count('userName', userName)) >= policy.maxFailures || (await count('ip', ip)) >= policy.maxFailures;
}

/**
 * Counts an attempt before its password is checked, so guesses sent in parallel are limited as they arrive rather
 * than after their slow hash; true when this attempt is beyond the limit. A success clears it (clearFailures).
 */
export async function beginAttempt(db: Db, userName: string, ip: string, policy: RateLimitPolicy, now = Date.now()): Promise<boolean> {
  await db.deleteFrom('authFailure').where('at', '<', now - policy.windowMs).execute();
  await db.insertInto('authFailure').values({ userName, ip, at: now }).execute();
  return isLimited(db, userName, ip, { ...policy, maxFailures: policy.maxFailures + 1 }, now);
}

/** A success clears the user's own failures, not the address's: one good login must not unlock guessing others. */
export async function clearFailures(db: Db, userName: string): Promise<void> {
  await db.deleteFrom('authFailure').where('userName', '=', userName).execute();
}
