// Sessions: opaque random tokens (256 bits) stored as SHA-256, idle and absolute expiry, deleted at logout.
import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/open';

export interface SessionPolicy {
  readonly idleMs: number;
  readonly maxMs: number;
}

export const DEFAULT_SESSION_POLICY: SessionPolicy = { idleMs: 30 * 60_000, maxMs: 12 * 3_600_000 };

/** Writing last-seen on every request would turn reads into writes: touch at most every tenth of the idle limit (≤ 1 min). */
const touchAfterMs = (policy: SessionPolicy) => Math.min(60_000, policy.idleMs / 10);

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export async function createSession(db: Db, userId: number, ip: string, now = Date.now()): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db
    .insertInto('session')
    .values({ tokenHash: hashToken(token), userId, createdAt: now, lastSeenAt: now, ip })
    .execute();
  return token;
}

interface LiveSession {
  readonly tokenHash: string;
  readonly userId: number;
}

/** The session behind a token, touched; undefined (and deleted) once idle or too old. */
export async function findSession(
  db: Db,
  token: string,
  policy: SessionPolicy,
  now = Date.now(),
): Promise<LiveSession | undefined> {
  const tokenHash = hashToken(token);
  const row = await db.selectFrom('session').selectAll().where('tokenHash', '=', tokenHash).executeTakeFirst();
  if (!row) return undefined;
  if (now - row.lastSeenAt > policy.idleMs || now - row.createdAt > policy.maxMs) {
    await db.deleteFrom('session').where('tokenHash', '=', tokenHash).execute();
    return undefined;
  }
  if (now - row.lastSeenAt > touchAfterMs(policy)) {
    await db.updateTable('session').set({ lastSeenAt: now }).where('tokenHash', '=', tokenHash).execute();
  }
  return { tokenHash, userId: row.userId };
}

export async function deleteSession(db: Db, tokenHash: string): Promise<void> {
  await db.deleteFrom('session').where('tokenHash', '=', tokenHash).execute();
}

/** Drops expired sessions; run now and then so the table does not grow without bound. */
export async function purgeSessions(db: Db, policy: SessionPolicy, now = Date.now()): Promise<void> {
  await db
    .deleteFrom('session')
    .where((eb) => eb.or([eb('lastSeenAt', '<', now - policy.idleMs), eb('createdAt', '<', now - policy.maxMs)]))
    .execute();
}

/**
 * Of these session hashes, the ones no longer alive: gone, idle, too old, or of a user or role that is disabled.
 * HTTP refuses such a session at once (loadAuthContext); counting it ended here lets the sweep close its sockets
 * even when the account was changed without an announcement (straight in the database). A read only.
 */
export async function endedSessions(db: Db, tokenHashes: readonly string[], policy: SessionPolicy, now = Date.now()): Promise<Set<string>> {
  if (tokenHashes.length === 0) return new Set();
  const alive = await db
    .selectFrom('session')
    .innerJoin('appUser', 'appUser.id', 'session.userId')
    .innerJoin('role', 'role.id', 'appUser.roleId')
    .select('session.tokenHash')
    .where('session.tokenHash', 'in', tokenHashes)
    .where('session.lastSeenAt', '>=', now - policy.idleMs)
    .where('session.createdAt', '>=', now - policy.maxMs)
    .where('appUser.status', '=', 1)
    .where('role.status', '=', 1)
    .execute();
  const aliveSet = new Set(alive.map((row) => row.tokenHash));
  return new Set(tokenHashes.filter((hash) => !aliveSet.has(hash)));
}
