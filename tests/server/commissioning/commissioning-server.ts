// A server for the commissioning check's tests: the real app on a test database (a small seeded fleet, or the one a
// caller hands in), with GET /deviceTest registered here while server/app.ts does not list it yet.
import { API_BASE_DEFAULT } from '../../../src/domain/wire/calls';
import { COMMISSIONING_CALL_PATH, type CommissioningAnswer } from '../../../src/domain/params/commissioning';
import { buildApp } from '../../../server/app';
import { commissioningRoutes } from '../../../server/commissioning/commissioning-route';
import { createServices } from '../../../server/create-services';
import { seedFleet } from '../../../server/sim';
import { call, login } from '../../helpers/api';
import type { RunningServer } from '../../helpers/server';
import { freshDatabase, type TestDatabase } from '../../helpers/test-database';
import type { Envelope } from '../../../src/domain/wire/envelope';
import type { Lang } from '../../../src/domain/i18n';

export interface CommissioningServerOptions {
  /** A database made for this server (a seeded 30-day fleet, say); a fresh one with six seeded trucks by default. */
  readonly database?: TestDatabase;
  /** The built console to serve (browser tests). */
  readonly staticDir?: string;
}

export async function startCommissioningServer(options: CommissioningServerOptions = {}): Promise<RunningServer> {
  const database = options.database ?? (await freshDatabase());
  const created = await createServices({ database: database.target });
  if (!options.database) await seedFleet(created.services.db, { seed: 15, trucks: 6 });
  const app = await buildApp({ services: created.services, staticDir: options.staticDir });
  if (!app.hasRoute({ method: 'GET', url: `${API_BASE_DEFAULT}${COMMISSIONING_CALL_PATH}` })) {
    await app.register(commissioningRoutes, { prefix: API_BASE_DEFAULT, services: created.services });
  }
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    app, services: created.services, url, database: database.target,
    async close() {
      await app.close();
      await created.close();
      await database.drop();
    },
  };
}

/** GET /deviceTest as a demo user. */
export async function deviceTest(server: RunningServer, truckId: number | string, user = 'admin', lang: Lang = 'zh'): Promise<Envelope<CommissioningAnswer>> {
  const { token } = await login(server.url, user);
  return call<CommissioningAnswer>(server.url, 'GET', COMMISSIONING_CALL_PATH, { token, query: { truckId }, lang });
}
