// The workbook parts an import needs besides its sheet, each streamed: which sheet is first visible and where its part
// is (workbook.xml and its relationships), which cell styles are dates (styles.xml), and the shared strings, kept
// within the file's text budget.
import path from 'node:path';
import { IMPORT_TEXT_BYTES, TEXT_COST_PER_STRING } from './entity-import-limits';
import { FileRefused, unreadable } from './entity-import-refused';
import type { ZipPart } from './entity-import-zip';
import { attribute, readXml, StringItem, type Attributes, type XmlReader } from './entity-import-xml';

/** What a file may keep of its text while it is read; refused once spent. */
export class TextBudget {
  private spent = 0;

  /** Counts a string kept: its own text, or '' for one kept already (a shared string in a cell). */
  spend(text: string): void {
    const wide = /[\u0100-\uffff]/.test(text);
    this.spent += text.length * (wide ? 2 : 1) + TEXT_COST_PER_STRING;
    if (this.spent > IMPORT_TEXT_BYTES) throw new FileRefused('entityTransfer.fileProblem.tooMuchText', { mb: IMPORT_TEXT_BYTES / (1024 * 1024) });
  }
}

/** Reads a part with a reader that needs every element: `done` never stops it early. */
function whole(handlers: Partial<Omit<XmlReader, 'done'>>): XmlReader {
  return { open: () => undefined, close: () => undefined, text: () => undefined, ...handlers, done: () => false };
}

interface BookLayout {
  /** Dates are counted from 1904 (a Mac workbook's option), not 1900. */
  readonly date1904: boolean;
  /** The relationship id of the first visible sheet (the first sheet when all are hidden). */
  readonly sheetId: string;
}

export async function readLayout(part: ZipPart): Promise<BookLayout> {
  let date1904 = false;
  const sheets: { id: string; visible: boolean }[] = [];
  await readXml(part.text(), whole({
    open(name, attributes) {
      if (name === 'workbookPr') date1904 = ['1', 'true'].includes(attributes['date1904'] ?? '');
      if (name === 'sheet') {
        const id = attribute(attributes, 'id');
        if (id !== undefined) sheets.push({ id, visible: (attributes['state'] ?? 'visible') === 'visible' });
      }
    },
  }));
  const sheet = sheets.find((candidate) => candidate.visible) ?? sheets[0];
  if (!sheet) throw unreadable();
  return { date1904, sheetId: sheet.id };
}

interface BookParts {
  /** Part name by relationship id. */
  readonly byId: ReadonlyMap<string, string>;
  readonly sharedStrings: string | undefined;
  readonly styles: string | undefined;
}

/** A relationship's target as a part name: relative to the workbook's folder, or from the root when it starts with /. */
function partName(base: string, target: string): string {
  return target.startsWith('/') ? target.slice(1) : path.posix.normalize(path.posix.join(path.posix.dirname(base), target));
}

export async function readRelationships(part: ZipPart, workbookName: string): Promise<BookParts> {
  const byId = new Map<string, string>();
  let sharedStrings: string | undefined;
  let styles: string | undefined;
  await readXml(part.text(), whole({
    open(name, attributes: Attributes) {
      if (name !== 'Relationship' || attributes['TargetMode'] === 'External') return;
      const { Id: id, Target: target, Type: type = '' } = attributes;
      if (id === undefined || target === undefined) return;
      const resolved = partName(workbookName, target);
      byId.set(id, resolved);
      if (type.endsWith('/sharedStrings')) sharedStrings = resolved;
      if (type.endsWith('/styles')) styles = resolved;
    },
  }));
  return { byId, sharedStrings, styles };
}

/** Excel's built-in number formats that show a date or a time (ECMA-376 §18.8.30, and the East Asian ones). */
const BUILT_IN_DATE_FORMATS = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51, 52, 53, 54, 55, 56, 57, 58]);

/** A format code that shows a date: a date or time letter outside quoted text and [brackets] (exceljs's rule). */
function isDateFormat(code: string): boolean {
  return /[ymdhMsb]/.test(code.replace(/\[[^\]]*]/g, '').replace(/"[^"]*"/g, ''));
}

/** For each cell style (a cell's `s`), whether its number shows a date. */
export async function readDateStyles(part: ZipPart): Promise<readonly boolean[]> {
  const custom = new Map<number, string>();
  const formats: number[] = [];
  let inCellXfs = false;
  await readXml(part.text(), whole({
    open(name, attributes) {
      if (name === 'numFmt') custom.set(Number(attributes['numFmtId']), attributes['formatCode'] ?? '');
      else if (name === 'cellXfs') inCellXfs = true;
      else if (name === 'xf' && inCellXfs) formats.push(Number(attributes['numFmtId'] ?? 0));
    },
    close(name) {
      if (name === 'cellXfs') inCellXfs = false;
    },
  }));
  return formats.map((id) => {
    const code = custom.get(id);
    return code === undefined ? BUILT_IN_DATE_FORMATS.has(id) : isDateFormat(code);
  });
}

export async function readSharedStrings(part: ZipPart, budget: TextBudget): Promise<readonly string[]> {
  const strings: string[] = [];
  const item = new StringItem();
  await readXml(part.text(), whole({
    open: (name) => item.open(name),
    close(name) {
      if (name !== 'si') return item.close(name);
      const text = item.take();
      budget.spend(text);
      strings.push(text);
    },
    text: (text) => item.add(text),
  }));
  return strings;
}
