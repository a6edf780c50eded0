// The export of a report (spec params §7): the console posts its filters plus headers, fields, language and fileName;
// the answer is an .xlsx streamed by exceljs's streaming writer, with real Excel dates, fitted widths and a frozen header.
import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { toLang } from '../../src/domain/i18n';
import type { ReportDef } from '../../src/domain/screens/reports/definition';
import { queryProblem, REPORT_PAGE, type ReportQuery } from '../../src/domain/screens/reports/query';
import type { FunctionId } from '../auth/access';
import { failText } from '../envelope';
import { textSafeWorkbookWriter } from '../http/xlsx-text';
import { contentDisposition } from '../http/xlsx-attachment';
import { field } from '../routes/plugin';
import type { Services } from '../services';
import { workbookColumns, writeRows } from './xlsx-sheet';
import { reportRun } from './report-query';
import { reportContext } from './report-context';

interface ExportBody extends ReportQuery {
  readonly headers: string;
  readonly fields: string;
  readonly language?: string;
  readonly fileName?: string;
}

export interface ExportOptions {
  readonly url: string;
  readonly access: FunctionId;
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
          },
        },
      },
    },
    async (request, reply) => {
      // The console ignores a failed export (spec); the log and the diagnostics count are where it shows.
      const countFailure = (error: unknown) => {
        services.exports.failed += 1;
        request.log.error({ err: error, report: def.path }, 'export failed');
      };
      const body = request.body;
      const query: ReportQuery = { ...body, page: 1, size: REPORT_PAGE.maxSize };
      const problem = queryProblem(def, query);
      if (problem) return failText(request, 400, problem.key, problem.params);
      const fields = body.fields.split(',');
      const headers = body.headers.split(',');
      const columns = workbookColumns(def, fields, headers);
      if (typeof columns === 'string') return failText(request, 400, 'server.badField', { field: columns });

      const run = reportRun(reportContext(services, request), def);
      const total = await run.count(query).catch((error: unknown) => {
        // The error answer is the server's usual 500; the console still says nothing (spec), so count it here too.
        countFailure(error);
        throw error;
      });
      if (total > options.maxRows) return failText(request, 400, 'report.error.tooManyToExport', { max: options.maxRows });

      const stream = new PassThrough();
      const workbook = textSafeWorkbookWriter(stream);
      void reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', contentDisposition(body.fileName ?? def.path.split('/').pop() ?? 'export'))
        .send(stream);
      try {
        // Rows are read a page at a time and only held for the width fit: at most maxRows of them.
        const rows = [];
        for await (const row of run.rows(query, REPORT_PAGE.maxSize)) rows.push(row);
        await writeRows(workbook, columns, rows, toLang(body.language));
      } catch (error) {
        countFailure(error);
        stream.destroy(error instanceof Error ? error : new Error(String(error)));
      }
      return reply;
    },
  );
}
