// Assembles the Fastify server: envelope errors, cookies, form bodies, the access guard, contract routes, the console.
import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import fastifyStatic from '@fastify/static';
import { API_BASE_DEFAULT } from '../domain/wire/calls';
import { installGuard } from './auth/guard';
import { isDatabaseUnavailable } from './db/errors';
import { roleFunctionRoutes } from './accounts/role-function-routes';
import { entityRoutes } from './entities/entity-routes';
import { entityTransferRoutes } from './entities/entity-transfer-routes';
import { thresholdRoutes } from './thresholds/threshold-routes';
import { exportQueueRoutes } from './exports/export-queue-routes';
import { failText } from './envelope';
import { answerClientError, answerFrameworkError } from './http/client-errors';
import { capConnections, DEFAULT_CONNECTION_LIMITS, trustedPeer, type ConnectionLimits } from './http/connection-limits';
import { installSecurityHeaders, securityHeaders } from './http/security-headers';
import { cachedValidators } from './http/validator-cache';
import { tileImageSources } from './map/map-settings';
import { registerLiveSockets } from './live/sockets';
import type { LiveLimits } from './live/socket-policy';
import { mapRoutes } from './map/map-routes';
import { indicatorRoutes } from './indicators/indicator-routes';
import { photoRoutes } from './photos/photo-routes';
import { trackRoutes } from './playback/track-routes';
import { videoRoutes } from './video/video-routes';
import { reportRoutes } from './reports/report-routes';
import { alarmRoutes } from './routes/alarm';
import { alarmInboxRoutes } from './routes/alarm-inbox';
import { alarmChoiceRoutes } from './routes/alarm-choice';
import { diagnosticsRoutes } from './routes/diagnostics';
import { downloadRoutes } from './routes/downloads';
import { fenceRoutes } from './routes/fence';
import { heartbeatRoutes } from './routes/heartbeat';
import { loginChallengeRoutes } from './routes/login-challenge';
import { passwordRoutes } from './routes/password';
import type { ContractPlugin } from './routes/plugin';
import { commissioningRoutes } from './commissioning/commissioning-route';
import { deviceFileRoutes } from './sends/device-file-routes';
import { sendRoutes } from './sends/send-routes';
import { quickVisitRoutes } from './routes/quick-visit';
import { sessionRoutes } from './routes/session';
import { truckHostRoutes, truckRoutes } from './routes/truck';
import type { Services } from './services';
import { installFaults } from './test-faults';

interface AppOptions {
  readonly services: Services;
  /** The built console (dist/); when missing, only the contract answers. */
  readonly staticDir?: string;
  readonly logger?: boolean;
  /** Tests only: installs the fault-injection endpoint (server/test-faults.ts). Never set from the environment. */
  readonly faults?: boolean;
  /**
   * Which proxies' `X-Forwarded-For` to believe for the caller's address (login limits, last login): false (the
   * default: the connection's peer), a number of proxy hops, or their addresses and CIDR ranges. See TRUST_PROXY.
   */
  readonly trustProxy?: TrustProxy;
  /** Tests only: the live sockets' limits (a status period of seconds rather than the console's 30, say). */
  readonly liveLimits?: LiveLimits;
  /** Timeouts and the per-address cap; DEFAULT_CONNECTION_LIMITS for what is not given (MAX_CONNECTIONS_PER_ADDRESS). */
  readonly connectionLimits?: Partial<ConnectionLimits>;
}

export type TrustProxy = false | number | readonly string[];

/** Paths that belong to the contract: they always answer JSON, never the console's HTML. */
const CONTRACT_PREFIXES = [API_BASE_DEFAULT, '/truckatgsub', '/truckAlarm'];

const isContractPath = (url: string) => CONTRACT_PREFIXES.some((prefix) => url === prefix || url.startsWith(`${prefix}/`));

/**
 * Route plugins under the shared client's base path: the spec's calls (and those it leaves "path not shown"), then our
 * own calls, which a server speaking exactly the spec's contract (CONTRACT=legacy) does not have.
 */
function apiPlugins(services: Services): readonly ContractPlugin[] {
  const password = passwordRoutes();
  const spec = [
    sessionRoutes, password.change, quickVisitRoutes, alarmRoutes, alarmChoiceRoutes, truckRoutes, heartbeatRoutes,
    fenceRoutes, downloadRoutes, reportRoutes, entityRoutes, entityTransferRoutes, roleFunctionRoutes, thresholdRoutes,
    sendRoutes, deviceFileRoutes, commissioningRoutes,
  ];
  const ours = [password.verify, alarmInboxRoutes, loginChallengeRoutes, diagnosticsRoutes, mapRoutes, trackRoutes, indicatorRoutes, photoRoutes, videoRoutes, exportQueueRoutes];
  return services.wire.extensionRoutes ? [...spec, ...ours] : spec;
}
/** Route plugins under the host root (the spec's full-URL calls). */
const HOST_PLUGINS: readonly ContractPlugin[] = [truckHostRoutes];

const BODY_LIMIT_BYTES = 1024 * 1024 + 64 * 1024; // the largest upload (1 MB) plus form overhead

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { services } = options;
  const trustProxy = options.trustProxy ?? false;
  const limits = { ...DEFAULT_CONNECTION_LIMITS, ...options.connectionLimits };
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: BODY_LIMIT_BYTES,
    // Slow clients: headers and whole requests have a deadline, idle kept-alive connections close. None of these
    // runs once a request has arrived, so a long answer (an export, a video segment) and an upgraded socket are never
    // cut; nor is there an idle timeout on the connection (connectionTimeout), which would cut an answer still queued.
    http: { headersTimeout: limits.headersTimeoutMs, connectionsCheckingInterval: limits.checkIntervalMs },
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    // A number of hops believes that many proxies nearest the server, as Fastify reads a number (its types lack it).
    trustProxy: typeof trustProxy === 'number' ? (_address: string, hop: number) => hop < trustProxy : trustProxy === false ? false : [...trustProxy],
    // Ajv coerces the text "Infinity" to a number, and in its default strict-number mode then skips the bounds of a
    // value that is not finite; without that mode every bound applies, and every number field has one (routes/plugin.ts).
    ajv: { customOptions: { strictNumbers: false } },
    schemaController: { compilersFactory: { buildValidator: cachedValidators } },
    clientErrorHandler: answerClientError,
    frameworkErrors: answerFrameworkError,
  });
  capConnections(app.server, limits.maxPerAddress, trustedPeer(trustProxy), (message) => app.log.warn(message));
  installSecurityHeaders(app, securityHeaders(tileImageSources(services.map)));
  await app.register(fastifyCookie);
  await app.register(fastifyFormbody);

  app.addHook('onRoute', (route) => {
    // A contract route without an access setting would skip the guard: refuse to start instead.
    if (isContractPath(route.url) && route.config?.access === undefined && route.method !== 'HEAD') {
      throw new Error(`${String(route.method)} ${route.url} has no access setting`);
    }
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    // Fastify has set the error's HTTP status by now; a refused request is still an envelope with HTTP 200.
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return reply.code(200).send(failText(request, 413, 'server.payloadTooLarge'));
    const problem = error.validation?.[0];
    if (problem) {
      const missing = problem.params['missingProperty'];
      if (problem.keyword === 'required' && typeof missing === 'string') {
        return reply.code(200).send(failText(request, 400, 'server.missingField', { field: missing }));
      }
      const name = problem.instancePath.replace(/^\//, '').replaceAll('/', '.') || (error.validationContext ?? 'body');
      const limit = problem.params['limit'];
      if (problem.keyword === 'maxLength' && typeof limit === 'number') {
        return reply.code(200).send(failText(request, 400, 'server.tooLong', { field: name, max: limit }));
      }
      return reply.code(200).send(failText(request, 400, 'server.badField', { field: name }));
    }
    if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
      // Fastify's own texts are English-only; the caller gets ours, the log keeps the detail.
      request.log.info({ err: error }, 'bad request');
      return reply.code(200).send(failText(request, 400, 'server.badRequest'));
    }
    if (isDatabaseUnavailable(error)) {
      // Not a fault of this request: the database is down or not answering; the next call may well succeed.
      request.log.warn({ err: error }, 'database unavailable');
      return reply.code(500).send(failText(request, 500, 'server.databaseUnavailable'));
    }
    request.log.error(error);
    return reply.code(500).send(failText(request, 500, 'server.internal'));
  });

  const testHooks = options.faults === true ? await installFaults(app) : undefined;
  installGuard(app, services);
  for (const plugin of apiPlugins(services)) await app.register(plugin, { prefix: API_BASE_DEFAULT, services, testHooks });
  for (const plugin of HOST_PLUGINS) await app.register(plugin, { services });
  await registerLiveSockets(app, services, options.liveLimits);

  const staticDir = options.staticDir;
  const hasConsole = staticDir !== undefined && fs.existsSync(path.join(staticDir, 'index.html'));
  if (hasConsole) await app.register(fastifyStatic, { root: staticDir, wildcard: false });

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    if (!isContractPath(url) && hasConsole && request.method === 'GET') {
      // The console routes on the client (/dashboard, /monitor/...): every such path loads the same page.
      return reply.type('text/html').sendFile('index.html');
    }
    return reply.send(failText(request, 404, 'server.notFound', { path: url }));
  });

  return app;
}
