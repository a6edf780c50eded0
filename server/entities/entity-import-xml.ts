// One part's XML read as a stream of events (saxes), with what the parser may buffer bounded: no DOCTYPE (so no entity
// of our own to expand), and no text, comment or attribute longer than a cell can be. A reader stops the stream as soon
// as it has what it needs.
import { SaxesParser } from 'saxes';
import { CELL_TEXT_MAX, XML_PENDING_MAX } from './entity-import-limits';
import { FileRefused, unreadable } from './entity-import-refused';

export type Attributes = Readonly<Record<string, string>>;

export interface XmlReader {
  /** An element opened; its name without a namespace prefix (`x:row` is `row`). */
  open(name: string, attributes: Attributes): void;
  close(name: string): void;
  text(text: string): void;
  /** True once the reader needs no more of the part: the rest is neither inflated nor parsed. */
  done(): boolean;
}

export const cellTooLong = (): FileRefused => new FileRefused('entityTransfer.fileProblem.cellTooLong', { max: CELL_TEXT_MAX });

const localName = (name: string): string => name.slice(name.indexOf(':') + 1);

/**
 * The text as a string of its own. saxes hands text out as slices of the chunk it parses, and V8 keeps a slice's
 * whole parent alive: kept as is, a few short cells would hold every chunk of the part they came from.
 */
export function detached(text: string): string {
  // V8 copies strings shorter than its smallest slice (13 characters) anyway.
  return text.length < 13 ? text : Buffer.from(text, 'utf16le').toString('utf16le');
}

/** An attribute by its name without a prefix (`r:id` as `id`). */
export function attribute(attributes: Attributes, name: string): string | undefined {
  if (name in attributes) return attributes[name];
  for (const [key, value] of Object.entries(attributes)) if (localName(key) === name) return value;
  return undefined;
}

export async function readXml(chunks: AsyncIterable<string>, reader: XmlReader): Promise<void> {
  const parser = new SaxesParser();
  /** Characters handed to the parser since its last tag: what it may be holding as one text or attribute. */
  let pending = 0;
  // A chunk is parsed whole: the events after the reader is done, in the rest of it, are not its.
  parser.on('opentag', (tag) => {
    pending = 0;
    if (!reader.done()) reader.open(localName(tag.name), tag.attributes as Attributes);
  });
  parser.on('closetag', (tag) => {
    pending = 0;
    if (!reader.done()) reader.close(localName(tag.name));
  });
  parser.on('text', (text) => reader.done() || reader.text(text));
  parser.on('cdata', (text) => reader.done() || reader.text(text));
  parser.on('doctype', () => {
    throw unreadable();
  });
  for await (const chunk of chunks) {
    pending += chunk.length;
    try {
      parser.write(chunk);
    } catch (error) {
      // saxes throws a plain Error for XML that is not well formed; a reader's own refusal passes through.
      throw error instanceof FileRefused ? error : unreadable();
    }
    if (pending > XML_PENDING_MAX) throw cellTooLong();
    // Leaving the loop ends the part's generator, which stops its inflater.
    if (reader.done()) return;
  }
  try {
    parser.close();
  } catch {
    throw unreadable();
  }
}

/**
 * Collects the text of a string item (`<si>` of the shared strings, `<is>` of an inline string): its `<t>` runs,
 * rich text joined, phonetic runs (`<rPh>`, furigana) left out as Excel shows them.
 */
export class StringItem {
  private text = '';
  private inT = false;
  private phonetic = 0;

  open(name: string): void {
    if (name === 'rPh') this.phonetic += 1;
    else if (name === 't' && this.phonetic === 0) this.inT = true;
  }

  close(name: string): void {
    if (name === 'rPh') this.phonetic -= 1;
    else if (name === 't') this.inT = false;
  }

  add(text: string): void {
    if (!this.inT) return;
    this.text += text;
    if (this.text.length > CELL_TEXT_MAX) throw cellTooLong();
  }

  /** The item's text, detached from the parsed chunks; the collector is empty again. */
  take(): string {
    const text = detached(this.text);
    this.text = '';
    this.inT = false;
    this.phonetic = 0;
    return text;
  }
}
