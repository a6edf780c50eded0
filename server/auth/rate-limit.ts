// Failed logins and old-password checks, counted per (user name, address) pair and per address over a sliding window;
// and, for logins, when those failures call for a challenge (login-challenge.ts). An address is counted by its key
// (http/address-key.ts): an IPv6 caller by its /64, as the connection cap counts it.
import type { Db } from '../db/open';
import { inWriteOrder } from '../db/write-order';
import { addressKey } from '../http/address-key';
import { MAX_CHALLENGES_PER_MINUTE } from './login-challenge';

export interface RateLimitPolicy {
  /** Failures one address may make for one user name: a guesser locks only itself out of that account. */
  readonly maxPerUser: number;
  /** Failures one address may make over every user name, so trying one password on many accounts is limited too. */
  readonly maxPerAddress: number;
  /**
   * Failed logins for one user name (from any address) or from one address (for any name) after which a login needs a
   * challenge the server issued. It slows a script down without locking the account's user out. Wrong old passwords in
   * a session do not count here: they need a session, and the challenge guards only the login.
   */
  readonly challengeAfter: number;
  readonly windowMs: number;
  /** Challenge pictures one address is drawn over any minute (login-challenge.ts, MAX_CHALLENGES_PER_MINUTE). */
  readonly challengesPerMinute: number;
}

/**
 * What a place in auth_failure is, for the challenge: a user name's logins count while being checked too (parallel
 * guesses at one account, from however many addresses, meet the challenge as they arrive), an address's only once
 * failed (people behind one office address log in to their own accounts at the same moment).
 */
export const LOGIN_STATE = { none: 0, checking: 1, failed: 2 } as const;

export const DEFAULT_RATE_LIMIT: RateLimitPolicy = {
  maxPerUser: 10, maxPerAddress: 50, challengeAfter: 3, windowMs: 15 * 60_000, challengesPerMinute: MAX_CHALLENGES_PER_MINUTE,
};

/** An attempt that holds its place among the failures while its password is checked. */
export interface Attempt {
  readonly id: number;
  readonly userName: string;
  /** The address's key, as counted. */
  readonly ip: string;
}

/** Why an attempt gets no place: its pair or address used up its failures, or it needs a challenge it did not answer. */
type AttemptRefusal = 'locked' | 'challenge';

/**
 * Takes a place for an attempt before its password is checked, so guesses sent in parallel are limited as they arrive
 * rather than after their slow hash. Undefined when the pair or the address has used up its failures; such a refused
 * attempt leaves nothing behind, so a stream of refused requests never prolongs a lock. The place stays as a failure
 * unless `attemptSucceeded` releases it.
 */
export async function beginAttempt(db: Db, userName: string, ip: string, policy: RateLimitPolicy, now = Date.now()): Promise<Attempt | undefined> {
  const place = await takePlace(db, userName, ip, policy, now, undefined);
  return typeof place === 'string' ? undefined : place;
}

/**
 * The same for a login, which past `challengeAfter` failures for its user name or from its address also needs a
 * right answer to a challenge: `answer` tells whether it has one (using the challenge up), and is asked only then, so a
 * challenge named by a login that needs none stays good. Refused for that, the login leaves nothing behind either: its
 * password is not checked, so nothing was guessed.
 */
export async function beginLoginAttempt(
  db: Db, userName: string, ip: string, policy: RateLimitPolicy, answer: (executor: Db) => Promise<boolean>, now = Date.now(),
): Promise<Attempt | AttemptRefusal> {
  return takePlace(db, userName, ip, policy, now, answer);
}

async function takePlace(
  db: Db, userName: string, address: string, policy: RateLimitPolicy, now: number, challenge: ((executor: Db) => Promise<boolean>) | undefined,
): Promise<Attempt | AttemptRefusal> {
  const ip = addressKey(address);
  const since = now - policy.windowMs;
  await db.deleteFrom('authFailure').where('at', '<=', since).execute();
  // Only places taken before this one count: of parallel attempts, the first ones in get checked. Taking places in
  // write order makes "before" mean committed before, on PostgreSQL and across server instances too.
  return inWriteOrder(db, 'authFailure', async (executor) => {
    const loginState = challenge ? LOGIN_STATE.checking : LOGIN_STATE.none;
    const { id } = await executor.insertInto('authFailure').values({ userName, ip, at: now, loginState }).returning('id').executeTakeFirstOrThrow();
    const before = executor
      .selectFrom('authFailure')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('at', '>', since)
      .where('id', '<', id);
    const count = async (query: typeof before) => Number((await query.executeTakeFirstOrThrow()).n);
    const address = await count(before.where('ip', '=', ip));
    const pair = await count(before.where('ip', '=', ip).where('userName', '=', userName));
    const needsChallenge = async () =>
      (await count(before.where('loginState', '=', LOGIN_STATE.failed).where('ip', '=', ip))) >= policy.challengeAfter ||
      (await count(before.where('loginState', '!=', LOGIN_STATE.none).where('userName', '=', userName))) >= policy.challengeAfter;
    let refused: AttemptRefusal | undefined;
    if (address >= policy.maxPerAddress || pair >= policy.maxPerUser) refused = 'locked';
    else if (challenge && (await needsChallenge()) && !(await challenge(executor))) refused = 'challenge';
    if (refused) {
      await executor.deleteFrom('authFailure').where('id', '=', id).execute();
      return refused;
    }
    return { id, userName, ip };
  });
}

/** A login's password proved wrong (or its user unknown): its place now counts for its address's challenge too. */
export async function loginFailed(db: Db, attempt: Attempt): Promise<void> {
  await db.updateTable('authFailure').set({ loginState: LOGIN_STATE.failed }).where('id', '=', attempt.id).execute();
}

/**
 * A right password clears this pair's failures, its own place among them: not the address's failures for other
 * names (one good login must not unlock guessing others), nor other addresses' failures for this name.
 */
export async function attemptSucceeded(db: Db, attempt: Attempt): Promise<void> {
  await db.deleteFrom('authFailure').where('userName', '=', attempt.userName).where('ip', '=', attempt.ip).execute();
}
