// Password storage: scrypt of the MD5 hex the console sends (spec: password change sends MD5), salted per user.
import { createHash, randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const scrypt = (password: string, salt: Buffer, keylen: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scryptCb(password, salt, keylen, options, (error, key) => (error ? reject(error) : resolve(key))),
  );

/** OWASP's current scrypt figure (password storage cheat sheet): N=2^17, r=8, p=1; about 128 MiB and a third of a second. */
export const DEFAULT_SCRYPT_COST = 17;
/** The lowest cost SCRYPT_COST may set: Node's own default, N=2^14. */
const MIN_SCRYPT_COST = 14;
const MAX_SCRYPT_COST = 20;

/**
 * log2 N of new hashes from SCRYPT_COST (default 17). The test layers set 14: a login there costs a twelfth of the
 * time, and hundreds of them run. A value outside 14…20 stops the start rather than weakening or stalling logins.
 */
export function scryptCost(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return DEFAULT_SCRYPT_COST;
  const cost = Number(value);
  if (!Number.isInteger(cost) || cost < MIN_SCRYPT_COST || cost > MAX_SCRYPT_COST) {
    throw new Error(`SCRYPT_COST must be a whole number from ${MIN_SCRYPT_COST} to ${MAX_SCRYPT_COST}, not "${value}"`);
  }
  return cost;
}

export const SCRYPT_PARAMS = { N: 2 ** scryptCost(process.env['SCRYPT_COST']), r: 8, p: 1 } as const;
const KEY_LENGTH = 32;
/** scrypt needs 128·N·r bytes; Node refuses above 32 MiB unless told. Stored hashes above this cost are refused, not run. */
const MAX_MEMORY = 256 * 1024 * 1024;

interface StoredHash {
  readonly N: number;
  readonly r: number;
  readonly p: number;
  readonly salt: Buffer;
  readonly key: Buffer;
}

export function md5Hex(text: string): string {
  return createHash('md5').update(text, 'utf8').digest('hex');
}

/** Stored as `scrypt$N$r$p$salt$key` so the cost can rise later without breaking old hashes. */
export async function hashMd5(md5: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(md5.toLowerCase(), salt, KEY_LENGTH, { ...SCRYPT_PARAMS, maxmem: MAX_MEMORY });
  return ['scrypt', SCRYPT_PARAMS.N, SCRYPT_PARAMS.r, SCRYPT_PARAMS.p, salt.toString('base64'), key.toString('base64')].join('$');
}

function parseStored(stored: string): StoredHash | undefined {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !key) return undefined;
  const params = { N: Number(n), r: Number(r), p: Number(p) };
  if (!Object.values(params).every((value) => Number.isSafeInteger(value) && value > 0)) return undefined;
  return { ...params, salt: Buffer.from(salt, 'base64'), key: Buffer.from(key, 'base64') };
}

export async function verifyMd5(md5: string, stored: string): Promise<boolean> {
  const hash = parseStored(stored);
  if (!hash) return false;
  const actual = await scrypt(md5.toLowerCase(), hash.salt, hash.key.length, { N: hash.N, r: hash.r, p: hash.p, maxmem: MAX_MEMORY });
  return timingSafeEqual(actual, hash.key);
}

/** Login sends the password as typed; it is hashed to MD5 here, then checked like any stored MD5. */
export function verifyPlain(password: string, stored: string): Promise<boolean> {
  return verifyMd5(md5Hex(password), stored);
}

/** True when a stored hash was made at another cost than today's: the next right password stores it again. */
export function needsRehash(stored: string): boolean {
  const hash = parseStored(stored);
  return !hash || hash.N !== SCRYPT_PARAMS.N || hash.r !== SCRYPT_PARAMS.r || hash.p !== SCRYPT_PARAMS.p;
}

/**
 * A stored-hash look-alike at today's cost whose key is random bytes: no password matches it, and making it costs
 * nothing, yet checking against it costs a full scrypt.
 */
const DUMMY_HASH = ['scrypt', SCRYPT_PARAMS.N, SCRYPT_PARAMS.r, SCRYPT_PARAMS.p, randomBytes(16).toString('base64'), randomBytes(KEY_LENGTH).toString('base64')].join('$');

/**
 * Checks a typed password against a user's stored hash or, when there is no such user, against DUMMY_HASH: an unknown
 * user name costs the same time as a known one, so timing tells no names.
 */
export async function verifyPlainOrDummy(password: string, stored: string | undefined): Promise<boolean> {
  const right = await verifyPlain(password, stored ?? DUMMY_HASH);
  return stored !== undefined && right;
}
