// The export of a report (spec params §7): the console posts its filters plus headers, fields, language and fileName;
// the answer is an .xlsx with real Excel dates, fitted widths and a frozen header, built by an export worker in its
// turn of the export queue (server/exports/) and streamed as it is written.
import type { FastifyInstance } from 'fastify';
import { toLang } from '../../domain/i18n';
import type { ReportDef } from '../../domain/screens/reports/definition';
import { queryProblem, REPORT_PAGE, type ReportQuery } from '../../domain/screens/reports/query';
import { reportId, tabKeyOf } from '../../domain/screens/reports/registry';
import { EXPORT_TICKET_FIELD, EXPORT_TICKET_PATTERN } from '../../domain/wire/export-queue';
import type { RouteAccess } from '../auth/access';
import { authOf } from '../auth/guard';
import { failText, zoneOf } from '../envelope';
import { answerQueuedExport } from '../exports/export-answer';
import { field } from '../routes/plugin';
import type { Services } from '../services';
import { workbookColumns } from './xlsx-sheet';

interface ExportBody extends ReportQuery {
  readonly headers: string;
  readonly fields: string;
  readonly language?: string;
  readonly fileName?: string;
  readonly [EXPORT_TICKET_FIELD]?: string;
}

interface ExportOptions {
  readonly url: string;
  readonly access: RouteAccess;
  readonly properties: Readonly<Record<string, object>>;
  readonly maxRows: number;
}

export async function exportRoute(app: FastifyInstance, services: Services, def: ReportDef, options: ExportOptions): Promise<void> {
  // An export has no page: every row of the query, up to maxRows.
  const filterProperties = Object.fromEntries(Object.entries(options.properties).filter(([key]) => key !== 'page' && key !== 'size'));
  app.post<{ Body: ExportBody }>(
    options.url,
    {
      config: { access: options.access },
      schema: {
        body: {
          type: 'object',
          required: ['headers', 'fields'],
          properties: {
            ...filterProperties,
            headers: field.nonEmpty(8000),
            fields: field.nonEmpty(4000),
            language: field.text(8),
            fileName: field.text(200),
            [EXPORT_TICKET_FIELD]: { type: 'string', pattern: EXPORT_TICKET_PATTERN },
          },
        },
      },
    },
    async (request, reply) => {
      const { [EXPORT_TICKET_FIELD]: ticket, headers, fields, language, fileName, ...filters } = request.body;
      const query: ReportQuery = { ...filters, page: 1, size: REPORT_PAGE.maxSize };
      const problem = queryProblem(def, query);
      if (problem) return failText(request, 400, problem.key, problem.params);
      const columns = workbookColumns(def, fields.split(','), headers.split(','));
      if (typeof columns === 'string') return failText(request, 400, 'server.badField', { field: columns });
      return answerQueuedExport(services, request, reply, {
        job: {
          kind: 'report',
          path: def.path,
          tab: tabKeyOf(def),
          query,
          fields: fields.split(','),
          headers: headers.split(','),
          lang: toLang(language),
          zone: zoneOf(request),
          companyCodes: authOf(request).companyCodes,
          now: Date.now(),
          maxRows: options.maxRows,
        },
        fileName: fileName ?? def.path.split('/').pop() ?? 'export',
        ticket,
        logContext: { report: reportId(def) },
      });
    },
  );
}
