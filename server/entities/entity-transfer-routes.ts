// Calls for export of any entity list and bulk import of a definition's rows from its .xlsx template,
// derived from the definitions as the list calls are (entity-routes.ts): below `/entity<route path>`, `/export` for
// every screen, `/template` and `/import` for the importable ones (transfer.ts), each serving that screen alone.
import type { FastifyRequest } from 'fastify';
import { toLang } from '../../domain/i18n';
import type { EntityDef } from '../../domain/screens/entities/definition';
import { ENTITIES } from '../../domain/screens/entities/registry';
import {
  IMPORT_RESULT, isImportable, TRANSFER_LIMITS, transferCallPath, XLSX_TYPE, type ImportDone, type ImportRefusal,
} from '../../domain/screens/entities/transfer';
import { envelope } from '../../domain/wire/envelope';
import type { RouteAccess } from '../auth/access';
import { authOf } from '../auth/guard';
import { failData, failText, langOf } from '../envelope';
import { contentDisposition } from '../http/xlsx-attachment';
import { field, type ContractPlugin } from '../routes/plugin';
import type { Services } from '../services';
import { answerExport, exportBodySchema, type EntityExportBody } from './entity-export';
import { importSheet } from './entity-import';
import { readUpload } from './entity-import-body';
import { companyChoices } from './entity-import-columns';
import { ImportGate, type ImportLease } from './entity-import-gate';
import { templateWorkbook } from './entity-import-template';
import { announceEntityChange } from './entity-live';
import { writeContext } from './entity-write';

interface TemplateBody {
  readonly language?: string;
  readonly fileName?: string;
}

const MEGABYTE = 1024 * 1024;
const TOO_LARGE = { mb: TRANSFER_LIMITS.importBytes / MEGABYTE } as const;

function importRoutes(
  app: Parameters<ContractPlugin>[0],
  services: Services,
  gate: ImportGate,
  def: EntityDef,
  config: { readonly access: RouteAccess },
): void {
  const leases = new WeakMap<FastifyRequest, ImportLease>();

  app.post<{ Body: TemplateBody }>(
    transferCallPath(def, 'template'),
    { config, schema: { body: { type: 'object', properties: { language: field.text(8), fileName: field.text(200) } } } },
    async (request, reply) => {
      const lang = request.body?.language === undefined ? langOf(request) : toLang(request.body.language);
      const workbook = await templateWorkbook(def, lang, await companyChoices(services.db, authOf(request).companyCodes));
      return reply
        .header('content-type', XLSX_TYPE)
        .header('content-disposition', contentDisposition(request.body?.fileName ?? def.path.split('/').pop() ?? 'template'))
        .send(workbook);
    },
  );

  app.post<{ Body: Buffer | undefined }>(
    transferCallPath(def, 'import'),
    {
      config,
      bodyLimit: TRANSFER_LIMITS.importBytes,
      // Before the body is read: a file declared too large, or a second import of the caller's, is refused with its own
      // message at once; beyond the imports the server runs at once, this one waits here, its body unread.
      onRequest: async (request, reply) => {
        if (Number(request.headers['content-length']) > TRANSFER_LIMITS.importBytes) {
          return reply.send(failText(request, IMPORT_RESULT.tooLarge, 'entityTransfer.fileProblem.tooLarge', TOO_LARGE));
        }
        const lease = gate.enter(authOf(request).user.id);
        if (!lease) return reply.send(failText(request, IMPORT_RESULT.running, 'entityTransfer.running'));
        leases.set(request, lease);
        reply.raw.once('close', () => lease.closed());
        // Closed while waiting: no one is left to answer.
        if (!(await lease.turn())) return reply.send(failText(request, IMPORT_RESULT.running, 'entityTransfer.running'));
        return undefined;
      },
    },
    async (request) => {
      const lease = leases.get(request);
      if (!lease) throw new Error(`import without a lease: ${request.url}`);
      const data = request.body;
      const result = await lease.run(async () =>
        !Buffer.isBuffer(data) || data.length === 0 ? undefined : importSheet(writeContext(services.db, request), def, data),
      );
      if (result === undefined) return failText(request, IMPORT_RESULT.refused, 'entityTransfer.fileProblem.unreadable');
      switch (result.kind) {
        case 'refused':
          return failText(request, IMPORT_RESULT.refused, result.key, result.params);
        case 'problems':
          return failData<ImportRefusal>(request, IMPORT_RESULT.refused, 'entityTransfer.refused', { count: result.refusal.rows }, result.refusal);
        case 'imported':
          for (const { key, companyCode } of result.changed) await announceEntityChange(services, def.path, key, companyCode);
          return envelope<ImportDone>({ imported: result.count });
      }
    },
  );
}

export const entityTransferRoutes: ContractPlugin = async (app, { services }) => {
  // An upload is the workbook itself as the body: no multipart plugin, and in this plugin's scope only.
  app.addContentTypeParser([XLSX_TYPE, 'application/octet-stream'], { bodyLimit: TRANSFER_LIMITS.importBytes }, (request: FastifyRequest, payload: FastifyRequest['raw']) =>
    readUpload(payload, request.headers['content-length'], TRANSFER_LIMITS.importBytes),
  );
  const gate = new ImportGate();
  for (const def of Object.values(ENTITIES)) {
    const config = { access: def.path };
    app.post<{ Body: EntityExportBody }>(transferCallPath(def, 'export'), { config, schema: { body: exportBodySchema(def) } }, (request, reply) =>
      answerExport(services, def, request, reply),
    );
    if (isImportable(def)) importRoutes(app, services, gate, def, config);
  }
};
