// Starts the real server on an ephemeral loopback port with a fresh database of the layer's kind, and stops it after.
import type { FastifyInstance } from 'fastify';
import { buildApp, type TrustProxy } from '../../server/app';
import { createServices, type ServiceOptions } from '../../server/create-services';
import type { Services } from '../../server/services';
import type { DatabaseTarget } from '../../server/db/target';
import { adoptSimulator, leadFleet } from '../../server/fleet';
import type { ServerConfig } from '../../server/config';
import type { LiveLimits } from '../../server/live/socket-policy';
import type { ConnectionLimits } from '../../server/http/connection-limits';
import { seedFleet, startSimulator, type Simulator } from '../../server/sim';
import { freshDatabase, type TestDatabase } from './test-database';

export interface RunningServer {
  readonly app: FastifyInstance;
  readonly services: Services;
  /** e.g. http://127.0.0.1:41234 */
  readonly url: string;
  readonly database: DatabaseTarget;
  close(): Promise<void>;
}

export interface TestServerOptions extends Omit<Partial<ServiceOptions>, 'database'> {
  readonly staticDir?: string;
  /** Runs after the accounts are seeded and before the server listens (fixtures, fleet). */
  readonly prepare?: (services: Services) => Promise<void>;
  /** Installs the test-only fault injection (POST/DELETE /__test/fault, server/test-faults.ts). */
  readonly faults?: boolean;
  readonly trustProxy?: TrustProxy;
  /** The live sockets' limits; the server's defaults otherwise. */
  readonly liveLimits?: LiveLimits;
  /** Connection timeouts and the per-address cap; the server's defaults otherwise. */
  readonly connectionLimits?: Partial<ConnectionLimits>;
  /** Another running server's database, shared as a second instance would (left in place at close); a fresh one by default. */
  readonly sharedDatabase?: DatabaseTarget;
  /** A database made for this server (a seeded fleet's copy, say), dropped at close; a fresh empty one by default. */
  readonly database?: TestDatabase;
  /** Runs the simulator as the real server does: on this instance only while it leads (server/fleet.ts leadFleet). */
  readonly fleet?: { readonly sim: ServerConfig['sim']; readonly tickMs: number; readonly retryMs: number; readonly now?: () => number };
}

export async function startServer(options: TestServerOptions = {}): Promise<RunningServer> {
  const { sharedDatabase } = options;
  const fresh = sharedDatabase ? { target: sharedDatabase, drop: async () => undefined } : (options.database ?? (await freshDatabase()));
  const created = await createServices({ ...options, database: fresh.target });
  await options.prepare?.(created.services);
  const app = await buildApp({
    services: created.services, staticDir: options.staticDir, faults: options.faults, trustProxy: options.trustProxy, liveLimits: options.liveLimits,
    connectionLimits: options.connectionLimits,
  });
  if (options.fleet) {
    const { sim, ...timing } = options.fleet;
    await leadFleet(app, created.services, sim, { ...timing, log: { warn: () => undefined } }).ready;
  }
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    app,
    services: created.services,
    url,
    database: fresh.target,
    async close() {
      await app.close();
      await created.close();
      await fresh.drop();
    },
  };
}

export interface SimServer extends RunningServer {
  /** Driven by the test (no timer): alarms through `POST …/sim/alarm` or `raiseAlarm`, time through `tick`. */
  readonly simulator: Simulator;
}

interface SimServerOptions extends TestServerOptions {
  readonly seed: number;
  readonly trucks: number;
  /** Multiplies the simulator's alarm rates (and the incidents that raise them); 1 unless set. */
  readonly alarmRate?: number;
  /** The simulator's clock, read at seeding and start (then the test's ticks move it); real time unless set. */
  readonly now?: () => number;
}

/** A server with a seeded fleet and its simulator, ticked only by the test; `close` stops both. */
export async function startSimServer(options: SimServerOptions): Promise<SimServer> {
  const { seed, trucks, alarmRate, now = Date.now, prepare, ...rest } = options;
  const server = await startServer({
    ...rest,
    prepare: async (services) => {
      await seedFleet(services.db, { seed, trucks, now: now() });
      await prepare?.(services);
    },
  });
  const simulator = startSimulator(server.services, { seed, alarmRate, now, timer: false });
  await simulator.ready;
  const release = adoptSimulator(server.services, simulator);
  return {
    ...server,
    simulator,
    async close() {
      release();
      simulator.stop();
      await server.close();
    },
  };
}

/**
 * Closes a server a live worker called. A fetch the worker aborted before it was written (the session ended) leaves
 * undici's fresh connection without a request, which Node counts as active until its headers timeout, holding `close`
 * for a minute. Once the worker is closed no answer is owed, so every connection goes.
 */
export async function closeAfterWorker(server: RunningServer): Promise<void> {
  server.app.server.closeAllConnections();
  await server.close();
}
