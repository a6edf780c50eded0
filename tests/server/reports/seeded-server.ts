// One server over the simulator's default fleet (80 trucks, 30 days of history), as `npm start` creates it, with a
// session per demo account: what every report test reads.
import type { ReportDef } from '../../../domain/screens/reports/definition';
import { reportCallPath } from '../../../domain/screens/reports/registry';
import { TOTALS_SUFFIX, type ReportPage, type ReportTotals } from '../../../domain/screens/reports/wire';
import { expect } from 'vitest';
import type { Envelope } from '../../../domain/wire/envelope';
import { call, login } from '../../helpers/api';
import { seededFleetDatabase } from '../../helpers/seeded-fleet';
import { startServer, type RunningServer } from '../../helpers/server';

export const DEFAULT_SIM = { enabled: true, seed: 20261122, trucks: 80, alarmRate: 1, backfillDays: 30 } as const;

export interface SeededServer {
  readonly server: RunningServer;
  readonly tokens: Readonly<Record<'admin' | 'operator' | 'garden', string>>;
  /** The page and the totals call of the same query, as one answer (the first failure when either failed). */
  page(def: ReportDef, user: 'admin' | 'operator' | 'garden', query?: Record<string, string | number>, lang?: 'zh' | 'en'): Promise<Envelope<ReportPage & ReportTotals>>;
}

export async function startSeededServer(): Promise<SeededServer> {
  const server = await startServer({ database: await seededFleetDatabase(DEFAULT_SIM) });
  const [admin, operator, garden] = await Promise.all(['admin', 'operator', 'garden'].map((user) => login(server.url, user)));
  if (!admin || !operator || !garden) throw new Error('a demo login failed');
  const tokens = { admin: admin.token, operator: operator.token, garden: garden.token };
  return {
    server,
    tokens,
    async page(def, user, query = {}, lang) {
      const options = { token: tokens[user], query, lang };
      const [page, totals] = await Promise.all([
        call<ReportPage>(server.url, 'GET', reportCallPath(def), options),
        call<ReportTotals>(server.url, 'GET', `${reportCallPath(def)}${TOTALS_SUFFIX}`, options),
      ]);
      if (page.resultCode !== 200) return { ...page, data: { rows: [], hasMore: false, total: 0 } };
      if (totals.resultCode !== 200) return { ...totals, data: { rows: [], hasMore: false, total: 0 } };
      expect(totals.message).toBe(page.message);
      return { ...page, data: { ...page.data, ...totals.data } };
    },
  };
}
