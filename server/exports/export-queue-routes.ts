// GET /export/queue?ticket=…: where the caller's export of that ticket is (our extension, docs/api.md Exports), which
// the console shows on the export button while the answer has not begun. Another user's ticket is 'none'.
import { EXPORT_QUEUE_PATH, EXPORT_TICKET_PATTERN, type ExportQueueState } from '../../domain/wire/export-queue';
import { envelope } from '../../domain/wire/envelope';
import { authOf } from '../auth/guard';
import type { ContractPlugin } from '../routes/plugin';

export const exportQueueRoutes: ContractPlugin = async (app, { services }) => {
  app.get<{ Querystring: { readonly ticket: string } }>(
    EXPORT_QUEUE_PATH,
    {
      config: { access: 'shell' },
      schema: { querystring: { type: 'object', required: ['ticket'], properties: { ticket: { type: 'string', pattern: EXPORT_TICKET_PATTERN } } } },
    },
    async (request) => envelope<ExportQueueState>(services.exports.queue.stateOf(authOf(request).user.id, request.query.ticket)),
  );
};
