// Every open console follows the sends live: a changed send is announced as a change of the send_message list's row
// (the entity-changed notice of docs/api.md), and the console reads the named rows again with its own rights.
import type { EntityPath } from '../../domain/screens/entities/definition';
import type { Services } from '../services';

const SEND_LIST_PATH = '/setting/device_parameter/send_message' satisfies EntityPath;

/** A changed row of some list, and whose it is. */
export interface ChangedRow {
  readonly path: EntityPath;
  readonly key: number | string;
  readonly companyCode: string;
}

/** Announces changed rows after their writes committed; a server speaking only the spec's contract announces nothing. */
export function announceRows(services: Pick<Services, 'hub' | 'wire'>, rows: readonly ChangedRow[]): void {
  if (!services.wire.extensionRoutes) return;
  for (const row of rows) services.hub.publishNotice({ kind: 'entityChanged', path: row.path, key: String(row.key), companyCode: row.companyCode });
}

export function sendRows(sends: readonly { readonly id: number; readonly companyCode: string }[]): ChangedRow[] {
  return sends.map((send) => ({ path: SEND_LIST_PATH, key: send.id, companyCode: send.companyCode }));
}

/** The sends a call made, each under its truck's company (the answer names trucks, not companies). */
export function createdRows(sends: readonly { readonly id: number; readonly truckId: number }[], trucks: readonly { readonly id: number; readonly companyCode: string }[]): ChangedRow[] {
  const companyOf = new Map(trucks.map((truck) => [truck.id, truck.companyCode]));
  return sendRows(sends.map((send) => ({ id: send.id, companyCode: companyOf.get(send.truckId) ?? '' })));
}
