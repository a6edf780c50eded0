// The send calls (docs/device-sends.md): list the caller's sends, send a row of a device-parameter screen to trucks,
// stop a send. Each serves the screens that send or follow sends; the status of record lives in device_send.
import { translate } from '../../domain/i18n';
import type { RoutePath } from '../../domain/routes';
import { ENTITIES } from '../../domain/screens/entities/registry';
import { SEND_KINDS, type SendKind } from '../../domain/params/send-status';
import { MAX_SEND_TRUCKS, SEND_CALL_PATHS, SEND_QUERY, type SendQuery, type SendRequest } from '../../domain/params/send-wire';
import { envelope } from '../../domain/wire/envelope';
import { authOf } from '../auth/guard';
import type { Db } from '../db/open';
import { failText, langOf } from '../envelope';
import { field, type ContractPlugin } from '../routes/plugin';
import { querySchema } from '../routes/query-schema';
import { listSends } from './send-list';
import { announceRows, createdRows, sendRows } from './send-notices';
import { readSendSource, type RowKind } from './send-sources';
import { createSends, stopSend, type SendTruck } from './send-store';
import { parseIdList, trucksByIds, trucksOfCompany } from './send-trucks';

/** The screens that send (a sending definition's rows, remote commands, parameter files) and the send list. */
const SEND_SCREENS: readonly RoutePath[] = [
  ...Object.values(ENTITIES).flatMap((def) => (def.send ? [def.path] : [])),
  '/setting/alarm_threshold/remote', '/setting/device_parameter/params_files', '/setting/device_parameter/send_message',
];
const ACCESS = { access: SEND_SCREENS };
const ROW_KINDS: readonly RowKind[] = SEND_KINDS.filter((kind): kind is RowKind => kind !== 'paramFile');

const SEND_BODY = {
  type: 'object',
  required: ['kind'],
  properties: {
    kind: { type: 'string', enum: ROW_KINDS },
    sourceId: field.id,
    truckIds: field.text(MAX_SEND_TRUCKS * 11),
    companyCode: field.text(32),
    description: field.text(200),
  },
} as const;

/** The trucks a call names: its own truck for a truck's row, else the listed ids or the company. */
async function namedTrucks(db: Db, body: SendRequest, own: number | undefined, companies: readonly string[]): Promise<SendTruck[] | undefined> {
  if (own !== undefined) return trucksByIds(db, [own], companies);
  if (body.truckIds !== undefined && body.truckIds.trim() !== '') {
    const ids = parseIdList(body.truckIds);
    return ids && ids.length <= MAX_SEND_TRUCKS ? trucksByIds(db, ids, companies) : undefined;
  }
  return body.companyCode ? trucksOfCompany(db, body.companyCode, companies) : [];
}

export const sendRoutes: ContractPlugin = async (app, { services }) => {
  const { db } = services;

  app.get<{ Querystring: SendQuery }>(SEND_CALL_PATHS.sends, { config: ACCESS, schema: { querystring: querySchema(SEND_QUERY) } }, (request) => {
    // One row's id: a list or anything else names no source.
    const { sourceId } = request.query;
    if (sourceId !== undefined && parseIdList(sourceId)?.length !== 1) return failText(request, 400, 'server.badField', { field: 'sourceId' });
    return listSends(db, request);
  });

  app.post<{ Body: SendRequest }>(SEND_CALL_PATHS.sends, { config: ACCESS, schema: { body: SEND_BODY } }, async (request) => {
    const auth = authOf(request);
    const body = request.body;
    const kind = body.kind as RowKind & SendKind;
    if (body.sourceId === undefined) return failText(request, 400, 'deviceSend.noSource');
    const source = await readSendSource(db, kind, body.sourceId, auth.companyCodes);
    if (!source) return failText(request, 400, 'deviceSend.noSource');
    const trucks = await namedTrucks(db, body, source.truckId, auth.companyCodes);
    if (trucks === undefined) return failText(request, 400, 'deviceSend.badTrucks');
    if (trucks.length === 0) return failText(request, 400, 'deviceSend.noTrucks');
    const spec = body.description?.trim() ? { ...source.spec, description: body.description.trim() } : source.spec;
    const now = Date.now();
    const { onSent } = source;
    const answer = await createSends(
      db, spec, trucks, auth.user.userName, now, translate(langOf(request), 'deviceSend.pending'),
      onSent ? (trx) => onSent.mark(trx, now) : undefined,
    );
    announceRows(services, createdRows(answer.sends, trucks));
    if (onSent && answer.sends.length > 0) announceRows(services, [onSent.changed]);
    return envelope(answer);
  });

  app.post<{ Params: { id: number } }>(
    SEND_CALL_PATHS.stop,
    { config: ACCESS, schema: { params: { type: 'object', required: ['id'], properties: { id: field.id } } } },
    async (request) => {
      const stopped = await stopSend(db, request.params.id, authOf(request).companyCodes, Date.now());
      if (!stopped) return failText(request, 400, 'deviceSend.notStoppable');
      announceRows(services, sendRows([stopped]));
      return envelope(true);
    },
  );
};
