// Unsealing handling (spec params §4): selected events of a report marked non-abnormal, or abnormal with a description,
// in one call; who and when are stored, a later handling replaces an earlier one, and every console that sees one of the
// events' companies hears of it (the live hub's data change, our extension).
import type { FastifyInstance } from 'fastify';
import type { ReportDef } from '../../domain/screens/reports/definition';
import { HANDLING_STATES, type HandlingBody } from '../../domain/screens/reports/handling';
import { envelope } from '../../domain/wire/envelope';
import type { RouteAccess } from '../auth/access';
import { scopedFrom } from '../auth/company-scope';
import { authOf } from '../auth/guard';
import { failText } from '../envelope';
import { field } from '../routes/plugin';
import type { Services } from '../services';

const MAX_IDS = 500;

export async function handlingRoute(app: FastifyInstance, services: Services, def: ReportDef, options: { url: string; access: RouteAccess }): Promise<void> {
  const kinds = def.source.type === 'events' ? def.source.kinds : [];
  app.post<{ Body: HandlingBody }>(
    options.url,
    {
      config: { access: options.access },
      schema: {
        body: {
          type: 'object',
          required: ['ids', 'state'],
          properties: {
            ids: { type: 'string', pattern: '^[0-9]{1,10}(,[0-9]{1,10}){0,499}$' },
            state: { type: 'integer', enum: [...HANDLING_STATES] },
            description: field.text(400),
          },
        },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const { state } = request.body;
      const description = (request.body.description ?? '').trim();
      if (state === 2 && description === '') return failText(request, 400, 'report.error.descriptionRequired');
      const ids = [...new Set(request.body.ids.split(',').map(Number))].slice(0, MAX_IDS);
      // Only events of this report's kinds in the caller's companies are handled; other ids are left alone.
      const visible = await scopedFrom(services.db, auth.companyCodes, 'event')
        .select(['id', 'companyCode'])
        .where('id', 'in', ids)
        .where('kind', 'in', kinds)
        .execute();
      const handledAt = Date.now();
      const rows = visible.map(({ id }) => ({ eventId: id, state, description, handler: auth.user.userName, handledAt }));
      if (rows.length > 0) {
        await services.db
          .insertInto('eventHandling')
          .values(rows)
          .onConflict((conflict) =>
            conflict.column('eventId').doUpdateSet({
              state: (eb) => eb.ref('excluded.state'),
              description: (eb) => eb.ref('excluded.description'),
              handler: (eb) => eb.ref('excluded.handler'),
              handledAt: (eb) => eb.ref('excluded.handledAt'),
            }),
          )
          .execute();
        services.hub.publishNotice({ kind: 'dataChanged', topic: 'eventHandling', companyCodes: [...new Set(visible.map((event) => event.companyCode))] });
      }
      return envelope(rows.length);
    },
  );
}
