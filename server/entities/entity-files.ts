// A file field's upload as a save receives it (docs/device-param-screens.md): the base64 content of the form checked
// again by name and size, decoded into the bytes or the text its column keeps, read by the field's reader (a tank
// table refused at its line), and the read-only fields the file gives (its size, a tank table's facts).
import { fileFieldOf, type EntityDef } from '../../domain/screens/entities/definition';
import { derivedValues, isTextFile, readFileText } from '../../domain/screens/entities/file-readers';
import { fileContentKey, fileMaxBytes, fileProblem, stripBase64, type EntityInput, type FieldProblem } from '../../domain/screens/entities/validate';
import type { Cell } from './entity-table';

/** What a save writes for its file: the name, content and size columns, and the derived fields. */
export interface FileColumns {
  /** Cells of the row's fields (the name, the size, the facts), as the rest of the save's values. */
  readonly values: Record<string, Cell>;
  /** The content column, bytes or text: kept apart, a Buffer is no cell the engine otherwise handles. */
  readonly content: Record<string, Buffer | string>;
}

type FileRead = { readonly kind: 'none' } | { readonly kind: 'read'; readonly columns: FileColumns } | { readonly kind: 'refused'; readonly problem: FieldProblem };

const NONE: FileRead = { kind: 'none' };

/** Strict UTF-8: a text file that is not (a binary renamed .txt) is refused rather than read with replacement marks. */
const UTF8 = new TextDecoder('utf-8', { fatal: true });

/** The input's file, read; `none` when the form sent no content (an edit keeping the stored file). */
export function readFileInput(def: EntityDef, input: EntityInput): FileRead {
  const field = fileFieldOf(def);
  const encoded = field && stripBase64(input[fileContentKey(field)]);
  if (!field?.file || encoded === undefined || encoded === '') return NONE;
  const name = (input[field.key] ?? '').trim();
  const bytes = Buffer.from(encoded, 'base64');
  // entityProblems checked the size the base64 gives; the decoded bytes are what counts.
  const sizeProblem = fileProblem(field, { name, size: bytes.length });
  if (sizeProblem) return { kind: 'refused', problem: sizeProblem };
  let text = '';
  if (isTextFile(field) || field.file.reader !== undefined) {
    try {
      text = UTF8.decode(bytes);
    } catch {
      return { kind: 'refused', problem: { field: field.key, key: 'deviceEntity.file.unreadable' } };
    }
  }
  const reading = readFileText(field, text);
  if (!reading.ok) return { kind: 'refused', problem: { field: field.key, key: reading.problem.key, params: reading.problem.values } };
  const values: Record<string, Cell> = { [field.key]: name, ...derivedValues(def, reading) };
  if (field.file.sizeField !== undefined) values[field.file.sizeField] = bytes.length;
  return { kind: 'read', columns: { values, content: { [field.file.contentColumn]: isTextFile(field) ? text : bytes } } };
}

/** The request body a definition's save may carry: its file's largest size in base64 and form encoding, with room for the other fields. */
export function saveBodyLimit(def: EntityDef): number | undefined {
  const field = fileFieldOf(def);
  if (!field) return undefined;
  // Twice the limit, so a file somewhat too large is told the rule's message rather than the framework's 413;
  // base64 is 4/3 of the bytes and its '+', '/' and '=' take three characters each in a form.
  return Math.ceil(fileMaxBytes(field) * 2 * (4 / 3) * 1.5) + 64 * 1024;
}
