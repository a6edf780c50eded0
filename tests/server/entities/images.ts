// Real small images for the photo tests, built from their bytes: a PNG of any size (random pixels, so a large one
// stays large once compressed), a one-pixel grey baseline JPEG and a one-pixel GIF.
import { randomBytes } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import { PNG_SIGNATURE, pngChunk } from '../../../server/http/png';

/** An RGBA PNG of random pixels: width × height × 4 bytes that do not compress. */
export function png(width = 1, height = 1): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8);
  const rowBytes = width * 4 + 1;
  const raw = randomBytes(rowBytes * height);
  // Each scanline starts with its filter type: none.
  for (let row = 0; row < height; row += 1) raw[row * rowBytes] = 0;
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(raw)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * A one-pixel grey baseline JPEG: one 8×8 block whose DC difference is 0 and whose AC coefficients end at once, each
 * Huffman table holding one one-bit code.
 */
export function jpeg(): Buffer {
  const marker = (code: number, body: readonly number[]) => [0xff, code, (body.length + 2) >> 8, (body.length + 2) & 0xff, ...body];
  const oneCode = (tableClass: number) => [tableClass, 1, ...new Array<number>(15).fill(0), 0];
  return Buffer.from([
    0xff, 0xd8,
    ...marker(0xdb, [0, ...new Array<number>(64).fill(1)]),
    ...marker(0xc0, [8, 0, 1, 0, 1, 1, 1, 0x11, 0]),
    ...marker(0xc4, oneCode(0x00)),
    ...marker(0xc4, oneCode(0x10)),
    ...marker(0xda, [1, 1, 0x00, 0, 63, 0]),
    // DC '0', EOB '0', padded with ones.
    0x3f,
    0xff, 0xd9,
  ]);
}

/** A one-pixel GIF89a with a two-colour table. */
export function gif(): Buffer {
  return Buffer.from('R0lGODlhAQABAIAAAAAAAP///ywAAAAAAQABAAACAUwAOw==', 'base64');
}
