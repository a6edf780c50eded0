// The challenges a login needs after repeated failures (docs/api.md, Sessions and passwords): issued with a picture,
// kept in the database as a hash of the answer until used once or expired, so any instance checks any other's.
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { Db } from '../db/open';
import { drawChallenge } from './challenge-image';
import { CHALLENGE_CHARSET } from './challenge-glyphs';

export const CHALLENGE_LENGTH = 5;
/** Time to read the picture and type the password; a solved picture kept aside is worthless after it. */
export const CHALLENGE_TTL_MS = 5 * 60_000;
/**
 * Unused challenges one address may hold at once: each costs a drawing, so a flood of requests is refused once an
 * address holds this many, while an office behind one address still gets one per login for a while.
 */
export const MAX_OPEN_CHALLENGES = 60;

export interface IssuedChallenge {
  readonly id: string;
  readonly answer: string;
  readonly png: Buffer;
}

/** Compared without case and surrounding spaces; the id salts it, so two challenges of one answer differ. */
function answerHash(id: string, answer: string): string {
  return createHash('sha256').update(`${id}:${answer.trim().toUpperCase()}`).digest('hex');
}

/** A new challenge for a caller at `ip`; undefined when that address already holds MAX_OPEN_CHALLENGES. */
export async function issueChallenge(db: Db, ip: string, now = Date.now()): Promise<IssuedChallenge | undefined> {
  await db.deleteFrom('loginChallenge').where('expiresAt', '<=', now).execute();
  const open = await db
    .selectFrom('loginChallenge')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('ip', '=', ip)
    .executeTakeFirstOrThrow();
  if (Number(open.n) >= MAX_OPEN_CHALLENGES) return undefined;
  const answer = Array.from({ length: CHALLENGE_LENGTH }, () => CHALLENGE_CHARSET[randomInt(CHALLENGE_CHARSET.length)]).join('');
  const id = randomBytes(16).toString('base64url');
  await db.insertInto('loginChallenge').values({ id, answerHash: answerHash(id, answer), ip, expiresAt: now + CHALLENGE_TTL_MS }).execute();
  return { id, answer, png: drawChallenge(answer) };
}

/**
 * Uses up challenge `id` (whatever the answer: one guess per picture) and tells whether `answer` was its answer and
 * it had not expired. Deleting and reading in one statement makes two logins with the same challenge get it once.
 */
export async function takeChallenge(db: Db, id: string | undefined, answer: string | undefined, now = Date.now()): Promise<boolean> {
  if (!id || !answer) return false;
  const row = await db.deleteFrom('loginChallenge').where('id', '=', id).returning(['answerHash', 'expiresAt']).executeTakeFirst();
  if (!row || Number(row.expiresAt) <= now) return false;
  return timingSafeEqual(Buffer.from(answerHash(id, answer)), Buffer.from(row.answerHash));
}
