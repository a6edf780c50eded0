// The export of a master-data list (spec params §7): the console posts its search plus headers, fields, language and
// fileName; the answer is the list as the grid shows it (a company by its name, a choice and the status by their
// labels) in the report export's sheet (server/reports/xlsx-sheet.ts), the same rows and order as the list, at most
// 10,000 of them (more are refused: narrow the search).
import { PassThrough } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { toLang, type LocaleKey } from '../../src/domain/i18n';
import { isStamped, type EntityDef, type EntityField } from '../../src/domain/screens/entities/definition';
import { ENTITY_CELL_FORMATS, ENTITY_STATUS_LABELS, optionLabels } from '../../src/domain/screens/entities/transfer-cells';
import { TRANSFER_LIMITS } from '../../src/domain/screens/entities/transfer';
import type { EntityRow } from '../../src/domain/screens/entities/wire';
import type { ReportColumn } from '../../src/domain/screens/reports/definition';
import type { ReportRow } from '../../src/domain/screens/reports/wire';
import { authOf } from '../auth/guard';
import type { Db } from '../db/open';
import { failText } from '../envelope';
import { textSafeWorkbookWriter } from '../http/xlsx-text';
import { contentDisposition, XLSX_TYPE } from '../http/xlsx-attachment';
import { writeRows, type SheetColumn } from '../reports/xlsx-sheet';
import { field as schemaField } from '../routes/plugin';
import type { Services } from '../services';
import { listPage, listProblem, listQuerySchema, type EntityListQuery } from './entity-list';
import { entityDb, isNumberField } from './entity-table';

export interface EntityExportBody extends Omit<EntityListQuery, 'page' | 'size'> {
  readonly headers: string;
  readonly fields: string;
  readonly language?: string;
  readonly fileName?: string;
}

/** The row's own columns a list shows after its fields, with their formats. */
const META_COLUMNS: readonly Pick<ReportColumn, 'key' | 'labelKey' | 'format' | 'options'>[] = [
  { key: 'status', labelKey: 'entity.status', format: 'enum', options: ENTITY_STATUS_LABELS },
  { key: 'modifiedBy', labelKey: 'entity.modifiedBy', format: 'text' },
  { key: 'modifiedAt', labelKey: 'entity.modifiedAt', format: 'dateTime' },
];

/** The export form's schema: the list's search and order (no page: every row), and the export's own fields. */
export function exportBodySchema(def: EntityDef): object {
  const { properties } = listQuerySchema(def) as { readonly properties: Readonly<Record<string, object>> };
  const filters = Object.fromEntries(Object.entries(properties).filter(([key]) => key !== 'page' && key !== 'size'));
  return {
    type: 'object',
    required: ['headers', 'fields'],
    properties: {
      ...filters,
      headers: schemaField.nonEmpty(8000),
      fields: schemaField.nonEmpty(4000),
      language: schemaField.text(8),
      fileName: schemaField.text(200),
    },
  };
}

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
  const mine = new Set(companyCodes);
  const named = new Set<string>();
  for (const row of rows) for (const key of keys) {
    const code = row.values[key];
    if (typeof code === 'string' && mine.has(code)) named.add(code);
  }
  if (named.size === 0) return new Map();
  const found = await entityDb(db)
    .selectFrom('company')
    .select([sql.ref<string>('code').as('code'), sql.ref<string>('name').as('name')])
    .where(sql.ref('code'), 'in', [...named])
    .execute();
  return new Map(found.map((company) => [String(company.code), String(company.name)]));
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

export async function answerExport(services: Services, def: EntityDef, request: FastifyRequest<{ Body: EntityExportBody }>, reply: FastifyReply): Promise<unknown> {
  const { body } = request;
  const query: EntityListQuery = { ...body, page: 1, size: TRANSFER_LIMITS.exportRows };
  const problem = listProblem(def, { ...query, size: 1 });
  if (problem) return failText(request, 400, problem.key, problem.params);
  const columns = exportColumns(def, body.fields.split(','), body.headers.split(','));
  if (typeof columns === 'string') return failText(request, 400, 'server.badField', { field: columns });

  const { companyCodes, superMan } = authOf(request);
  const page = await listPage(entityDb(services.db), def, companyCodes, query, superMan);
  if (page.total > TRANSFER_LIMITS.exportRows) return failText(request, 400, 'entityTransfer.tooManyToExport', { max: TRANSFER_LIMITS.exportRows });
  const names = await companyNames(services.db, def, page.rows, companyCodes);

  const stream = new PassThrough();
  const workbook = textSafeWorkbookWriter(stream);
  void reply
    .header('content-type', XLSX_TYPE)
    .header('content-disposition', contentDisposition(body.fileName ?? def.path.split('/').pop() ?? 'export'))
    .send(stream);
  try {
    await writeRows(workbook, columns, page.rows.map((row, place) => sheetRow(def, row, place, names)), toLang(body.language));
  } catch (error) {
    // The console ignores a failed export (spec); the log and the diagnostics count are where it shows.
    services.exports.failed += 1;
    request.log.error({ err: error, entity: def.path }, 'export failed');
    stream.destroy(error instanceof Error ? error : new Error(String(error)));
  }
  return reply;
}
