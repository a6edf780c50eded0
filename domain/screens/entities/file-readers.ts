// What a file field's reader makes of an uploaded file's text, on both sides: the console shows a refused line or the
// facts before saving, the server reads the file again and writes the facts into the row's read-only fields.
import type { LocalizedText } from '../../i18n';
import { tankTableFacts } from '../../params/tank-table-math';
import { parseTankTable } from '../../params/tank-table';
import type { EntityDef, EntityField, FileReaderName } from './definition';

type FileReading =
  /** The values of the row's read-only fields the file gives, by field key. */
  | { readonly ok: true; readonly values: Readonly<Record<string, string | number>> }
  /** `line` is 1-based (0: the file as a whole); the problem's text names it. */
  | { readonly ok: false; readonly line: number; readonly problem: LocalizedText };

/** Millimetres and litres to one decimal, as the table gives them. */
const round1 = (value: number) => Math.round(value * 10) / 10;

const READERS: Readonly<Record<FileReaderName, (text: string) => FileReading>> = {
  tankTable(text) {
    const parsed = parseTankTable(text);
    if (!parsed.ok) return parsed;
    const facts = tankTableFacts(parsed.table);
    return { ok: true, values: { tankHeight: round1(facts.heightMm), capacity: round1(facts.capacityL), hasTable: '1' } };
  },
};

/** The field's reading of a file's text; a field without a reader takes any file and derives nothing. */
export function readFileText(field: EntityField, text: string): FileReading {
  const reader = field.file?.reader;
  return reader === undefined ? { ok: true, values: {} } : READERS[reader](text);
}

/** Whether the file's content is kept as text (a tank table) rather than bytes. */
export function isTextFile(field: EntityField): boolean {
  return field.file?.storage === 'text';
}

/** The definition's read-only fields a reading may fill: those it names and the definition has. */
export function derivedValues(def: EntityDef, reading: Extract<FileReading, { ok: true }>): Record<string, string | number> {
  return Object.fromEntries(Object.entries(reading.values).filter(([key]) => def.fields.some((field) => field.key === key && field.readOnly === true)));
}
