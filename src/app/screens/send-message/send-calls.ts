// The send list's calls (docs of server/sends): a page of sends with the list's filters, just the rows a live notice
// named (`ids`, a few hundred per call), and stop sending.
import i18next from 'i18next';
import { CallError, callPath } from '../../../api/client';
import { SEND_CALL_PATHS, type SendRow } from '../../../../domain/params/send-wire';
import type { Paged } from '../../../../domain/wire/records';
import { isRecord } from '../../../../domain/wire/guards';

/** Ids per read: the query's `ids` holds 6,000 characters and a page 500 rows. */
const IDS_PER_READ = 400;

function isSendRow(value: unknown): value is SendRow {
  return isRecord(value) && typeof value['id'] === 'number' && typeof value['status'] === 'string' && typeof value['signCode'] === 'string';
}

function isSendPage(value: unknown): value is Paged<SendRow> {
  return isRecord(value) && typeof value['total'] === 'number' && Array.isArray(value['rows']) && value['rows'].every(isSendRow);
}

export async function fetchSendPage(query: Readonly<Record<string, string | number>>): Promise<Paged<SendRow>> {
  const answer = await callPath<unknown>('GET', SEND_CALL_PATHS.sends, query);
  if (isSendPage(answer)) return answer;
  throw new CallError(i18next.t('error.readDataFail'), undefined, undefined, false);
}

/** The named sends that match `filters` (all of them with none), read in parts of IDS_PER_READ. */
export async function fetchSendsByIds(ids: readonly number[], filters: Readonly<Record<string, string | number>> = {}): Promise<SendRow[]> {
  const parts: number[][] = [];
  for (let at = 0; at < ids.length; at += IDS_PER_READ) parts.push(ids.slice(at, at + IDS_PER_READ));
  const pages = await Promise.all(
    parts.map((part) => fetchSendPage({ ...filters, page: 1, size: part.length, ids: part.join(',') })),
  );
  return pages.flatMap((page) => page.rows);
}

/** Asks the server to stop a pending send; it answers the refusal itself (already ended). */
export async function stopSendCall(id: number): Promise<void> {
  await callPath<unknown>('POST', SEND_CALL_PATHS.stop.replace(':id', String(id)), {});
}
