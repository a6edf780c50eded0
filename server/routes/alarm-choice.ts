// The user's alarm choice: which alarm types the alarm socket sends them (shell spec §3 stUserAlarm, §5 Alarm choice).
import { formatTypeIds } from '../../domain/alarm-types';
import { translate } from '../../domain/i18n';
import { envelope, RESULT_CODE } from '../../domain/wire/envelope';
import type { StUserAlarm } from '../../domain/wire/entities';
import { authOf } from '../auth/guard';
import { failText, langOf } from '../envelope';
import { callRoute } from './call-route';
import { field, type ContractPlugin } from './plugin';
import { readTypeIds } from './type-ids';

export const alarmChoiceRoutes: ContractPlugin = async (app, { services }) => {
  const { db } = services;

  callRoute(
    app, 'saveAlarmChoice',
    {
      config: { access: 'shell' },
      schema: {
        body: {
          type: 'object',
          required: ['userId', 'alarmTypeIds'],
          // id is the stored choice's id, 0 (or absent) before the first save; the row is keyed by user either way.
          properties: { id: { ...field.id, minimum: 0 }, userId: field.id, alarmTypeIds: field.text(400) },
        },
      },
    },
    async (request) => {
      const auth = authOf(request);
      if (request.body.userId !== auth.user.id) return failText(request, RESULT_CODE.UNAUTHORIZED, 'server.forbidden');
      const types = readTypeIds(request.body.alarmTypeIds);
      if (types.unknown.length > 0) return failText(request, 400, 'server.unknownAlarmTypes', { ids: types.unknown.join(',') });
      const alarmTypeIds = formatTypeIds(types.ids);
      // One row per user (unique user_id): insert the first choice, overwrite it afterwards.
      const row = await db
        .insertInto('userAlarmChoice')
        .values({ userId: auth.user.id, alarmTypeIds })
        .onConflict((oc) => oc.column('userId').doUpdateSet({ alarmTypeIds }))
        .returning(['id', 'userId', 'alarmTypeIds'])
        .executeTakeFirstOrThrow();
      // The stored choice comes back, so a console that saved its first choice sends the row's id from then on.
      const saved: StUserAlarm = { id: row.id, userId: row.userId, alarmTypeIds: row.alarmTypeIds };
      return envelope(saved, translate(langOf(request), 'form.success'));
    },
  );
};
