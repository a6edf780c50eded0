// A master-data export as the export worker builds it (server/exports/): the list as the grid shows it (a company by
// its name, a choice and the status by their labels) in the report export's sheet (server/reports/xlsx-sheet.ts), the
// same rows and order as the list, at most 10,000 of them (more are refused: narrow the search).
import type { LocaleKey } from '../../domain/i18n';
import { isStamped, type EntityDef, type EntityField } from '../../domain/screens/entities/definition';
import { entityFor } from '../../domain/screens/entities/registry';
import { ENTITY_CELL_FORMATS, ENTITY_STATUS_LABELS, optionLabels } from '../../domain/screens/entities/transfer-cells';
import { TRANSFER_LIMITS } from '../../domain/screens/entities/transfer';
import type { EntityRow } from '../../domain/screens/entities/wire';
import type { ReportColumn } from '../../domain/screens/reports/definition';
import type { ReportRow } from '../../domain/screens/reports/wire';
import { scopedFrom } from '../auth/company-scope';
import type { Db } from '../db/open';
import type { BuiltExport, EntityJob, WorkerDb } from '../exports/export-jobs';
import { textSafeWorkbookWriter } from '../http/xlsx-text';
import { writeRows, type SheetColumn } from '../reports/xlsx-sheet';
import { listPage } from './entity-list';
import { entityDb, isNumberField } from './entity-table';

/** The row's own columns a list shows after its fields, with their formats. */
const META_COLUMNS: readonly Pick<ReportColumn, 'key' | 'labelKey' | 'format' | 'options'>[] = [
  { key: 'status', labelKey: 'entity.status', format: 'enum', options: ENTITY_STATUS_LABELS },
  { key: 'modifiedBy', labelKey: 'entity.modifiedBy', format: 'text' },
  { key: 'modifiedAt', labelKey: 'entity.modifiedAt', format: 'dateTime' },
];

/**
 * A list column as the report sheet writes it. The sheet reads a column's key, format and options; the value source
 * is the report engine's and says here only that the server computed the cell.
 */
function sheetColumn(column: Pick<ReportColumn, 'key' | 'labelKey' | 'format' | 'options'>, number: boolean, header: string): SheetColumn {
  return { column: { ...column, value: { from: 'computed', field: column.key, type: number ? 'number' : 'text' } }, header };
}

function fieldColumn(field: EntityField, header: string): SheetColumn {
  const options = field.type === 'select' ? { options: optionLabels(field) } : {};
  const labelKey: LocaleKey = field.labelKey;
  return sheetColumn({ key: field.key, labelKey, format: ENTITY_CELL_FORMATS[field.type], ...options }, isNumberField(field), header);
}

/** The sheet's columns in the posted order, or the first posted field the list does not show. */
export function exportColumns(def: EntityDef, fields: readonly string[], headers: readonly string[]): SheetColumn[] | string {
  const columns: SheetColumn[] = [];
  for (const [index, key] of fields.entries()) {
    const header = headers[index] ?? key;
    const field = def.fields.find((candidate) => candidate.key === key && candidate.list === true);
    // A record without status or version has no such columns to export.
    const meta = isStamped(def) ? META_COLUMNS.find((candidate) => candidate.key === key) : undefined;
    if (field) columns.push(fieldColumn(field, header));
    else if (meta) columns.push(sheetColumn(meta, key === 'modifiedAt', header));
    else return key;
  }
  return columns;
}

/** Names of the caller's companies among those the rows name: a company cell shows its name, as the list does. */
async function companyNames(db: Db, def: EntityDef, rows: readonly EntityRow[], companyCodes: readonly string[]): Promise<ReadonlyMap<string, string>> {
  const keys = def.fields.filter((field) => field.type === 'company').map((field) => field.key);
  const named = new Set<string>();
  for (const row of rows) for (const key of keys) {
    const code = row.values[key];
    if (typeof code === 'string') named.add(code);
  }
  if (named.size === 0) return new Map();
  const found = await scopedFrom(db, companyCodes, 'company').select(['code', 'name']).where('code', 'in', [...named]).execute();
  return new Map(found.map((company) => [company.code, company.name]));
}

/** A list row as the sheet reads it (its place as the report row's id): values, status and last change; a company by its name. */
function sheetRow(def: EntityDef, row: EntityRow, place: number, names: ReadonlyMap<string, string>): ReportRow {
  const values: Record<string, string | number | null> = { ...row.values, status: row.status, modifiedBy: row.modifiedBy, modifiedAt: row.modifiedAt };
  for (const field of def.fields) {
    const code = row.values[field.key];
    if (field.type === 'company' && typeof code === 'string') values[field.key] = names.get(code) ?? code;
  }
  return { ...values, id: place };
}

export async function buildEntityExport({ db }: WorkerDb, job: EntityJob): Promise<BuiltExport> {
  const def = entityFor(job.path);
  if (!def) throw new Error(`no entity ${job.path}`);
  const columns = exportColumns(def, job.fields, job.headers);
  if (typeof columns === 'string') throw new Error(`no column ${columns} in ${job.path}`);
  const page = await listPage(entityDb(db), def, job.companyCodes, job.query, job.superMan);
  if (page.total > TRANSFER_LIMITS.exportRows) {
    return { kind: 'refused', refusal: { resultCode: 400, key: 'entityTransfer.tooManyToExport', values: { max: TRANSFER_LIMITS.exportRows } } };
  }
  const names = await companyNames(db, def, page.rows, job.companyCodes);
  const rows = page.rows.map((row, place) => sheetRow(def, row, place, names));
  return { kind: 'sheet', write: (stream, pace) => writeRows(textSafeWorkbookWriter(stream), columns, rows, job.lang, pace) };
}
