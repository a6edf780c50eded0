// The uploaded .xlsx as a zip archive: its central directory read from the buffer without inflating anything (each
// part's declared sizes, checked before a part is read), and one part's text inflated as a stream that stops the moment
// it outgrows what the directory declared: a zip may lie about its sizes, the inflater cannot.
import { StringDecoder } from 'node:string_decoder';
import { setImmediate as nextTurn } from 'node:timers/promises';
import zlib from 'node:zlib';
import { IMPORT_ENTRIES_MAX } from './entity-import-limits';
import { unreadable } from './entity-import-refused';

export interface ZipPart {
  readonly name: string;
  /** 0 stored, 8 deflated: the only methods a spreadsheet program writes. */
  readonly method: 0 | 8;
  readonly compressedSize: number;
  /** The uncompressed size the central directory declares. */
  readonly size: number;
  /** Where the part's compressed bytes start in the archive. */
  readonly dataStart: number;
}

const SIGNATURE = { local: 0x04034b50, central: 0x02014b50, end: 0x06054b50, end64: 0x06064b50, locator64: 0x07064b50 } as const;
const END_LENGTH = 22;
const MAX_COMMENT = 0xffff;
const CENTRAL_LENGTH = 46;
const LOCAL_LENGTH = 30;
const ZIP64_EXTRA = 0x0001;
const U32_MAX = 0xffffffff;
const U16_MAX = 0xffff;
/** Deflate's best case is 258 bytes from one 2-bit code: no honest part inflates to more than this per byte. */
const DEFLATE_RATIO_MAX = 1032;
/**
 * Bytes of text handed on at once: one inflater output chunk, about half a millisecond of XML parsing, so other calls
 * wait at most that long for their turn (64 KB made the other users' p99 twice as long in bench:settings).
 */
const CHUNK = 16 * 1024;

function u64(data: Buffer, at: number): number {
  const value = data.readBigUInt64LE(at);
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw unreadable();
  return Number(value);
}

/** The end-of-central-directory record, searched from the end past a comment of any length. */
function endRecord(data: Buffer): { entries: number; directoryStart: number; directoryEnd: number } {
  for (let at = data.length - END_LENGTH; at >= Math.max(0, data.length - END_LENGTH - MAX_COMMENT); at -= 1) {
    if (data.readUInt32LE(at) !== SIGNATURE.end) continue;
    let entries = data.readUInt16LE(at + 10);
    let size = data.readUInt32LE(at + 12);
    let start = data.readUInt32LE(at + 16);
    if (data.readUInt16LE(at + 4) !== 0 || data.readUInt16LE(at + 6) !== 0) throw unreadable(); // a split archive
    if (entries === U16_MAX || size === U32_MAX || start === U32_MAX) {
      const locator = at - 20;
      if (locator < 0 || data.readUInt32LE(locator) !== SIGNATURE.locator64) throw unreadable();
      const record = u64(data, locator + 8);
      if (record + 56 > data.length || data.readUInt32LE(record) !== SIGNATURE.end64) throw unreadable();
      entries = u64(data, record + 32);
      size = u64(data, record + 40);
      start = u64(data, record + 48);
    }
    if (start + size > data.length) throw unreadable();
    return { entries, directoryStart: start, directoryEnd: start + size };
  }
  throw unreadable();
}

/** The ZIP64 extra field's values, in its order, for the 32-bit fields set to their maximum. */
function zip64Sizes(data: Buffer, extraStart: number, extraEnd: number, wanted: { size: boolean; compressed: boolean; offset: boolean }) {
  for (let at = extraStart; at + 4 <= extraEnd; ) {
    const id = data.readUInt16LE(at);
    const length = data.readUInt16LE(at + 2);
    if (id === ZIP64_EXTRA) {
      let field = at + 4;
      const next = (): number => {
        if (field + 8 > at + 4 + length) throw unreadable();
        const value = u64(data, field);
        field += 8;
        return value;
      };
      return { size: wanted.size ? next() : undefined, compressed: wanted.compressed ? next() : undefined, offset: wanted.offset ? next() : undefined };
    }
    at += 4 + length;
  }
  throw unreadable();
}

function partAt(data: Buffer, at: number, end: number): { part: ZipPart; next: number } {
  if (at + CENTRAL_LENGTH > end || data.readUInt32LE(at) !== SIGNATURE.central) throw unreadable();
  const flags = data.readUInt16LE(at + 8);
  const method = data.readUInt16LE(at + 10);
  let compressedSize = data.readUInt32LE(at + 20);
  let size = data.readUInt32LE(at + 24);
  const nameLength = data.readUInt16LE(at + 28);
  const extraLength = data.readUInt16LE(at + 30);
  const commentLength = data.readUInt16LE(at + 32);
  let offset = data.readUInt32LE(at + 42);
  const nameEnd = at + CENTRAL_LENGTH + nameLength;
  const next = nameEnd + extraLength + commentLength;
  if (next > end) throw unreadable();
  // Encrypted (bit 0), or a method no spreadsheet writes.
  if ((flags & 1) !== 0 || (method !== 0 && method !== 8)) throw unreadable();
  if (size === U32_MAX || compressedSize === U32_MAX || offset === U32_MAX) {
    const wide = zip64Sizes(data, nameEnd, nameEnd + extraLength, { size: size === U32_MAX, compressed: compressedSize === U32_MAX, offset: offset === U32_MAX });
    size = wide.size ?? size;
    compressedSize = wide.compressed ?? compressedSize;
    offset = wide.offset ?? offset;
  }
  // Sizes no honest archive declares: a stored part that changes size, a deflated one beyond deflate's ratio.
  if (method === 0 ? size !== compressedSize : size > compressedSize * DEFLATE_RATIO_MAX + 1024) throw unreadable();
  if (offset + LOCAL_LENGTH > data.length || data.readUInt32LE(offset) !== SIGNATURE.local) throw unreadable();
  const dataStart = offset + LOCAL_LENGTH + data.readUInt16LE(offset + 26) + data.readUInt16LE(offset + 28);
  if (dataStart + compressedSize > data.length) throw unreadable();
  const name = data.toString('utf8', at + CENTRAL_LENGTH, nameEnd);
  return { part: { name, method, compressedSize, size, dataStart }, next };
}

/** Every part of the archive by name, from its central directory alone. */
export function zipParts(data: Buffer): ReadonlyMap<string, ZipPart> {
  if (data.length < END_LENGTH) throw unreadable();
  const { entries, directoryStart, directoryEnd } = endRecord(data);
  if (entries > IMPORT_ENTRIES_MAX) throw unreadable();
  const parts = new Map<string, ZipPart>();
  let at = directoryStart;
  for (let index = 0; index < entries; index += 1) {
    const { part, next } = partAt(data, at, directoryEnd);
    // Two parts of one name: which one a reader takes is the classic way to smuggle content past a check.
    if (parts.has(part.name)) throw unreadable();
    parts.set(part.name, part);
    at = next;
  }
  return parts;
}

async function* storedChunks(bytes: Buffer): AsyncGenerator<Buffer> {
  for (let at = 0; at < bytes.length; at += CHUNK) {
    yield bytes.subarray(at, at + CHUNK);
    // Other callers' turn between chunks, as the inflater's thread pool gives it for a deflated part.
    await nextTurn();
  }
}

async function* inflatedChunks(bytes: Buffer): AsyncGenerator<Buffer> {
  const inflater = zlib.createInflateRaw({ chunkSize: CHUNK });
  inflater.end(bytes);
  try {
    for await (const chunk of inflater) {
      yield chunk as Buffer;
      await nextTurn();
    }
  } catch (error) {
    if (error instanceof Error && 'errno' in error) throw unreadable();
    throw error;
  } finally {
    // Left early (the reader has what it needs, or refused): nothing more is inflated.
    inflater.destroy();
  }
}

/**
 * A part's text, chunk by chunk, as it inflates: never more than CHUNK bytes of it at once in memory. Refused as
 * unreadable the moment it inflates past the size the directory declared, or if it ends short of it.
 */
export async function* partText(data: Buffer, part: ZipPart): AsyncGenerator<string> {
  const bytes = data.subarray(part.dataStart, part.dataStart + part.compressedSize);
  const decoder = new StringDecoder('utf8');
  let inflated = 0;
  for await (const chunk of part.method === 0 ? storedChunks(bytes) : inflatedChunks(bytes)) {
    inflated += chunk.length;
    if (inflated > part.size) throw unreadable();
    yield decoder.write(chunk);
  }
  if (inflated !== part.size) throw unreadable();
  const rest = decoder.end();
  if (rest !== '') yield rest;
}
