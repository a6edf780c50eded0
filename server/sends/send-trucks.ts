// Which trucks a send call names: a comma list of ids or a whole company, only among the caller's companies.
import { scopedFrom } from '../auth/company-scope';
import type { Db } from '../db/open';
import type { SendTruck } from './send-store';

/** The ids of a comma list (trucks, sends); undefined when one is not a positive integer. */
export function parseIdList(text: string): number[] | undefined {
  const parts = text.split(',').map((part) => part.trim()).filter((part) => part !== '');
  const ids = parts.map(Number);
  return ids.every((id) => Number.isSafeInteger(id) && id > 0 && id < 2 ** 31) ? [...new Set(ids)] : undefined;
}

const SELECT = ['id', 'companyCode', 'signCode'] as const;

/** The caller's trucks of these ids (others are left out), ordered by plate. */
export async function trucksByIds(db: Db, ids: readonly number[], companies: readonly string[]): Promise<SendTruck[]> {
  if (ids.length === 0) return [];
  const found: SendTruck[] = [];
  for (let i = 0; i < ids.length; i += 500) {
    found.push(...(await scopedFrom(db, companies, 'truck').select(SELECT).where('id', 'in', ids.slice(i, i + 500)).execute()));
  }
  return found.sort((a, b) => (a.signCode < b.signCode ? -1 : a.signCode > b.signCode ? 1 : 0));
}

/** Every enabled truck of a company the caller sees; none for another company. */
export async function trucksOfCompany(db: Db, companyCode: string, companies: readonly string[]): Promise<SendTruck[]> {
  return scopedFrom(db, companies, 'truck').select(SELECT).where('companyCode', '=', companyCode).where('status', '=', 1).orderBy('signCode').execute();
}
