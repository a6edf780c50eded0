// The uploaded .xlsx as a zip archive, read with yauzl: its central directory read whole before anything is inflated
// (each part's declared sizes, checked before a part is read), then one part's text inflated as a stream that yauzl
// stops the moment it outgrows what the directory declared: a zip may lie about its sizes, the inflater cannot.
import { StringDecoder } from 'node:string_decoder';
import type { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { IMPORT_ENTRIES_MAX } from './entity-import-limits';
import { FileRefused, unreadable } from './entity-import-refused';

/** Deflate's best case is 258 bytes from one 2-bit code: no honest part inflates to more than this per byte. */
const DEFLATE_RATIO_MAX = 1032;
/**
 * Bytes of text handed on at once: one inflater output chunk, about half a millisecond of XML parsing, so other calls
 * wait at most that long for their turn (64 KB made the other users' p99 twice as long in bench:settings).
 */
const CHUNK = 16 * 1024;

/** Anything yauzl or zlib rejects is a damaged or lying archive; our own refusals pass through. */
const asUnreadable = (error: unknown): FileRefused => (error instanceof FileRefused ? error : unreadable());

/** One part of the archive as its central directory declares it. */
export class ZipPart {
  constructor(
    private readonly archive: ZipFile,
    private readonly entry: Entry,
    readonly name: string,
  ) {}

  /** The uncompressed size the central directory declares. */
  get size(): number {
    return this.entry.uncompressedSize;
  }

  /**
   * The part's text, chunk by chunk, as it inflates: never more than CHUNK bytes of it handed on at once. Refused as
   * unreadable the moment it inflates past the size the directory declared (yauzl's validateEntrySizes counts the
   * inflater's output as it comes, and the inflater only runs as its output is read), or if it ends short of it.
   */
  async *text(): AsyncGenerator<string> {
    const stream: Readable = await this.archive.openReadStreamPromise(this.entry).catch((error: unknown) => {
      throw asUnreadable(error);
    });
    const decoder = new StringDecoder('utf8');
    try {
      // A read may join a few of the inflater's chunks (or be a stored part's 64 KB slice): handed on in CHUNKs.
      for await (const bytes of stream as AsyncIterable<Buffer>) {
        for (let at = 0; at < bytes.length; at += CHUNK) {
          yield decoder.write(bytes.subarray(at, at + CHUNK));
          // Other callers' turn between chunks, whether the part is deflated or stored.
          await nextTurn();
        }
      }
    } catch (error) {
      // Only the stream's own errors land here: a reader that stops early returns through `finally`.
      throw asUnreadable(error);
    } finally {
      // Left early (the reader has what it needs, or refused): nothing more is inflated.
      stream.destroy();
    }
    const rest = decoder.end();
    if (rest !== '') yield rest;
  }
}

/** Refused unless a spreadsheet program could have written this entry; read from the central directory alone. */
function checkEntry(entry: Entry): void {
  // Encrypted, or a method no spreadsheet writes (0 stored, 8 deflated).
  if (entry.isEncrypted() || (entry.compressionMethod !== 0 && entry.compressionMethod !== 8)) throw unreadable();
  // Sizes no honest archive declares: a stored part that changes size, a deflated one beyond deflate's ratio.
  const { compressedSize, uncompressedSize } = entry;
  if (entry.compressionMethod === 0 ? uncompressedSize !== compressedSize : uncompressedSize > compressedSize * DEFLATE_RATIO_MAX + 1024) throw unreadable();
}

/**
 * Every part of the archive by name, from its central directory alone (and each part's local header found where the
 * directory says, its data within the file): nothing is inflated until a part's `text()` is read.
 */
export async function zipParts(data: Buffer): Promise<ReadonlyMap<string, ZipPart>> {
  try {
    // Names decoded as UTF-8 as they are written, with no second name from an extra field and no path rules: the
    // parts are looked up by name, never written anywhere.
    const archive = await yauzl.fromBufferPromise(data, { lazyEntries: true, validateEntrySizes: true, decodeStrings: false });
    if (archive.entryCount > IMPORT_ENTRIES_MAX) throw unreadable();
    const parts = new Map<string, ZipPart>();
    for await (const entry of archive.eachEntry()) {
      checkEntry(entry);
      await archive.readLocalFileHeaderPromise(entry, { minimal: true });
      const name = entry.fileNameRaw.toString('utf8');
      // Two parts of one name: which one a reader takes is the classic way to smuggle content past a check.
      if (parts.has(name)) throw unreadable();
      parts.set(name, new ZipPart(archive, entry, name));
    }
    return parts;
  } catch (error) {
    throw asUnreadable(error);
  }
}
