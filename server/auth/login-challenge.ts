// The challenges a login needs after repeated failures (docs/api.md, Sessions and passwords): issued with a picture,
// kept in the database as a hash of the answer until expired, used once, so any instance checks any other's; and the
// pictures drawn for each address over the last minute, counted from the same rows, so every instance agrees.
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { Db } from '../db/open';
import { addressKey } from '../http/address-key';
import { drawChallenge } from './challenge-image';
import { CHALLENGE_CHARSET } from './challenge-glyphs';

const CHALLENGE_LENGTH = 5;
/** Time to read the picture and type the password; a solved picture kept aside is worthless after it. */
export const CHALLENGE_TTL_MS = 5 * 60_000;
/**
 * Pictures one address (an IPv6 /64) is drawn over any minute, used or not. Each costs a few milliseconds of the event
 * loop, so a loop of picture and failed login is refused past this; a person needs one per login, and a new one for a
 * picture they cannot read.
 */
export const MAX_CHALLENGES_PER_MINUTE = 10;
const RATE_WINDOW_MS = 60_000;
/**
 * A used challenge's row stays until it expires, so its picture still counts for its address; its hash becomes this,
 * which no answer's hash (64 hex digits) equals. A row is issued CHALLENGE_TTL_MS before it expires: the window, within
 * that, is read from expires_at, on the index of (ip, expires_at).
 */
const USED = '';

interface IssuedChallenge {
  readonly id: string;
  readonly answer: string;
  readonly png: Buffer;
}

/** Compared without case and surrounding spaces; the id salts it, so two challenges of one answer differ. */
function answerHash(id: string, answer: string): string {
  return createHash('sha256').update(`${id}:${answer.trim().toUpperCase()}`).digest('hex');
}

/** A new challenge for a caller at `ip`; undefined when its address was drawn `perMinute` in the last minute. */
export async function issueChallenge(db: Db, ip: string, now = Date.now(), perMinute = MAX_CHALLENGES_PER_MINUTE): Promise<IssuedChallenge | undefined> {
  const key = addressKey(ip);
  await db.deleteFrom('loginChallenge').where('expiresAt', '<=', now).execute();
  const answer = Array.from({ length: CHALLENGE_LENGTH }, () => CHALLENGE_CHARSET[randomInt(CHALLENGE_CHARSET.length)]).join('');
  const id = randomBytes(16).toString('base64url');
  await db.insertInto('loginChallenge').values({ id, answerHash: answerHash(id, answer), ip: key, expiresAt: now + CHALLENGE_TTL_MS }).execute();
  // Counted once its own row is in, on any instance: of asks in parallel, some may refuse one another, but never more
  // than the limit are drawn. A refused ask takes its row back, so a stream of refused asks does not prolong the wait.
  const drawn = await db
    .selectFrom('loginChallenge')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('ip', '=', key)
    .where('expiresAt', '>', now - RATE_WINDOW_MS + CHALLENGE_TTL_MS)
    .executeTakeFirstOrThrow();
  if (Number(drawn.n) > perMinute) {
    await db.deleteFrom('loginChallenge').where('id', '=', id).execute();
    return undefined;
  }
  return { id, answer, png: drawChallenge(answer) };
}

/**
 * Uses up challenge `id` (whatever the answer: one guess per picture) and tells whether `answer` was its answer and
 * it had not expired. Called only for a login that needs a challenge (rate-limit.ts); the used mark is set only if the
 * row still holds the hash read, so of two logins naming one challenge, on any instances, one gets it.
 */
export async function takeChallenge(db: Db, id: string | undefined, answer: string | undefined, now = Date.now()): Promise<boolean> {
  if (!id || !answer) return false;
  const row = await db.selectFrom('loginChallenge').select(['answerHash', 'expiresAt']).where('id', '=', id).executeTakeFirst();
  if (!row || row.answerHash === USED || Number(row.expiresAt) <= now) return false;
  const taken = await db.updateTable('loginChallenge').set({ answerHash: USED }).where('id', '=', id).where('answerHash', '=', row.answerHash).executeTakeFirst();
  if (Number(taken.numUpdatedRows) !== 1) return false;
  return timingSafeEqual(Buffer.from(answerHash(id, answer)), Buffer.from(row.answerHash));
}
