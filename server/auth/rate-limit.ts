// Failed logins and old-password checks, counted per (user name, address) pair and per address over a sliding window.
import type { Db } from '../db/open';
import { inWriteOrder } from '../db/write-order';

export interface RateLimitPolicy {
  /** Failures one address may make for one user name: a guesser locks only itself out of that account. */
  readonly maxPerUser: number;
  /** Failures one address may make over every user name, so trying one password on many accounts is limited too. */
  readonly maxPerAddress: number;
  readonly windowMs: number;
}

export const DEFAULT_RATE_LIMIT: RateLimitPolicy = { maxPerUser: 10, maxPerAddress: 50, windowMs: 15 * 60_000 };

/** An attempt that holds its place among the failures while its password is checked. */
export interface Attempt {
  readonly id: number;
  readonly userName: string;
  readonly ip: string;
}

/**
 * Takes a place for an attempt before its password is checked, so guesses sent in parallel are limited as they arrive
 * rather than after their slow hash. Undefined when the pair or the address has used up its failures; such a refused
 * attempt leaves nothing behind, so a stream of refused requests never prolongs a lock. The place stays as a failure
 * unless `attemptSucceeded` releases it.
 */
export async function beginAttempt(db: Db, userName: string, ip: string, policy: RateLimitPolicy, now = Date.now()): Promise<Attempt | undefined> {
  const since = now - policy.windowMs;
  await db.deleteFrom('authFailure').where('at', '<=', since).execute();
  // Only places taken before this one count: of parallel attempts, the first ones in get checked. Taking places in
  // write order makes "before" mean committed before, on PostgreSQL and across server instances too.
  return inWriteOrder(db, 'authFailure', async (executor) => {
    const { id } = await executor.insertInto('authFailure').values({ userName, ip, at: now }).returning('id').executeTakeFirstOrThrow();
    const before = executor
      .selectFrom('authFailure')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('ip', '=', ip)
      .where('at', '>', since)
      .where('id', '<', id);
    const pair = await before.where('userName', '=', userName).executeTakeFirstOrThrow();
    const address = await before.executeTakeFirstOrThrow();
    if (Number(pair.n) >= policy.maxPerUser || Number(address.n) >= policy.maxPerAddress) {
      await executor.deleteFrom('authFailure').where('id', '=', id).execute();
      return undefined;
    }
    return { id, userName, ip };
  });
}

/**
 * A right password clears this pair's failures, its own place among them: not the address's failures for other
 * names (one good login must not unlock guessing others), nor other addresses' failures for this name.
 */
export async function attemptSucceeded(db: Db, attempt: Attempt): Promise<void> {
  await db.deleteFrom('authFailure').where('userName', '=', attempt.userName).where('ip', '=', attempt.ip).execute();
}
