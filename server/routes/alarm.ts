// Alarm history and acknowledgement (the inbox's acknowledge of one alarm), always limited to the caller's companies (shell spec §7 alarmInfo, alarmCue).
import { translate } from '../../domain/i18n';
import { envelope } from '../../domain/wire/envelope';
import type { LiveAlarm } from '../../domain/wire/live-alarm';
import { ALARM_INFO_QUERY } from '../../domain/wire/records';
import { changeAlarms } from '../alarms/alarm-standing';
import { authOf } from '../auth/guard';
import { failText, langOf } from '../envelope';
import { toPublishedAlarm } from '../store/alarms';
import { callRoute } from './call-route';
import { pagedList } from './paged-list';
import { field, type ContractPlugin } from './plugin';
import { querySchema } from './query-schema';
import { readTypeIds } from './type-ids';

export const alarmRoutes: ContractPlugin = async (app, { services }) => {
  const { db } = services;

  callRoute(
    app, 'alarmInfo',
    { config: { access: 'shell' }, schema: { querystring: querySchema(ALARM_INFO_QUERY) } },
    async (request) => {
      const types = readTypeIds(request.query.typeIds);
      if (types.unknown.length > 0) return failText(request, 400, 'server.unknownAlarmTypes', { ids: types.unknown.join(',') });
      const alarms = db.selectFrom('alarm');
      return pagedList(request, {
        from: types.ids.length > 0 ? alarms.where('type', 'in', types.ids) : alarms,
        companyColumn: 'companyCode',
        companyCodes: authOf(request).companyCodes,
        timeColumn: 'startTime',
        query: request.query,
        select: (rows) => rows.selectAll(),
        orderBy: [['startTime', 'desc'], ['seq', 'desc']],
        // A stored row that no longer matches the wire contract is left out rather than sent half-formed.
        toWire: (row): LiveAlarm | undefined => {
          const published = toPublishedAlarm(row);
          return published && services.wire.alarm(published.alarm);
        },
      });
    },
  );

  callRoute(
    app, 'alarmCue',
    {
      config: { access: 'shell' },
      schema: { body: { type: 'object', required: ['seq'], properties: { seq: field.id } } },
    },
    async (request) => {
      const auth = authOf(request);
      const { seq } = request.body;
      // The inbox's acknowledge of one alarm: kept in its history and told to the company's consoles.
      const result = await changeAlarms(services, auth.companyCodes, auth.user.userName, [seq], { kind: 'acknowledge' });
      // Unknown and invisible alarms answer alike, so the call cannot probe other companies' alarms.
      if (result.unknown.length > 0) {
        return failText(request, 404, 'server.notFoundId', { name: translate(langOf(request), 'server.alarmSeq', { seq }) });
      }
      return envelope(result.changed.length > 0);
    },
  );
};
