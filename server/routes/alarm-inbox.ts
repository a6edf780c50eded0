// The alarm inbox (our extension, docs/api.md): list, counts and detail of the alarms of the caller's companies with
// where each stands, and the batch changes; every call needs the inbox screen (/monitor/alarm_inbox) in the menu.
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { severityOf, SEVERITY_CODES, typesOfSeverity, ALARM_SEVERITIES, type AlarmSeverity } from '../../domain/alarm-severity';
import { translate } from '../../domain/i18n';
import {
  ALARM_INBOX_QUERY, ALARM_STATE_CODES, alarmStateOf, INBOX_LIMITS, OPEN_STATES_CODE, UNASSIGNED, type AlarmChangeAnswer, type InboxAlarm,
  type InboxCounts,
} from '../../domain/wire/alarm-inbox';
import { envelope } from '../../domain/wire/envelope';
import type { RoutePath } from '../../domain/routes';
import { changeAlarms, standingOf, type AlarmAction } from '../alarms/alarm-standing';
import { scopedFrom } from '../auth/company-scope';
import { visibleCompanies } from '../auth/context';
import { authOf } from '../auth/guard';
import type { Row } from '../db/schema';
import { containsText } from '../db/contains-text';
import { failText, langOf } from '../envelope';
import type { Services } from '../services';
import { toPublishedAlarm } from '../store/alarms';
import { callRoute } from './call-route';
import { pagedList } from './paged-list';
import { field, type ContractPlugin } from './plugin';
import { querySchema } from './query-schema';
import { readTypeIds } from './type-ids';

const INBOX: RoutePath = '/monitor/alarm_inbox';
const HOUR = 3_600_000;
const OPEN_STATES = [ALARM_STATE_CODES.new, ALARM_STATE_CODES.acknowledged];

const SEVERITY_BY_CODE = new Map<number, AlarmSeverity>(ALARM_SEVERITIES.map((severity) => [SEVERITY_CODES[severity], severity]));

const seqsField = { type: 'array', minItems: 1, maxItems: INBOX_LIMITS.batchMax, items: field.id } as const;

type InboxRow = Row<'alarm'> & { readonly companyName: string | null };

function toInboxAlarm(services: Services, row: InboxRow): InboxAlarm | undefined {
  const published = toPublishedAlarm(row);
  if (!published) return undefined;
  return { ...standingOf(row), alarm: services.wire.alarm(published.alarm), severity: severityOf(row.type), companyName: row.companyName ?? '' };
}

export const alarmInboxRoutes: ContractPlugin = async (app, { services }) => {
  const { db } = services;
  const inboxRows = (companies: readonly string[]) =>
    scopedFrom(db, companies, 'alarm').leftJoin('company', 'company.code', 'alarm.companyCode').selectAll('alarm').select('company.name as companyName');

  callRoute(app, 'alarmInbox', { config: { access: INBOX }, schema: { querystring: querySchema(ALARM_INBOX_QUERY) } }, async (request) => {
    const { query } = request;
    const types = readTypeIds(query.typeIds);
    if (types.unknown.length > 0) return failText(request, 400, 'server.unknownAlarmTypes', { ids: types.unknown.join(',') });
    let rows = db.selectFrom('alarm').leftJoin('company', 'company.code', 'alarm.companyCode');
    if (query.state === OPEN_STATES_CODE) rows = rows.where('alarm.state', 'in', OPEN_STATES);
    else if (query.state !== undefined) rows = rows.where('alarm.state', '=', query.state);
    const severity = query.severity === undefined ? undefined : SEVERITY_BY_CODE.get(query.severity);
    if (severity) rows = rows.where('alarm.type', 'in', [...typesOfSeverity(severity)]);
    if (types.ids.length > 0) rows = rows.where('alarm.type', 'in', types.ids);
    const plate = query.signCode?.trim();
    if (plate) rows = rows.where(containsText(sql.ref('alarm.signCode'), plate));
    const assignee = query.assignee?.trim();
    if (assignee === UNASSIGNED) rows = rows.where('alarm.assignee', 'is', null);
    else if (assignee) rows = rows.where('alarm.assignee', '=', assignee);
    return pagedList(request, {
      from: rows,
      companyColumn: 'alarm.companyCode',
      companyCodes: authOf(request).companyCodes,
      timeColumn: 'alarm.startTime',
      query,
      select: (selected) => selected.selectAll('alarm').select('company.name as companyName'),
      orderBy: [['alarm.startTime', 'desc'], ['alarm.seq', 'desc']],
      toWire: (row) => toInboxAlarm(services, row),
    });
  });

  callRoute(app, 'alarmInboxCounts', { config: { access: INBOX } }, async (request) => {
    const companies = authOf(request).companyCodes;
    const now = Date.now();
    // 24 whole hours ending with the one now running, so the chart's bars line up with the clock.
    const lastDayFrom = Math.floor(now / HOUR) * HOUR - 23 * HOUR;
    // Literals, not parameters: PostgreSQL matches the grouped expression to the selected one only when they are the same text.
    const hourOf = sql<number | string>`(${sql.ref('startTime')} - ${sql.lit(lastDayFrom)}) / ${sql.lit(HOUR)}`;
    const [open, hours] = await Promise.all([
      scopedFrom(db, companies, 'alarm')
        .select(['type', 'state', (eb) => eb.fn.countAll<number | string>().as('n')])
        .where('state', 'in', OPEN_STATES)
        .groupBy(['type', 'state'])
        .execute(),
      scopedFrom(db, companies, 'alarm')
        .select([hourOf.as('hour'), (eb) => eb.fn.countAll<number | string>().as('n')])
        .where('startTime', '>=', lastDayFrom)
        .groupBy(hourOf)
        .execute(),
    ]);
    const bySeverity: Record<AlarmSeverity, number> = { critical: 0, major: 0, minor: 0 };
    let fresh = 0;
    for (const row of open) {
      bySeverity[severityOf(row.type)] += Number(row.n);
      if (row.state === ALARM_STATE_CODES.new) fresh += Number(row.n);
    }
    const lastDay = Array.from({ length: 24 }, (_, hour) =>
      // An alarm stamped ahead of the server's clock (a device's clock) counts in the hour now running.
      hours.reduce((sum, row) => (Math.min(23, Math.floor(Number(row.hour))) === hour ? sum + Number(row.n) : sum), 0),
    );
    return envelope<InboxCounts>({ open: bySeverity, new: fresh, lastDay, lastDayFrom });
  });

  callRoute(
    app, 'alarmInboxDetail',
    { config: { access: INBOX }, schema: { params: { type: 'object', required: ['seq'], properties: { seq: field.id } } } },
    async (request) => {
      const { seq } = request.params;
      const row = await inboxRows(authOf(request).companyCodes).where('alarm.seq', '=', seq).executeTakeFirst();
      const inbox = row && toInboxAlarm(services, row);
      // Unknown and invisible alarms answer alike, so the call cannot probe other companies' alarms.
      if (!row || !inbox) return failText(request, 404, 'server.notFoundId', { name: translate(langOf(request), 'server.alarmSeq', { seq }) });
      const fix = (direction: 'before' | 'after') => {
        const query = db.selectFrom('position').select(['lat', 'lng', 'time']).where('truckId', '=', row.truckId);
        return (direction === 'before' ? query.where('time', '<=', row.startTime).orderBy('time', 'desc') : query.where('time', '>', row.startTime).orderBy('time', 'asc'))
          .limit(1)
          .executeTakeFirst();
      };
      // The fix at or before the alarm's start; a truck whose fixes begin later is shown where it was first seen.
      const position = (await fix('before')) ?? (await fix('after')) ?? null;
      const history = await db
        .selectFrom('alarmStateChange')
        .select(['state', 'by', 'at', 'assignee', 'note'])
        .where('seq', '=', seq)
        .orderBy('id', 'asc')
        .execute();
      return envelope({
        row: inbox,
        position,
        history: history.map((change) => ({ ...change, state: alarmStateOf(change.state) })),
      });
    },
  );

  /** Whether `userName` is an active user who sees the company of each of these alarms (of those the caller sees). */
  const maySee = async (userName: string, callerCompanies: readonly string[], seqs: readonly number[]): Promise<boolean> => {
    const user = await db.selectFrom('appUser').innerJoin('role', 'role.id', 'appUser.roleId')
      .select(['appUser.id', 'role.superMan']).where('appUser.userName', '=', userName).where('appUser.status', '=', 1).where('role.status', '=', 1)
      .executeTakeFirst();
    if (!user) return false;
    const theirs = new Set(await visibleCompanies(db, user.id, user.superMan === 1));
    const alarms = await scopedFrom(db, callerCompanies, 'alarm').select('companyCode').distinct().where('seq', 'in', [...seqs]).execute();
    return alarms.every((alarm) => theirs.has(alarm.companyCode));
  };

  /** A batch change's route: the answer names what changed and what another change had already settled. */
  const batch = async (request: FastifyRequest, seqs: readonly number[], action: AlarmAction) => {
    const auth = authOf(request);
    const result = await changeAlarms(services, auth.companyCodes, auth.user.userName, seqs, action);
    if (result.unknown.length > 0 && result.changed.length === 0 && result.unchanged.length === 0) {
      return failText(request, 404, 'server.notFoundId', { name: translate(langOf(request), 'server.alarmSeq', { seq: result.unknown.join(',') }) });
    }
    return envelope<AlarmChangeAnswer>({ changed: result.changed, unchanged: result.unchanged });
  };

  callRoute(
    app, 'alarmAcknowledge',
    { config: { access: INBOX }, schema: { body: { type: 'object', required: ['seqs'], properties: { seqs: seqsField } } } },
    async (request) => batch(request, request.body.seqs, { kind: 'acknowledge' }),
  );

  callRoute(
    app, 'alarmResolve',
    {
      config: { access: INBOX },
      schema: { body: { type: 'object', required: ['seqs', 'note'], properties: { seqs: seqsField, note: field.nonEmpty(INBOX_LIMITS.noteMaxLength) } } },
    },
    async (request) => {
      const note = request.body.note.trim();
      if (note === '') return failText(request, 400, 'server.alarmNoteRequired');
      return batch(request, request.body.seqs, { kind: 'resolve', note });
    },
  );

  callRoute(
    app, 'alarmAssign',
    {
      config: { access: INBOX },
      schema: {
        body: {
          type: 'object',
          required: ['seqs', 'assignee'],
          properties: { seqs: seqsField, assignee: { type: ['string', 'null'], minLength: 1, maxLength: INBOX_LIMITS.userNameMaxLength } },
        },
      },
    },
    async (request) => {
      const { assignee } = request.body;
      if (assignee !== null && !(await maySee(assignee, authOf(request).companyCodes, request.body.seqs))) {
        return failText(request, 400, 'server.alarmAssigneeUnknown', { name: assignee });
      }
      return batch(request, request.body.seqs, { kind: 'assign', assignee });
    },
  );
};
