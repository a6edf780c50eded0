// MD5 of a text's UTF-8 bytes as lower-case hex: the password change sends the new password this way (shell spec §5).
// Web Crypto has no MD5, and this is a few lines of RFC 1321, so the console carries its own.

/** Per-round left-rotation amounts (RFC 1321 §3.4). */
const SHIFTS = [7, 12, 17, 22, 5, 9, 14, 20, 4, 11, 16, 23, 6, 10, 15, 21] as const;

/** K[i] = floor(|sin(i + 1)| · 2^32). */
const K = Array.from({ length: 64 }, (_, i) => Math.floor(Math.abs(Math.sin(i + 1)) * 2 ** 32) >>> 0);

/** UTF-8 bytes by hand: the domain runs without DOM or Node globals, so TextEncoder is not assumed. */
function utf8(text: string): Uint8Array {
  const bytes: number[] = [];
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    // A lone surrogate is not a character; encode it as U+FFFD as TextEncoder does.
    const point = code >= 0xd800 && code <= 0xdfff ? 0xfffd : code;
    if (point < 0x80) bytes.push(point);
    else if (point < 0x800) bytes.push(0xc0 | (point >> 6), 0x80 | (point & 0x3f));
    else if (point < 0x10000) bytes.push(0xe0 | (point >> 12), 0x80 | ((point >> 6) & 0x3f), 0x80 | (point & 0x3f));
    else bytes.push(0xf0 | (point >> 18), 0x80 | ((point >> 12) & 0x3f), 0x80 | ((point >> 6) & 0x3f), 0x80 | (point & 0x3f));
  }
  return Uint8Array.from(bytes);
}

/** The message padded to a multiple of 64 bytes: 0x80, zeros, then the bit length as 64-bit little endian. */
function padded(bytes: Uint8Array): DataView {
  const length = (((bytes.length + 8) >>> 6) + 1) << 6;
  const buffer = new Uint8Array(length);
  buffer.set(bytes);
  buffer[bytes.length] = 0x80;
  const view = new DataView(buffer.buffer);
  const bits = bytes.length * 8;
  view.setUint32(length - 8, bits >>> 0, true);
  view.setUint32(length - 4, Math.floor(bits / 2 ** 32), true);
  return view;
}

function round(i: number, b: number, c: number, d: number): { f: number; g: number } {
  if (i < 16) return { f: (b & c) | (~b & d), g: i };
  if (i < 32) return { f: (d & b) | (~d & c), g: (5 * i + 1) % 16 };
  if (i < 48) return { f: b ^ c ^ d, g: (3 * i + 5) % 16 };
  return { f: c ^ (b | ~d), g: (7 * i) % 16 };
}

const rotl = (x: number, n: number) => (x << n) | (x >>> (32 - n));

/** Lower-case hex MD5 of `text` encoded as UTF-8, equal to Node's `createHash('md5').update(text, 'utf8')`. */
export function md5Hex(text: string): string {
  const view = padded(utf8(text));
  const state = [0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476];
  for (let offset = 0; offset < view.byteLength; offset += 64) {
    let [a, b, c, d] = state as [number, number, number, number];
    for (let i = 0; i < 64; i++) {
      const { f, g } = round(i, b, c, d);
      const sum = (a + f + (K[i] ?? 0) + view.getUint32(offset + g * 4, true)) | 0;
      a = d;
      d = c;
      c = b;
      b = (b + rotl(sum, SHIFTS[(i >>> 4) * 4 + (i % 4)] ?? 0)) | 0;
    }
    state[0] = ((state[0] ?? 0) + a) | 0;
    state[1] = ((state[1] ?? 0) + b) | 0;
    state[2] = ((state[2] ?? 0) + c) | 0;
    state[3] = ((state[3] ?? 0) + d) | 0;
  }
  const out = new DataView(new ArrayBuffer(16));
  state.forEach((word, i) => out.setUint32(i * 4, word, true));
  return Array.from(new Uint8Array(out.buffer), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
