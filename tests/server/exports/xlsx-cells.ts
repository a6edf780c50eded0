// The cells of an .xlsx as a spreadsheet program reads them from the file's XML: each cell's type (`t`), the cell format
// its style points at (number format id, quotePrefix), whether it holds a formula, and its text (shared strings resolved).
import JSZip from 'jszip';

export interface XlsxCell {
  readonly sheet: string;
  readonly ref: string;
  /** The `t` attribute: `s` shared string, `inlineStr`, `str` (a formula's text result), `n`, `b`, `e`. */
  readonly type: string;
  readonly numFmtId: number;
  readonly quotePrefix: boolean;
  readonly formula: boolean;
  /** The string a text cell holds, or the raw `<v>` of any other. */
  readonly text: string;
}

const ENTITIES: Readonly<Record<string, string>> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function unescape(xml: string): string {
  return xml.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X')) return String.fromCodePoint(parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
    return ENTITIES[name] ?? whole;
  });
}

function attribute(tag: string, name: string): string | undefined {
  return new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
}

/** The concatenated `<t>` runs of a string item (plain or rich text). */
function runs(xml: string): string {
  return [...xml.matchAll(/<t(?:\s[^>]*)?>([\s\S]*?)<\/t>/g)].map((match) => unescape(match[1] ?? '')).join('');
}

/** Every cell of every sheet, with the sheets named as the workbook names them. */
export async function xlsxCells(file: Uint8Array): Promise<XlsxCell[]> {
  const zip = await JSZip.loadAsync(file);
  const part = async (name: string) => (await zip.file(name)?.async('string')) ?? '';
  const shared = [...(await part('xl/sharedStrings.xml')).matchAll(/<si>([\s\S]*?)<\/si>/g)].map((match) => runs(match[1] ?? ''));
  const cellXfs = /<cellXfs[^>]*>([\s\S]*?)<\/cellXfs>/.exec(await part('xl/styles.xml'))?.[1] ?? '';
  const formats = [...cellXfs.matchAll(/<xf\b[^>]*>/g)].map((match) => ({
    numFmtId: Number(attribute(match[0], 'numFmtId') ?? 0),
    quotePrefix: attribute(match[0], 'quotePrefix') === '1',
  }));
  const workbook = await part('xl/workbook.xml');
  const rels = await part('xl/_rels/workbook.xml.rels');
  const cells: XlsxCell[] = [];
  for (const sheetTag of workbook.match(/<sheet\b[^>]*>/g) ?? []) {
    const name = unescape(attribute(sheetTag, 'name') ?? '');
    const relId = attribute(sheetTag, 'r:id');
    const relTag = (rels.match(/<Relationship\b[^>]*>/g) ?? []).find((tag) => attribute(tag, 'Id') === relId) ?? '';
    const target = (attribute(relTag, 'Target') ?? '').replace(/^\/?(xl\/)?/, '');
    const xml = await part(`xl/${target}`);
    for (const match of xml.matchAll(/<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)) {
      const tag = match[1] ?? '';
      const body = match[2] ?? '';
      const type = attribute(tag, 't') ?? 'n';
      const format = formats[Number(attribute(tag, 's') ?? 0)] ?? { numFmtId: 0, quotePrefix: false };
      const value = unescape(/<v>([\s\S]*?)<\/v>/.exec(body)?.[1] ?? '');
      const text = type === 's' ? (shared[Number(value)] ?? '') : type === 'inlineStr' ? runs(body) : value;
      cells.push({ sheet: name, ref: attribute(tag, 'r') ?? '', type, ...format, formula: /<f[\s>/]/.test(body), text });
    }
  }
  return cells;
}

/** A text cell no spreadsheet program evaluates: a string (never a formula or its result), formatted as Text, quote-prefixed. */
export function isMarkedText(cell: XlsxCell): boolean {
  return (cell.type === 's' || cell.type === 'inlineStr') && !cell.formula && cell.numFmtId === 49 && cell.quotePrefix;
}
