// Password storage: scrypt of the MD5 hex the console sends (spec: password change sends MD5), salted per user.
import { createHash, randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const scrypt = (password: string, salt: Buffer, keylen: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scryptCb(password, salt, keylen, options, (error, key) => (error ? reject(error) : resolve(key))),
  );

const PARAMS = { N: 16_384, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;

export function md5Hex(text: string): string {
  return createHash('md5').update(text, 'utf8').digest('hex');
}

export function isMd5Hex(text: unknown): text is string {
  return typeof text === 'string' && /^[0-9a-f]{32}$/i.test(text);
}

/** Stored as `scrypt$N$r$p$salt$key` so the cost can rise later without breaking old hashes. */
export async function hashMd5(md5: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(md5.toLowerCase(), salt, KEY_LENGTH, PARAMS);
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyMd5(md5: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await scrypt(md5.toLowerCase(), Buffer.from(salt, 'base64'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return timingSafeEqual(actual, expected);
}

/** Login sends the password as typed; it is hashed to MD5 here, then checked like any stored MD5. */
export function verifyPlain(password: string, stored: string): Promise<boolean> {
  return verifyMd5(md5Hex(password), stored);
}
