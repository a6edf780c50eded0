// Alarm history and acknowledgement, always limited to the caller's companies (shell spec §7 alarmInfo, alarmCue).
import { translate } from '../../src/domain/i18n';
import { envelope } from '../../src/domain/wire/envelope';
import type { LiveAlarm } from '../../src/domain/wire/live-alarm';
import { authOf } from '../auth/guard';
import { failText, langOf } from '../envelope';
import { toPublishedAlarm } from '../store/alarms';
import { countOf, isBackwards, offsetOf, paged, pageProperties, rangeProperties } from './paging';
import { field, type ContractPlugin } from './plugin';
import { readTypeIds } from './type-ids';

interface AlarmInfoQuery {
  page: number;
  size: number;
  typeIds?: string;
  startTime?: number;
  endTime?: number;
}

export const alarmRoutes: ContractPlugin = async (app, { services }) => {
  const { db } = services;

  app.get<{ Querystring: AlarmInfoQuery }>(
    '/alarmInfo',
    {
      config: { access: 'shell' },
      schema: {
        querystring: {
          type: 'object',
          properties: { ...pageProperties, typeIds: field.text(400), ...rangeProperties },
        },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const query = request.query;
      const types = readTypeIds(query.typeIds);
      if (types.unknown.length > 0) return failText(request, 400, 'server.unknownAlarmTypes', { ids: types.unknown.join(',') });
      if (isBackwards(query)) return failText(request, 400, 'server.badTimeRange');
      if (auth.companyCodes.length === 0) return envelope(paged<LiveAlarm>([], 0));

      let base = db.selectFrom('alarm').where('companyCode', 'in', auth.companyCodes);
      if (types.ids.length > 0) base = base.where('type', 'in', types.ids);
      if (query.startTime !== undefined) base = base.where('startTime', '>=', query.startTime);
      if (query.endTime !== undefined) base = base.where('startTime', '<=', query.endTime);
      const total = countOf(await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirst());
      const rows = await base
        .selectAll()
        .orderBy('startTime', 'desc')
        .orderBy('seq', 'desc')
        .limit(query.size)
        .offset(offsetOf(query))
        .execute();
      // A stored row that no longer matches the wire contract is left out rather than sent half-formed.
      const alarms: LiveAlarm[] = rows.flatMap((row) => {
        const published = toPublishedAlarm(row);
        return published ? [services.wire.alarm(published.alarm)] : [];
      });
      return envelope(paged(alarms, total));
    },
  );

  app.post<{ Body: { seq: number } }>(
    '/alarmCue',
    {
      config: { access: 'shell' },
      schema: { body: { type: 'object', required: ['seq'], properties: { seq: field.id } } },
    },
    async (request) => {
      const auth = authOf(request);
      const { seq } = request.body;
      const alarm = auth.companyCodes.length === 0 ? undefined : await db
        .selectFrom('alarm')
        .select('seq')
        .where('seq', '=', seq)
        .where('companyCode', 'in', auth.companyCodes)
        .executeTakeFirst();
      // Unknown and invisible alarms answer alike, so the call cannot probe other companies' alarms.
      if (!alarm) {
        return failText(request, 404, 'server.notFoundId', { name: translate(langOf(request), 'server.alarmSeq', { seq }) });
      }
      // The acknowledged = 0 condition makes the update its own check: only the first acknowledgement changes a row.
      const updated = await db
        .updateTable('alarm')
        .set({ acknowledged: 1 })
        .where('seq', '=', seq)
        .where('acknowledged', '=', 0)
        .executeTakeFirst();
      return envelope(Number(updated.numUpdatedRows) > 0);
    },
  );
};
