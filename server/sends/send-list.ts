// The send_message list: the caller's sends, newest first, filtered by kind, status, part of a plate, company and time,
// or just the rows a notice named (`ids`), so a console following 1,000 sends reads only what changed.
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { containsText } from '../db/contains-text';
import type { SendQuery, SendRow } from '../../domain/params/send-wire';
import { scopedFrom } from '../auth/company-scope';
import { authOf } from '../auth/guard';
import type { Db } from '../db/open';
import { pagedList } from '../routes/paged-list';
import { parseIdList } from './send-trucks';

const sendsWithTrucks = (db: Db) => db.selectFrom('deviceSend as s').innerJoin('truck as t', 't.id', 's.truckId');

const SEND_COLUMNS = [
  's.id', 's.truckId', 't.signCode', 't.consoleSn', 's.companyCode', 's.kind', 's.target', 's.description', 's.status',
  's.step', 's.steps', 's.sendTimes', 's.requiredAt', 's.actualAt', 's.completedAt', 's.createdBy',
] as const;

type StoredSendRow = Omit<SendRow, 'requiredAt' | 'actualAt' | 'completedAt'> & {
  readonly requiredAt: number | string;
  readonly actualAt: number | string | null;
  readonly completedAt: number | string | null;
};

/** Times as numbers: PostgreSQL's driver may hand bigint columns back as text. */
function toSendRow(row: StoredSendRow): SendRow {
  return {
    ...row,
    requiredAt: Number(row.requiredAt),
    actualAt: row.actualAt === null ? null : Number(row.actualAt),
    completedAt: row.completedAt === null ? null : Number(row.completedAt),
  };
}

/** One send as the list shows it, if it is of these companies. */
export async function sendRowById(db: Db, id: number, companyCodes: readonly string[]): Promise<SendRow | undefined> {
  const row = await scopedFrom(db, companyCodes, 'deviceSend', 's').innerJoin('truck as t', 't.id', 's.truckId')
    .select(SEND_COLUMNS).where('s.id', '=', id).executeTakeFirst();
  return row ? toSendRow(row) : undefined;
}

export function listSends(db: Db, request: FastifyRequest<{ Querystring: SendQuery }>) {
  const { query } = request;
  let from = sendsWithTrucks(db);
  if (query.kind) from = from.where('s.kind', '=', query.kind as SendRow['kind']);
  if (query.status) from = from.where('s.status', '=', query.status as SendRow['status']);
  if (query.companyCode) from = from.where('s.companyCode', '=', query.companyCode);
  const search = query.search?.trim();
  if (search) from = from.where(containsText(sql.ref('t.signCode'), search));
  if (query.ids !== undefined) from = from.where('s.id', 'in', parseIdList(query.ids) ?? [0]);
  // The route refused a sourceId that is not one id.
  if (query.sourceId !== undefined) from = from.where('s.sourceId', '=', parseIdList(query.sourceId)?.[0] ?? 0);
  return pagedList(request, {
    from,
    companyColumn: 's.companyCode',
    companyCodes: authOf(request).companyCodes,
    timeColumn: 's.requiredAt',
    query,
    select: (rows) => rows.select(SEND_COLUMNS),
    orderBy: [['s.requiredAt', 'desc'], ['s.id', 'desc']],
    toWire: toSendRow,
  });
}
