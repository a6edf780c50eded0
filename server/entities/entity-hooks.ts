// What a saved row means beyond its own table. Inside the write's transaction: a user's companies (userPri) are the
// company it belongs to and the organisations below it; a threshold's values join the thresholds' history. After the commit: a user's or role's change reaches that
// account's sessions and sockets at once (a disabled one ends), as a company's does.
import type { EntityDef } from '../../domain/screens/entities/definition';
import type { EntityRow } from '../../domain/screens/entities/wire';
import { announceAccountChange } from '../auth/account-change';
import type { Db } from '../db/open';
import type { AccountChange } from '../live/hub';
import type { Services } from '../services';
import { recordThresholdHistory } from '../thresholds/threshold-history';
import type { Cell, StoredRow } from './entity-table';

/** A company and every organisation below it, from the whole tree (a few hundred rows at most). */
async function companyTree(trx: Db, root: string): Promise<string[]> {
  const rows = await trx.selectFrom('company').select(['code', 'parentCode']).execute();
  const children = new Map<string, string[]>();
  for (const row of rows) if (row.parentCode !== null) children.set(row.parentCode, [...(children.get(row.parentCode) ?? []), row.code]);
  const tree: string[] = [];
  const seen = new Set<string>();
  for (const queue = [root]; queue.length > 0; ) {
    const code = queue.shift() as string;
    if (seen.has(code)) continue;
    seen.add(code);
    tree.push(code);
    queue.push(...(children.get(code) ?? []));
  }
  return tree;
}

/**
 * A new user is granted its company's tree; a user moved to another company is granted the new tree instead. An
 * edit that keeps the company keeps the grants as they are (they may have grown by organisations the user added).
 */
export async function afterWrite(trx: Db, def: EntityDef, key: Cell, values: Readonly<Record<string, Cell>>, before?: StoredRow): Promise<void> {
  if (def.table !== 'appUser' || typeof values['companyCode'] !== 'string' || typeof key !== 'number') return;
  if (before !== undefined && before['companyCode'] === values['companyCode']) return;
  const codes = await companyTree(trx, values['companyCode']);
  await trx.deleteFrom('userCompany').where('userId', '=', key).execute();
  await trx.insertInto('userCompany').values(codes.map((companyCode) => ({ userId: key, companyCode }))).execute();
}

/**
 * After any save of a table's rows (a new row, an edit, a status change), at the save's time, with the saved rows as
 * they were and are (`states`): the threshold values in force of their companies join the history, which the stop
 * and offline alarms and their lists are judged by.
 */
export async function afterRowsSaved(trx: Db, def: EntityDef, at: number, states: readonly StoredRow[]): Promise<void> {
  if (def.table !== 'alarmThreshold') return;
  const companies = states.flatMap((state) => (typeof state['companyCode'] === 'string' ? [state['companyCode']] : []));
  await recordThresholdHistory(trx, at, companies);
}

/** Whose accounts a saved row changes: its user, or every user of its role; a new organisation its creator's. */
function accountChange(def: EntityDef, row: EntityRow, callerId: number, created: boolean): AccountChange | undefined {
  if (def.table === 'appUser') return { userIds: [Number(row.key)] };
  if (def.table === 'role') return { roleIds: [Number(row.key)] };
  // A new company reaches its creator's (and every superMan's) live sockets, as a granted company does.
  if (def.scope === 'organisation' && created) return { userIds: [callerId], companyCodes: [row.key] };
  return undefined;
}

export async function afterCommit(services: Services, def: EntityDef, row: EntityRow, callerId: number, created: boolean): Promise<void> {
  const change = accountChange(def, row, callerId, created);
  if (change) await announceAccountChange(services.db, services.hub, change);
}
