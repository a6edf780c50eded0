// The export of a master-data list (spec params §7): the console posts its search plus headers, fields, language and
// fileName; the answer is the list as the grid shows it, built by an export worker in its turn of the export queue
// (server/exports/, the sheet in entity-export-sheet.ts), at most 10,000 rows (more are refused: narrow the search).
import type { FastifyReply, FastifyRequest } from 'fastify';
import { toLang } from '../../domain/i18n';
import type { EntityDef } from '../../domain/screens/entities/definition';
import { TRANSFER_LIMITS } from '../../domain/screens/entities/transfer';
import { EXPORT_TICKET_FIELD, EXPORT_TICKET_PATTERN } from '../../domain/wire/export-queue';
import { authOf } from '../auth/guard';
import { failText, zoneOf } from '../envelope';
import { answerQueuedExport } from '../exports/export-answer';
import { field as schemaField } from '../routes/plugin';
import type { Services } from '../services';
import { exportColumns } from './entity-export-sheet';
import { listProblem, listQuerySchema, type EntityListQuery } from './entity-list';

export interface EntityExportBody extends Omit<EntityListQuery, 'page' | 'size'> {
  readonly headers: string;
  readonly fields: string;
  readonly language?: string;
  readonly fileName?: string;
  readonly [EXPORT_TICKET_FIELD]?: string;
}

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
      [EXPORT_TICKET_FIELD]: { type: 'string', pattern: EXPORT_TICKET_PATTERN },
    },
  };
}

export async function answerExport(services: Services, def: EntityDef, request: FastifyRequest<{ Body: EntityExportBody }>, reply: FastifyReply): Promise<unknown> {
  const { [EXPORT_TICKET_FIELD]: ticket, headers, fields, language, fileName, ...search } = request.body;
  const query: EntityListQuery = { ...search, page: 1, size: TRANSFER_LIMITS.exportRows };
  const problem = listProblem(def, { ...query, size: 1 });
  if (problem) return failText(request, 400, problem.key, problem.params);
  const columns = exportColumns(def, fields.split(','), headers.split(','));
  if (typeof columns === 'string') return failText(request, 400, 'server.badField', { field: columns });
  const { companyCodes, superMan } = authOf(request);
  return answerQueuedExport(services, request, reply, {
    job: { kind: 'entity', path: def.path, query, fields: fields.split(','), headers: headers.split(','), lang: toLang(language), zone: zoneOf(request), companyCodes, superMan },
    fileName: fileName ?? def.path.split('/').pop() ?? 'export',
    ticket,
    logContext: { entity: def.path },
  });
}
