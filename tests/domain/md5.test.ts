// The console's MD5 must equal Node's for every input the password form can produce.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { md5Hex } from '../../domain/md5';

const nodeMd5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');

describe('md5Hex', () => {
  it.each([
    ['', 'd41d8cd98f00b204e9800998ecf8427e'],
    ['a', '0cc175b9c0f1b6a831c399e269772661'],
    ['abc', '900150983cd24fb0d6963f7d28e17f72'],
    ['message digest', 'f96b697d7cb7938d525a2f31aaf161d0'],
    ['12345678901234567890123456789012345678901234567890123456789012345678901234567890', '57edf4a22be3c955ac49da2e2107b67a'],
  ])('gives the RFC 1321 test-suite digest of %j', (text, digest) => {
    expect(md5Hex(text)).toBe(digest);
  });

  it('hashes Chinese text and emoji as their UTF-8 bytes', () => {
    for (const text of ['密码', '新密码123', 'pässwörd', '🚚 tank', ' leading and trailing ', 'ߞ', '\ud800 lone surrogate']) {
      expect(md5Hex(text)).toBe(nodeMd5(text));
    }
  });

  it('agrees with Node on every length around the 64-byte block and 56-byte padding edges', () => {
    for (let length = 0; length <= 130; length++) {
      const text = Array.from({ length }, (_, i) => String.fromCharCode(33 + ((i * 7) % 90))).join('');
      expect(md5Hex(text), `length ${length}`).toBe(nodeMd5(text));
    }
  });
});
