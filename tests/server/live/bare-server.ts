// Only the live sockets on a fresh database, with shortened limits, for timing behaviour (open timeout, pings).
import Fastify from 'fastify';
import fastifyCookie from '@fastify/cookie';
import { createSession } from '../../../server/auth/sessions';
import { createServices, type ServiceOptions } from '../../../server/create-services';
import type { LiveSocketRegistry } from '../../../server/live/registry';
import { DEFAULT_LIVE_LIMITS, type LiveLimits } from '../../../server/live/socket-policy';
import { registerLiveSockets } from '../../../server/live/sockets';
import type { Services } from '../../../server/services';
import { freshDatabase } from '../../helpers/test-database';

export interface BareServer {
  readonly url: string;
  readonly services: Services;
  readonly registry: LiveSocketRegistry;
  /** A session token of the named demo user, made without the login route. */
  sessionOf(userName: string): Promise<string>;
  close(): Promise<void>;
}

/** `options` (the contract, session limits) go to createServices; `prepare` runs before the server listens. */
export async function startBareServer(
  limits: Partial<LiveLimits>,
  options: Omit<Partial<ServiceOptions>, 'database'> & { readonly prepare?: (services: Services) => Promise<void> } = {},
): Promise<BareServer> {
  const { prepare, ...serviceOptions } = options;
  const fresh = await freshDatabase();
  const created = await createServices({ ...serviceOptions, database: fresh.target });
  await prepare?.(created.services);
  const app = Fastify();
  await app.register(fastifyCookie);
  const registry = await registerLiveSockets(app, created.services, { ...DEFAULT_LIVE_LIMITS, ...limits });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    url,
    services: created.services,
    registry,
    async sessionOf(userName) {
      const user = await created.services.db.selectFrom('appUser').select('id').where('userName', '=', userName).executeTakeFirstOrThrow();
      return createSession(created.services.db, user.id, '127.0.0.1');
    },
    async close() {
      await app.close();
      await created.close();
      await fresh.drop();
    },
  };
}
