// A truck's tank table (params spec §3.2, §5): the level→volume rows of each compartment, read from and written to the
// uploaded .txt format of docs/tank-tables.md. Interpolation and facts: tank-table-math.ts.
import { COMPARTMENTS_MAX } from '../constants';
import type { LocalizedText } from '../i18n';
import { checkTankTableFile, type UploadFile } from '../validation/upload';

/** Compartments as the console shows them, 1 to COMPARTMENTS_MAX (devices store them from 0). */
export const TANK_COMPARTMENT_MIN = 1;
export const TANK_COMPARTMENT_MAX = COMPARTMENTS_MAX;

export interface TankTableRow {
  readonly levelMm: number;
  readonly volumeL: number;
}

export interface TankCompartmentTable {
  /** 1–10. */
  readonly compartment: number;
  /** At least two rows; level and volume strictly increasing. */
  readonly rows: readonly TankTableRow[];
}

export interface TankTable {
  /** In the order the file gives them. */
  readonly compartments: readonly TankCompartmentTable[];
}

export type TankTableParse =
  | { readonly ok: true; readonly table: TankTable }
  /** `line` is 1-based; 0 when the problem is the file itself (its type or size), not one of its lines. */
  | { readonly ok: false; readonly line: number; readonly problem: LocalizedText };

const HEADER = /^\[\s*compartment\.(\d+)\s*\]$/i;
const NUMBER = /^-?\d+(\.\d+)?$/;

type Refusal = Extract<TankTableParse, { ok: false }>;

function refuse(line: number, key: LocalizedText['key'], values: Record<string, number> = {}): Refusal {
  return { ok: false, line, problem: { key, values: { line, ...values } } };
}

interface OpenCompartment {
  readonly compartment: number;
  readonly headerLine: number;
  readonly rows: TankTableRow[];
}

/** A row's problem, or the row; `previous` is the compartment's last row. */
function readRow(tokens: readonly string[], line: number, previous: TankTableRow | undefined): Refusal | TankTableRow {
  if (tokens.length !== 2 || !tokens.every((token) => NUMBER.test(token))) return refuse(line, 'tankTable.problem.notTwoNumbers');
  const [levelMm, volumeL] = tokens.map(Number) as [number, number];
  if (levelMm < 0 || volumeL < 0) return refuse(line, 'tankTable.problem.negative');
  if (previous && levelMm <= previous.levelMm) return refuse(line, 'tankTable.problem.levelNotIncreasing');
  if (previous && volumeL <= previous.volumeL) return refuse(line, 'tankTable.problem.volumeNotIncreasing');
  return { levelMm, volumeL };
}

/** Closes a compartment: interpolation needs two rows at least (an empty and a full level). */
function close(open: OpenCompartment): Refusal | TankCompartmentTable {
  if (open.rows.length < 2) return refuse(open.headerLine, 'tankTable.problem.tooFewRows', { compartment: open.compartment });
  return { compartment: open.compartment, rows: open.rows };
}

const isRefusal = <T extends object>(value: Refusal | T): value is Refusal => 'ok' in value && value.ok === false;

/**
 * Reads a tank table's text. The first problem found is refused with its 1-based line number, in file order; a
 * compartment with too few rows is named at its `[compartment.N]` line, an empty file at its last line.
 */
export function parseTankTable(text: string): TankTableParse {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const done: TankCompartmentTable[] = [];
  const seen = new Set<number>();
  let open: OpenCompartment | undefined;
  for (const [index, raw] of lines.entries()) {
    const line = index + 1;
    const content = raw.replace(/#.*/, '').trim();
    if (content === '') continue;
    const header = HEADER.exec(content);
    if (header || content.startsWith('[')) {
      const compartment = header ? Number(header[1]) : NaN;
      if (!(compartment >= TANK_COMPARTMENT_MIN && compartment <= TANK_COMPARTMENT_MAX)) return refuse(line, 'tankTable.problem.badCompartment');
      if (seen.has(compartment)) return refuse(line, 'tankTable.problem.duplicateCompartment', { compartment });
      if (open) {
        const closed = close(open);
        if (isRefusal(closed)) return closed;
        done.push(closed);
      }
      seen.add(compartment);
      open = { compartment, headerLine: line, rows: [] };
      continue;
    }
    if (!open) return refuse(line, 'tankTable.problem.rowBeforeCompartment');
    const row = readRow(content.split(/\s*,\s*|\s+/), line, open.rows.at(-1));
    if (isRefusal(row)) return row;
    open.rows.push(row);
  }
  if (!open) return refuse(Math.max(1, lines.length), 'tankTable.problem.noCompartments');
  const closed = close(open);
  if (isRefusal(closed)) return closed;
  return { ok: true, table: { compartments: [...done, closed] } };
}

/**
 * The canonical text of a table: a comment line, then per compartment its header and `level volume` rows, a blank line
 * between compartments. Numbers are written in JavaScript's shortest exact form, so parsing the text gives the table back.
 */
export function writeTankTable(table: TankTable): string {
  const blocks = table.compartments.map(({ compartment, rows }) =>
    [`[compartment.${compartment}]`, ...rows.map((row) => `${row.levelMm} ${row.volumeL}`)].join('\n'));
  return `# level_mm volume_l\n${blocks.join('\n\n')}\n`;
}

/**
 * An uploaded file, checked as §5 asks (txt only, at most 1 MB, by the shared upload rule) and then parsed. The
 * console passes the picked file and its text; the server the received name, byte length and text.
 */
export function readTankTableUpload(file: UploadFile, text: string): TankTableParse {
  const fileProblem = checkTankTableFile(file);
  if (fileProblem) return { ok: false, line: 0, problem: { key: fileProblem } };
  return parseTankTable(text);
}
