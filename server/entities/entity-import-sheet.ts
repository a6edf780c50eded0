// A worksheet's rows read as its part inflates, one `<row>` at a time: each kept cell as the text a user sees (a shared
// or inline string, a number as JavaScript writes it, a date-styled number as yyyy-MM-dd, a formula's cached result),
// handed to a sink that says which cells it keeps and when it has read enough.
import type { TextBudget } from './entity-import-book';
import { CELL_TEXT_MAX } from './entity-import-limits';
import { unreadable } from './entity-import-refused';
import { cellTooLong, detached, readXml, StringItem } from './entity-import-xml';

interface SheetContext {
  readonly strings: readonly string[];
  /** Whether each cell style (`s`) shows a date. */
  readonly dateStyles: readonly boolean[];
  readonly date1904: boolean;
  readonly budget: TextBudget;
}

export interface RowSink {
  /** Whether a cell of this column is kept in this row. */
  keeps(row: number, column: number): boolean;
  /** One `<row>` of the sheet (empty ones too), its kept non-empty cells by column; true once no more rows are needed. */
  row(row: number, cells: ReadonlyMap<number, string>): boolean;
}

/** Excel's last row and column (XFD). */
const MAX_ROW = 1_048_576;
const MAX_COLUMN = 16_384;
const DAY_MS = 86_400_000;
/** Days from Excel's 1900 epoch to 1970-01-01, and between the 1900 and 1904 systems. */
const UNIX_EPOCH_DAY = 25_569;
const DAYS_1900_TO_1904 = 1_462;

/** `AB12` → 28. */
function columnOf(reference: string): number {
  let column = 0;
  let at = 0;
  for (; at < reference.length; at += 1) {
    const code = reference.charCodeAt(at);
    if (code < 65 || code > 90) break;
    column = column * 26 + code - 64;
  }
  if (at === 0 || column > MAX_COLUMN) throw unreadable();
  return column;
}

function rowOf(text: string): number {
  const row = Number(text);
  if (!Number.isInteger(row) || row < 1 || row > MAX_ROW) throw unreadable();
  return row;
}

/** A date as the import reads a day: yyyy-MM-dd, with the time only when it has one (Excel keeps wall-clock time). */
function dateText(date: Date): string {
  if (Number.isNaN(date.getTime())) return '';
  return date.toISOString().replace(/T00:00:00\.000Z$/, '').replace('T', ' ').replace(/\.\d{3}Z$/, '');
}

interface OpenCell {
  readonly column: number;
  /** `t`: s shared string, inlineStr, str formula text, b boolean, e error, d ISO date, n (or none) number. */
  readonly type: string;
  readonly style: number;
  readonly kept: boolean;
}

function cellValue(cell: OpenCell, value: string, inline: string, context: SheetContext): string {
  switch (cell.type) {
    case 's':
      return context.strings[Number(value)] ?? '';
    case 'inlineStr':
      return inline;
    case 'str':
      return detached(value);
    case 'b':
      return value.trim() === '1' ? 'true' : 'false';
    case 'e':
      // An error (#N/A) is no text the user typed.
      return '';
    case 'd':
      return value.trim() === '' ? '' : dateText(new Date(value.trim()));
    default: {
      if (value.trim() === '') return '';
      const number = Number.parseFloat(value);
      if (Number.isNaN(number)) return '';
      if (context.dateStyles[cell.style] !== true) return String(number);
      return dateText(new Date(Math.round((number - UNIX_EPOCH_DAY + (context.date1904 ? DAYS_1900_TO_1904 : 0)) * DAY_MS)));
    }
  }
}

export async function readRows(chunks: AsyncIterable<string>, context: SheetContext, sink: RowSink): Promise<void> {
  let inSheetData = false;
  let stopped = false;
  let row = 0;
  let column = 0;
  let cells = new Map<number, string>();
  let cell: OpenCell | undefined;
  let inValue = false;
  let inInline = false;
  let value = '';
  const inline = new StringItem();

  await readXml(chunks, {
    open(name, attributes) {
      if (name === 'sheetData') inSheetData = true;
      if (!inSheetData) return;
      if (name === 'row') {
        // `r` may be left out: the row after the previous one.
        row = attributes['r'] === undefined ? row + 1 : rowOf(attributes['r']);
        column = 0;
        cells = new Map();
      } else if (name === 'c') {
        column = attributes['r'] === undefined ? column + 1 : columnOf(attributes['r']);
        cell = { column, type: attributes['t'] ?? 'n', style: Number(attributes['s'] ?? 0), kept: sink.keeps(row, column) };
        value = '';
      } else if (name === 'v') inValue = true;
      else if (name === 'is') inInline = true;
      else if (inInline) inline.open(name);
    },
    text(text) {
      if (!cell?.kept) return;
      if (inValue) {
        value += text;
        if (value.length > CELL_TEXT_MAX) throw cellTooLong();
      } else if (inInline) inline.add(text);
    },
    close(name) {
      if (!inSheetData) return;
      if (name === 'v') inValue = false;
      else if (name === 'is') inInline = false;
      else if (inInline) inline.close(name);
      else if (name === 'c' && cell) {
        const text = inline.take();
        if (cell.kept) {
          const kept = cellValue(cell, value, text, context);
          // A shared string is kept already (and counted); any other text is the file's to pay for.
          if (kept !== '') {
            context.budget.spend(cell.type === 's' ? '' : kept);
            cells.set(cell.column, kept);
          }
        }
        cell = undefined;
      } else if (name === 'row') stopped = sink.row(row, cells);
      else if (name === 'sheetData') stopped = true;
    },
    done: () => stopped,
  });
}
