// A server for the commissioning check's tests: the real app on a test database (a small seeded fleet, or the one a
// caller hands in).
import { COMMISSIONING_CALL_PATH, type CommissioningAnswer } from '../../../domain/params/commissioning';
import { seedFleet } from '../../../server/sim';
import { call, login } from '../../helpers/api';
import { startServer, type RunningServer } from '../../helpers/server';
import type { TestDatabase } from '../../helpers/test-database';
import type { Envelope } from '../../../domain/wire/envelope';
import type { Lang } from '../../../domain/i18n';

interface CommissioningServerOptions {
  /** A database made for this server (a seeded 30-day fleet, say); a fresh one with six seeded trucks by default. */
  readonly database?: TestDatabase;
  /** The built console to serve (browser tests). */
  readonly staticDir?: string;
}

export function startCommissioningServer(options: CommissioningServerOptions = {}): Promise<RunningServer> {
  return startServer({
    ...(options.database ? { database: options.database } : {}),
    staticDir: options.staticDir,
    prepare: async (services) => {
      if (!options.database) await seedFleet(services.db, { seed: 15, trucks: 6 });
    },
  });
}

/** GET /deviceTest as a demo user. */
export async function deviceTest(server: RunningServer, truckId: number | string, user = 'admin', lang: Lang = 'zh'): Promise<Envelope<CommissioningAnswer>> {
  const { token } = await login(server.url, user);
  return call<CommissioningAnswer>(server.url, 'GET', COMMISSIONING_CALL_PATH, { token, query: { truckId }, lang });
}
